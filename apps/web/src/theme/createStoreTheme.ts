// The MUI theme of a storefront, built from its merged config (SPEC §3, §9). This file is the only
// place colours live: components read them from the theme (`color="primary"`, `theme.palette.store`).
import type { StorefrontConfig, ThemeColors } from '@store/domain';
import { createTheme, type Theme } from '@mui/material/styles';

/** Brand colours with no MUI palette slot, kept under `theme.palette.store`. */
export type StorePalette = Omit<
  ThemeColors,
  'primary' | 'secondary' | 'error' | 'defaultBackground' | 'defaultFont'
>;

/** Layout constants of the storefront, under `theme.store`. */
export interface StoreLayout {
  /** SPEC §9 container widths in px: 1200 for content, 1600 for full-width sections. */
  containerWidths: { sub: number; main: number };
  /** SPEC §9 small-screen breakpoint in px (670). */
  smallScreen: number;
  buttonHeight: number;
}

declare module '@mui/material/styles' {
  interface Palette {
    store: StorePalette;
  }
  interface PaletteOptions {
    store?: StorePalette;
  }
  interface Theme {
    store: StoreLayout;
  }
  interface ThemeOptions {
    store?: StoreLayout;
  }
}

/** Corner radius without the rounded-borders flag: MUI's default. */
export const SQUARE_RADIUS = 4;

export function createStoreTheme(config: StorefrontConfig): Theme {
  const { theme, flags } = config;
  const { colors, fontSizes } = theme;
  const px = (size: number) => `${size / 16}rem`;
  const { primary, secondary, error, defaultBackground, defaultFont, ...store } = colors;

  return createTheme({
    palette: {
      primary: { main: primary, light: colors.primaryLight },
      secondary: { main: secondary },
      error: { main: error },
      background: { default: defaultBackground, paper: defaultBackground },
      text: { primary: defaultFont },
      store,
    },
    breakpoints: { values: theme.breakpoints },
    spacing: theme.spacing,
    shape: { borderRadius: flags.enableRoundedBorders ? theme.roundedBorderRadius : SQUARE_RADIUS },
    // SPEC §9 font sizes; rem so the reader's browser font size still scales them.
    typography: {
      fontFamily: theme.fontFamily,
      h1: { fontSize: px(fontSizes.h1), fontWeight: 700, lineHeight: 1.2 },
      h2: { fontSize: px(fontSizes.h2), fontWeight: 700, lineHeight: 1.25 },
      h3: { fontSize: px(fontSizes.h3), fontWeight: 600, lineHeight: 1.3 },
      subtitle1: { fontSize: px(fontSizes.paragraphLarge) },
      body1: { fontSize: px(fontSizes.paragraph) },
      subtitle2: { fontSize: px(fontSizes.paragraphAlt) },
      body2: { fontSize: px(fontSizes.paragraphSmall) },
      overline: { fontSize: px(fontSizes.smallHeading), fontWeight: 600, letterSpacing: '0.08em' },
      caption: { fontSize: px(fontSizes.smallHeading) },
      // Sentence-case labels read better; the spec's action labels are already written in capitals.
      button: { fontSize: px(fontSizes.paragraph), fontWeight: 600, textTransform: 'none' },
    },
    store: {
      containerWidths: theme.containerWidths,
      smallScreen: theme.smallScreen,
      buttonHeight: theme.buttonHeight,
    },
    components: {
      // MUI's ripple already lasts 550 ms (SPEC §9).
      MuiButton: {
        styleOverrides: { root: { minHeight: theme.buttonHeight, paddingInline: 24 } },
      },
      MuiButtonBase: {
        styleOverrides: {
          root: {
            '&.Mui-focusVisible': { outline: `3px solid ${colors.infoLinkText}`, outlineOffset: 2 },
          },
        },
      },
      MuiLink: {
        defaultProps: { underline: 'hover' },
        styleOverrides: {
          root: {
            '&:focus-visible': {
              outline: `3px solid ${colors.infoLinkText}`,
              outlineOffset: 2,
              borderRadius: 2,
            },
          },
        },
      },
      // Sub-texts are paragraphs, not headings: MUI would draw subtitle1/2 as <h6>, which breaks
      // the page's heading order for screen readers (issue 19, Lighthouse heading-order).
      MuiTypography: {
        defaultProps: { variantMapping: { subtitle1: 'p', subtitle2: 'p' } },
      },
      MuiContainer: {
        defaultProps: { maxWidth: false },
        styleOverrides: { root: { maxWidth: theme.containerWidths.sub } },
      },
    },
  });
}

/**
 * The neutral theme for the moments before a storefront's config has loaded (its loading and
 * connection-error states): MUI's colours, the spec's type scale.
 */
export function createFallbackTheme(): Theme {
  return createTheme({
    typography: {
      fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif',
      h2: { fontSize: '1.875rem', fontWeight: 700, lineHeight: 1.25 },
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: { MuiButton: { styleOverrides: { root: { minHeight: 48, paddingInline: 24 } } } },
  });
}
