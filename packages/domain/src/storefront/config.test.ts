import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CONFIG_CORE,
  DEFAULT_DISPLAY_PAGES,
  DEFAULT_FEATURE_FLAGS,
  DEFAULT_SETTINGS,
  DEFAULT_THEME,
  FEATURE_FLAGS,
  deepMerge,
  mergeStorefrontConfig,
  storefrontOverridesSchema,
} from './config.ts';

describe('theme defaults', () => {
  it.each<[string, unknown, unknown]>([
    // SPEC §9 "Spacing 8"
    ['spacing', DEFAULT_THEME.spacing, 8],
    // SPEC §9 "Button height 48"
    ['button height', DEFAULT_THEME.buttonHeight, 48],
    // SPEC §9 "rounded-border radius 20 when enabled"
    ['rounded border radius', DEFAULT_THEME.roundedBorderRadius, 20],
    // SPEC §9 "breakpoints xs 0, sm 600, md 960, lg 1280, xl 1920"
    ['breakpoints', DEFAULT_THEME.breakpoints, { xs: 0, sm: 600, md: 960, lg: 1280, xl: 1920 }],
    // SPEC §9 "container widths 1200 (sub) and 1600 (main)"
    ['container widths', DEFAULT_THEME.containerWidths, { sub: 1200, main: 1600 }],
    // SPEC §9 "small-screen breakpoint 670px"
    ['small screen', DEFAULT_THEME.smallScreen, 670],
    // SPEC §9 "Font sizes: h1 38, h2 30, h3 20, paragraph 18, 16, 14 and 15, small heading 12"
    [
      'font sizes',
      DEFAULT_THEME.fontSizes,
      {
        h1: 38,
        h2: 30,
        h3: 20,
        paragraphLarge: 18,
        paragraph: 16,
        paragraphSmall: 14,
        paragraphAlt: 15,
        smallHeading: 12,
      },
    ],
  ])('%s', (_name, actual, expected) => {
    // SPEC §9 business constants: theme defaults
    expect(actual).toEqual(expected);
  });

  it('has a dark green primary colour', () => {
    // SPEC §9 "Brand primary colour defaults to a dark green"
    const hex = DEFAULT_THEME.colors.primary;
    expect(hex).toMatch(/^#[0-9a-f]{6}$/i);
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [
      number,
      number,
      number,
    ];
    expect(g).toBeGreaterThan(r);
    expect(g).toBeGreaterThan(b);
    expect(r + g + b).toBeLessThan(3 * 128);
  });
});

describe('feature flags', () => {
  it('has exactly the 13 spec flags, all false', () => {
    // SPEC §3 "Feature flags, all default false": the 13 named flags
    expect(FEATURE_FLAGS).toEqual([
      'enableRoundedBorders',
      'hideIncentiveBanner',
      'disableOpenCartEntryPage',
      'hidePriceAndCycleProductPage',
      'hideFeatureInfoImages',
      'leftAlignFeatureInfoText',
      'firstFeatureInfoExtraMarginTop',
      'overrideMTMPWithSPHomePage',
      'productImageTopOnMobile',
      'pricePerCycleBottomOnMobile',
      'enableDonationsSummaryPage',
      'useAltHeroTitleAndDesc',
      'useAltTextAndSubTextWrapper',
    ]);
    expect(Object.keys(DEFAULT_FEATURE_FLAGS)).toHaveLength(13);
    expect(Object.values(DEFAULT_FEATURE_FLAGS).every((v) => v === false)).toBe(true);
  });

  it('shows no optional checkout page by default', () => {
    // SPEC §2 pre pages are shown "if that display page is enabled"
    expect(DEFAULT_SETTINGS.displayPages).toEqual({
      preQuestionnaire: false,
      preShipping: false,
      preScheduling: false,
      preDoctorConfirmation: false,
      prePayment: false,
      greeting: false,
    });
  });
});

describe('deepMerge', () => {
  type Shape = { a: number; nested: { b: string; c: number[]; d: { e: boolean } }; list: string[] };
  const defaults: Shape = {
    a: 1,
    nested: { b: 'x', c: [1, 2], d: { e: false } },
    list: ['p', 'q'],
  };

  it.each<[string, unknown, Shape]>([
    // SPEC §3 "Runtime configuration is merged over these defaults": nothing given keeps defaults
    ['undefined overrides', undefined, defaults],
    ['null overrides', null, defaults],
    ['empty overrides', {}, defaults],
    // SPEC §3 merged: a nested key overrides only itself
    [
      'nested override',
      { nested: { d: { e: true } } },
      { a: 1, nested: { b: 'x', c: [1, 2], d: { e: true } }, list: ['p', 'q'] },
    ],
    // SPEC §3 merged: arrays replace, they do not concatenate
    [
      'arrays replace',
      { list: ['z'], nested: { c: [] } },
      { a: 1, nested: { b: 'x', c: [], d: { e: false } }, list: ['z'] },
    ],
    // SPEC §3 merged: an undefined value keeps the default
    ['undefined keeps default', { a: undefined, nested: { b: undefined } }, defaults],
    // SPEC §3 merged over these defaults: unknown keys are dropped
    [
      'unknown keys dropped',
      { a: 2, extra: 'no', nested: { zz: 1 } },
      { a: 2, nested: { b: 'x', c: [1, 2], d: { e: false } }, list: ['p', 'q'] },
    ],
  ])('%s', (_name, overrides, expected) => {
    // SPEC §3 "Runtime configuration is merged over these defaults"
    expect(deepMerge(defaults, overrides as never)).toEqual(expected);
  });

  it('does not mutate the defaults', () => {
    // SPEC §3 defaults stay the defaults after any merge
    const before = JSON.stringify(DEFAULT_CONFIG_CORE);
    const merged = mergeStorefrontConfig({
      theme: { colors: { primary: '#000000' }, spacing: 4 },
      flags: { enableRoundedBorders: true },
      settings: { displayPages: { greeting: true } },
    });
    expect(JSON.stringify(DEFAULT_CONFIG_CORE)).toBe(before);
    expect(DEFAULT_THEME.colors.primary).not.toBe('#000000');
    expect(DEFAULT_DISPLAY_PAGES.greeting).toBe(false);
    expect(merged.theme.colors.primary).toBe('#000000');
    expect(merged.theme.colors.secondary).toBe(DEFAULT_THEME.colors.secondary);
    expect(merged.theme.spacing).toBe(4);
    expect(merged.flags.enableRoundedBorders).toBe(true);
    expect(merged.flags.hideIncentiveBanner).toBe(false);
    expect(merged.settings.displayPages).toEqual({ ...DEFAULT_DISPLAY_PAGES, greeting: true });
    expect(merged.settings.pharmacyChoice).toBe(DEFAULT_SETTINGS.pharmacyChoice);
  });
});

describe('storefrontOverridesSchema', () => {
  it.each<[string, unknown, boolean]>([
    // SPEC §3 theme overrides and feature flags may be stored
    [
      'colour and flag',
      { theme: { colors: { primary: '#112233' } }, flags: { hideIncentiveBanner: true } },
      true,
    ],
    ['empty', {}, true],
    // SPEC §3 colours are colours
    ['bad colour', { theme: { colors: { primary: 'green' } } }, false],
    // SPEC §3 flags are booleans
    ['non-boolean flag', { flags: { hideIncentiveBanner: 'yes' } }, false],
    // SPEC §3 only the known sections
    ['unknown section', { extra: {} }, false],
  ])('%s → valid %s', (_name, input, expected) => {
    // SPEC §3 store theme configuration and feature flags
    expect(storefrontOverridesSchema.safeParse(input).success).toBe(expected);
  });
});
