// Storefront configuration: theme defaults, the 13 feature flags and the operator's settings.
// A storefront stores only its overrides; the effective config is the deep merge over these
// defaults (SPEC §3 "Runtime configuration is merged over these defaults", SPEC §9 constants).
import { z } from 'zod';

// SPEC §3: the feature flags, all default false.
export const FEATURE_FLAGS = [
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
] as const;
export type FeatureFlag = (typeof FEATURE_FLAGS)[number];
export type FeatureFlags = Record<FeatureFlag, boolean>;

export const DEFAULT_FEATURE_FLAGS: FeatureFlags = Object.fromEntries(
  FEATURE_FLAGS.map((flag) => [flag, false]),
) as FeatureFlags;

export interface ThemeColors {
  primary: string;
  secondary: string;
  primaryLight: string;
  primaryLightest: string;
  navLink: string;
  navBackground: string;
  checkoutHeaderBackground: string;
  backText: string;
  signInText: string;
  infoLinkText: string;
  defaultBackground: string;
  defaultFont: string;
  pendingStatus: string;
  error: string;
  shippingError: string;
}

export interface StorefrontTheme {
  colors: ThemeColors;
  fontFamily: string;
  // SPEC §9 font sizes in px.
  fontSizes: {
    h1: number;
    h2: number;
    h3: number;
    paragraphLarge: number;
    paragraph: number;
    paragraphSmall: number;
    paragraphAlt: number;
    smallHeading: number;
  };
  containerWidths: { sub: number; main: number };
  breakpoints: { xs: number; sm: number; md: number; lg: number; xl: number };
  smallScreen: number;
  spacing: number;
  buttonHeight: number;
  roundedBorderRadius: number;
}

// SPEC §9: dark green brand primary, container widths 1200/1600, breakpoints, fonts, spacing 8,
// button height 48, radius 20 when rounded borders are on.
export const DEFAULT_THEME: StorefrontTheme = {
  colors: {
    primary: '#1b4d3e',
    secondary: '#f2a541',
    primaryLight: '#4f7f6f',
    primaryLightest: '#e8f1ee',
    navLink: '#1b4d3e',
    navBackground: '#ffffff',
    checkoutHeaderBackground: '#e8f1ee',
    backText: '#1b4d3e',
    signInText: '#1b4d3e',
    infoLinkText: '#1b6b8a',
    defaultBackground: '#ffffff',
    defaultFont: '#1f2a27',
    pendingStatus: '#b26a00',
    error: '#c62828',
    shippingError: '#c62828',
  },
  fontFamily: '"Helvetica Neue", Arial, sans-serif',
  fontSizes: {
    h1: 38,
    h2: 30,
    h3: 20,
    paragraphLarge: 18,
    paragraph: 16,
    paragraphSmall: 14,
    paragraphAlt: 15,
    smallHeading: 12,
  },
  containerWidths: { sub: 1200, main: 1600 },
  breakpoints: { xs: 0, sm: 600, md: 960, lg: 1280, xl: 1920 },
  smallScreen: 670,
  spacing: 8,
  buttonHeight: 48,
  roundedBorderRadius: 20,
};

/** Which optional pages of the checkout the operator shows (SPEC §2 "if that display page is enabled"). */
export interface DisplayPages {
  preQuestionnaire: boolean;
  preShipping: boolean;
  preScheduling: boolean;
  preDoctorConfirmation: boolean;
  prePayment: boolean;
  greeting: boolean;
}

export interface StorefrontContent {
  heroTitle: string;
  heroDescription: string;
  altHeroTitle: string;
  altHeroDescription: string;
  incentiveBanner: string;
  /** Texts shown on the pre-pages and greeting page, keyed like DisplayPages. */
  prePageTexts: Record<keyof DisplayPages, { title: string; body: string }>;
  /** How long an asynchronous review usually takes, shown on doctor confirmation. */
  typicalReviewTime: string;
}

