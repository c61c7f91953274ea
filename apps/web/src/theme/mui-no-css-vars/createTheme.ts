// Stands in for @mui/material/styles/createTheme in the build (vite.config.ts, muiWithoutCssVars):
// our themes never use CSS variables or colour schemes, and MUI's createTheme imports the CSS-variable
// theme builder whatever the options, about 20 KB the first page would download for nothing (issue
// 19's budget). Same answer as MUI's for options without `cssVariables` or `colorSchemes`.
import type { ThemeOptions } from '@mui/material/styles';
// @ts-expect-error MUI's own module, not in its public types.
import createThemeNoVars from 'mui-internal:createThemeNoVars';

export default function createTheme(options: ThemeOptions = {}, ...args: object[]) {
  if ('cssVariables' in options || 'colorSchemes' in options) {
    throw new Error('This build leaves out MUI CSS variables and colour schemes (see vite.config.ts).');
  }
  return createThemeNoVars(options, ...args);
}
