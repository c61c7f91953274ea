// Stands in for @mui/material/styles/ThemeProvider in the build (vite.config.ts, muiWithoutCssVars):
// MUI's picks its CSS-variables provider when a theme has colour schemes, which ours never have;
// this renders the plain provider only, as MUI's does for such a theme (vars: null, so no theme
// inherits an outer one's variables).
import type { ReactNode } from 'react';
// @ts-expect-error MUI's own module, not in its public types.
import ThemeProviderNoVars from 'mui-internal:ThemeProviderNoVars';

export default function ThemeProvider({ theme, ...props }: { theme: object | ((outer: object) => object); children?: ReactNode }) {
  const noVars = typeof theme === 'function' ? theme : { ...theme, vars: null };
  return <ThemeProviderNoVars theme={noVars} {...props} />;
}