export interface StorefrontSettings {
  /** Patients may choose their pharmacy (SPEC §3 applicationSettings.PharmacyChoice). */
  pharmacyChoice: boolean;
  /** Hide the BMI read-out in the questionnaire (SPEC §3 applicationSettings.HideBMI). */
  hideBmi: boolean;
  displayPages: DisplayPages;
  supportPhone: string;
  supportEmail: string;
  /** SPEC §8 "At this time, you cannot add multiple products to the same order." when on. */
  oneConsultProductPerOrder: boolean;
  /** Hours a guest order id is kept in the browser before it is forgotten. */
  guestOrderTtlHours: number;
  /** Reference to this storefront's tax settings (tax_rates rows belong to the storefront). */
  taxSettingsRef: string | null;
}

export interface StorefrontConfigCore {
  theme: StorefrontTheme;
  flags: FeatureFlags;
  settings: StorefrontSettings;
  content: StorefrontContent;
}

/** The merged configuration the server serves at GET /api/storefront. */
export interface StorefrontConfig extends StorefrontConfigCore {
  id: string;
  companyId: string;
  name: string;
}

export const DEFAULT_DISPLAY_PAGES: DisplayPages = {
  preQuestionnaire: false,
  preShipping: false,
  preScheduling: false,
  preDoctorConfirmation: false,
  prePayment: false,
  greeting: false,
};

export const DEFAULT_SETTINGS: StorefrontSettings = {
  pharmacyChoice: true,
  hideBmi: false,
  displayPages: DEFAULT_DISPLAY_PAGES,
  supportPhone: '',
  supportEmail: '',
  oneConsultProductPerOrder: true,
  guestOrderTtlHours: 72,
  taxSettingsRef: null,
};

export const DEFAULT_CONTENT: StorefrontContent = {
  heroTitle: 'Care from licensed doctors, delivered to your door',
  heroDescription:
    'Answer a short online visit, a licensed doctor reviews it, and your treatment ships from a US pharmacy.',
  altHeroTitle: 'Treatment plans made for you',
  altHeroDescription: 'Start an online visit in minutes. No waiting rooms.',
  incentiveBanner: 'Free shipping on every order',
  prePageTexts: {
    preQuestionnaire: {
      title: 'A few questions about your health',
      body: 'Your answers help the doctor decide whether this treatment is right for you.',
    },
    preShipping: { title: 'Where should we send it?', body: 'Tell us where to ship your order.' },
    preScheduling: {
      title: 'Meet your doctor',
      body: 'Pick a time that suits you for a visit with a licensed doctor.',
    },
    preDoctorConfirmation: {
      title: 'Your doctor will review your answers',
      body: 'No appointment needed: a licensed doctor reviews your visit.',
    },
    prePayment: { title: 'Almost done', body: 'Review your order and pay.' },
    greeting: { title: 'Welcome back', body: 'Let us finish your order.' },
  },
  typicalReviewTime: 'within 24 hours',
};

export const DEFAULT_CONFIG_CORE: StorefrontConfigCore = {
  theme: DEFAULT_THEME,
  flags: DEFAULT_FEATURE_FLAGS,
  settings: DEFAULT_SETTINGS,
  content: DEFAULT_CONTENT,
};

export type DeepPartial<T> = T extends readonly unknown[]
  ? T
  : T extends object
    ? { [K in keyof T]?: DeepPartial<T[K]> }
    : T;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Deep merge of runtime overrides over defaults. Objects merge key by key; arrays and scalars
 * replace; `undefined` keeps the default; keys unknown to the defaults are dropped so a stale
 * override cannot inject settings nobody reads.
 */
export function deepMerge<T>(defaults: T, overrides: DeepPartial<T> | undefined | null): T {
  if (overrides === undefined || overrides === null) return defaults;
  if (!isPlainObject(defaults) || !isPlainObject(overrides)) {
    return overrides as T;
  }
  const result: Record<string, unknown> = { ...defaults };
  for (const key of Object.keys(defaults)) {
    const override = (overrides as Record<string, unknown>)[key];
    if (override === undefined) continue;
    result[key] = deepMerge((defaults as Record<string, unknown>)[key], override as never);
  }
  return result as T;
}

export function mergeStorefrontConfig(
  overrides: DeepPartial<StorefrontConfigCore> | undefined | null,
): StorefrontConfigCore {
  return deepMerge<StorefrontConfigCore>(DEFAULT_CONFIG_CORE, overrides);
}

const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Use a colour like #1b4d3e.');

