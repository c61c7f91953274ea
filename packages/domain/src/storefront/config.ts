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
