import { describe, expect, it } from 'vitest';
import { makeTestConfig } from '@/test/config';
import { SQUARE_RADIUS, createStoreTheme } from './createStoreTheme';

describe('createStoreTheme', () => {
  it('takes the primary colour and the other palette colours from the config', () => {
    const config = makeTestConfig({
      theme: {
        colors: {
          primary: '#123456',
          secondary: '#abcdef',
          error: '#aa0000',
          defaultBackground: '#fafafa',
          defaultFont: '#111111',
          navBackground: '#222222',
        },
      },
    });
    const theme = createStoreTheme(config);
    expect(theme.palette.primary.main).toBe('#123456');
    expect(theme.palette.secondary.main).toBe('#abcdef');
    expect(theme.palette.error.main).toBe('#aa0000');
    expect(theme.palette.background.default).toBe('#fafafa');
    expect(theme.palette.text.primary).toBe('#111111');
    expect(theme.palette.store.navBackground).toBe('#222222');
  });

  it('uses the rounded radius only when enableRoundedBorders is on', () => {
    const square = createStoreTheme(makeTestConfig({ flags: { enableRoundedBorders: false } }));
    const rounded = createStoreTheme(makeTestConfig({ flags: { enableRoundedBorders: true } }));
    expect(square.shape.borderRadius).toBe(SQUARE_RADIUS);
    expect(rounded.shape.borderRadius).toBe(20);
  });

  it('takes breakpoints, spacing, button height and font sizes from the config', () => {
    const theme = createStoreTheme(
      makeTestConfig({
        theme: { breakpoints: { md: 900 }, buttonHeight: 52, fontSizes: { h1: 40 } },
      }),
    );
    expect(theme.breakpoints.values).toEqual({ xs: 0, sm: 600, md: 900, lg: 1280, xl: 1920 });
    expect(theme.spacing(1)).toBe('8px');
    expect(theme.typography.h1.fontSize).toBe('2.5rem');
    expect(theme.typography.h2.fontSize).toBe(`${30 / 16}rem`);
    expect(theme.store.buttonHeight).toBe(52);
    const buttonRoot = theme.components?.MuiButton?.styleOverrides?.root as { minHeight: number };
    expect(buttonRoot.minHeight).toBe(52);
  });

  it('defaults to 48 px buttons and 8 px spacing (SPEC §9)', () => {
    const theme = createStoreTheme(makeTestConfig());
    expect(theme.store.buttonHeight).toBe(48);
    expect(theme.spacing(2)).toBe('16px');
  });
});