/** What an operator may store as overrides; validated before it is written. */
export const storefrontOverridesSchema = z
  .object({
    theme: z
      .object({
        colors: z.record(z.string(), hexColor).optional(),
        fontFamily: z.string().min(1).optional(),
      })
      .passthrough()
      .optional(),
    flags: z.object(Object.fromEntries(FEATURE_FLAGS.map((f) => [f, z.boolean().optional()]))).optional(),
    settings: z.record(z.string(), z.unknown()).optional(),
    content: z.record(z.string(), z.unknown()).optional(),
  })
  .strict();

// ---------------------------------------------------------------------------------------------
// The whole configuration as an operator edits it (issue 18): every field of the theme (SPEC §3
// colour set with pendingStatus, errorColor and shippingError; SPEC §9 fonts, sizes, widths,
// rounded borders), the 13 flags, the application settings and the texts, each with its bounds and
// a message the console shows beside the field. Both the console's form and the server use it.

export const THEME_COLOR_KEYS = [
  'primary',
  'secondary',
  'primaryLight',
  'primaryLightest',
  'navLink',
  'navBackground',
  'checkoutHeaderBackground',
  'backText',
  'signInText',
  'infoLinkText',
  'defaultBackground',
  'defaultFont',
  'pendingStatus',
  'error',
  'shippingError',
] as const satisfies readonly (keyof ThemeColors)[];

export const FONT_SIZE_KEYS = [
  'h1',
  'h2',
  'h3',
  'paragraphLarge',
  'paragraph',
  'paragraphSmall',
  'paragraphAlt',
  'smallHeading',
] as const satisfies readonly (keyof StorefrontTheme['fontSizes'])[];

export const DISPLAY_PAGE_KEYS = [
  'preQuestionnaire',
  'preShipping',
  'preScheduling',
  'preDoctorConfirmation',
  'prePayment',
  'greeting',
] as const satisfies readonly (keyof DisplayPages)[];

function wholeNumber(min: number, max: number, what: string) {
  return z
    .number({ error: `Enter ${what} as a number.` })
    .int({ error: `Enter ${what} as a whole number.` })
    .min(min, { error: `Use ${min} to ${max}.` })
    .max(max, { error: `Use ${min} to ${max}.` });
}

function text(max: number, required: string | null) {
  const base = z.string().trim().max(max, { error: `Keep it to ${max} characters.` });
  return required ? base.min(1, { error: required }) : base;
}

/** A CSS font stack: names, quotes, commas and spaces only (it is written into the page's CSS). */
export const fontFamilySchema = z
  .string()
  .trim()
  .min(1, { error: 'Enter a font, e.g. Georgia, serif.' })
  .max(200, { error: 'Keep it to 200 characters.' })
  .regex(/^[A-Za-z0-9 ,"'-]+$/, { error: 'Use font names, quotes and commas only, e.g. "Helvetica Neue", Arial, sans-serif.' });

export const themeColorSchema = hexColor;

export const storefrontThemeSchema = z
  .object({
    colors: z.object(Object.fromEntries(THEME_COLOR_KEYS.map((k) => [k, hexColor])) as Record<(typeof THEME_COLOR_KEYS)[number], typeof hexColor>).strict(),
    fontFamily: fontFamilySchema,
    fontSizes: z
      .object(
        Object.fromEntries(FONT_SIZE_KEYS.map((k) => [k, wholeNumber(8, 96, 'a size in pixels')])) as Record<
          (typeof FONT_SIZE_KEYS)[number],
          z.ZodNumber
        >,
      )
      .strict(),
    containerWidths: z
      .object({ sub: wholeNumber(320, 3840, 'a width in pixels'), main: wholeNumber(320, 3840, 'a width in pixels') })
      .strict(),
    breakpoints: z
      .object({
        xs: wholeNumber(0, 0, 'a width in pixels'),
        sm: wholeNumber(320, 4000, 'a width in pixels'),
        md: wholeNumber(320, 4000, 'a width in pixels'),
        lg: wholeNumber(320, 4000, 'a width in pixels'),
        xl: wholeNumber(320, 4000, 'a width in pixels'),
      })
      .strict()
      .refine((b) => b.sm < b.md && b.md < b.lg && b.lg < b.xl, { error: 'Breakpoints must grow: sm < md < lg < xl.' }),
    smallScreen: wholeNumber(320, 4000, 'a width in pixels'),
    spacing: wholeNumber(2, 16, 'a spacing in pixels'),
    buttonHeight: wholeNumber(32, 80, 'a height in pixels'),
    roundedBorderRadius: wholeNumber(0, 48, 'a radius in pixels'),
  })
  .strict();

export const featureFlagsSchema = z
  .object(Object.fromEntries(FEATURE_FLAGS.map((f) => [f, z.boolean()])) as Record<FeatureFlag, z.ZodBoolean>)
  .strict();

const optionalEmail = z
  .string()
  .trim()
  .max(200, { error: 'Keep it to 200 characters.' })
  .refine((v) => v === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), {
    error: 'You have entered an incorrect email format. Please check spelling and try again.',
  });

const optionalPhone = z
  .string()
  .trim()
  .max(40, { error: 'Keep it to 40 characters.' })
  .refine((v) => v === '' || v.replace(/\D/g, '').length >= 10, { error: 'Enter a phone number with at least 10 digits.' });

export const storefrontSettingsSchema = z
  .object({
    pharmacyChoice: z.boolean(),
    hideBmi: z.boolean(),
    displayPages: z
      .object(Object.fromEntries(DISPLAY_PAGE_KEYS.map((k) => [k, z.boolean()])) as Record<(typeof DISPLAY_PAGE_KEYS)[number], z.ZodBoolean>)
      .strict(),
    supportPhone: optionalPhone,
    supportEmail: optionalEmail,
    oneConsultProductPerOrder: z.boolean(),
    guestOrderTtlHours: wholeNumber(1, 720, 'hours'),
    taxSettingsRef: z.string().trim().max(100, { error: 'Keep it to 100 characters.' }).nullable(),
  })
  .strict();

const pageText = z
  .object({ title: text(120, 'Enter a title.'), body: text(1000, null) })
  .strict();

export const storefrontContentSchema = z
  .object({
    heroTitle: text(160, 'Enter the home page title.'),
    heroDescription: text(600, null),
    altHeroTitle: text(160, 'Enter the alternative title.'),
    altHeroDescription: text(600, null),
    incentiveBanner: text(160, null),
    prePageTexts: z
      .object(Object.fromEntries(DISPLAY_PAGE_KEYS.map((k) => [k, pageText])) as Record<(typeof DISPLAY_PAGE_KEYS)[number], typeof pageText>)
      .strict(),
    typicalReviewTime: text(80, 'Say how long a review usually takes, e.g. within 24 hours.'),
  })
  .strict();

/** The complete theme, flags, settings and texts (not overrides): what a storefront version holds. */
export const storefrontConfigCoreSchema = z
  .object({
    theme: storefrontThemeSchema,
    flags: featureFlagsSchema,
    settings: storefrontSettingsSchema,
    content: storefrontContentSchema,
  })
  .strict();

/**
 * The overrides that give `config` over the defaults: only the leaves that differ (issue 18: a
 * published version is stored as overrides, so an untouched value follows the defaults).
 */
export function configOverrides(config: StorefrontConfigCore): DeepPartial<StorefrontConfigCore> {
  function diff(defaults: unknown, value: unknown): unknown {
    if (isPlainObject(defaults) && isPlainObject(value)) {
      const out: Record<string, unknown> = {};
      for (const key of Object.keys(value)) {
        const d = diff(defaults[key], value[key]);
        if (d !== undefined) out[key] = d;
      }
      return Object.keys(out).length > 0 ? out : undefined;
    }
    return JSON.stringify(defaults) === JSON.stringify(value) ? undefined : value;
  }
  const result = (diff(DEFAULT_CONFIG_CORE, config) ?? {}) as DeepPartial<StorefrontConfigCore>;
  return { theme: result.theme ?? {}, flags: result.flags ?? {}, settings: result.settings ?? {}, content: result.content ?? {} };
}

/** A record's leaves as dotted keys (`theme.colors.primary`), arrays kept whole: an audit's before/after. */
export function flattenForAudit(value: Record<string, unknown>, prefix = ''): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (isPlainObject(v)) Object.assign(out, flattenForAudit(v, path));
    else out[path] = v;
  }
  return out;
}
