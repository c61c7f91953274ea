// What the console calls each colour, flag, page and size of a storefront (issue 18; SPEC §3, §9).
import type { DisplayPages, FeatureFlag, StorefrontConsentKind, StorefrontTheme, ThemeColors } from '@store/domain';

export const COLOUR_LABELS: Record<keyof ThemeColors, string> = {
  primary: 'Primary',
  secondary: 'Secondary',
  primaryLight: 'Primary light',
  primaryLightest: 'Primary lightest',
  navLink: 'Navigation links',
  navBackground: 'Navigation background',
  checkoutHeaderBackground: 'Checkout header background',
  backText: 'Back link text',
  signInText: 'Sign-in text',
  infoLinkText: 'Information links',
  defaultBackground: 'Page background',
  defaultFont: 'Text',
  pendingStatus: 'Pending status',
  error: 'Error',
  shippingError: 'Shipping error',
};

export const FONT_SIZE_LABELS: Record<keyof StorefrontTheme['fontSizes'], string> = {
  h1: 'Heading 1',
  h2: 'Heading 2',
  h3: 'Heading 3',
  paragraphLarge: 'Large paragraph',
  paragraph: 'Paragraph',
  paragraphSmall: 'Small paragraph',
  paragraphAlt: 'Alternative paragraph',
  smallHeading: 'Small heading',
};

export const FLAG_LABELS: Record<FeatureFlag, string> = {
  enableRoundedBorders: 'Rounded borders',
  hideIncentiveBanner: 'Hide the incentive banner',
  disableOpenCartEntryPage: 'No open-cart entry page',
  hidePriceAndCycleProductPage: 'Hide price and cycle on product pages',
  hideFeatureInfoImages: 'Hide feature information images',
  leftAlignFeatureInfoText: 'Left-align feature information text',
  firstFeatureInfoExtraMarginTop: 'Extra space above the first feature section',
  overrideMTMPWithSPHomePage: 'Single-product home page',
  productImageTopOnMobile: 'Product image on top on phones',
  pricePerCycleBottomOnMobile: 'Price per cycle at the bottom on phones',
  enableDonationsSummaryPage: 'Donations on the summary page',
  useAltHeroTitleAndDesc: 'Use the alternative hero title and description',
  useAltTextAndSubTextWrapper: 'Alternative heading style',
};

export const DISPLAY_PAGE_LABELS: Record<keyof DisplayPages, string> = {
  preQuestionnaire: 'Before the questionnaire',
  preShipping: 'Before shipping',
  preScheduling: 'Before scheduling',
  preDoctorConfirmation: 'Before doctor confirmation',
  prePayment: 'Before payment',
  greeting: 'Greeting',
};

export const CONSENT_LABELS: Record<StorefrontConsentKind, string> = {
  telehealth: 'Telehealth consent',
  privacy: 'Notice of privacy practices',
  terms: 'Terms of use',
};
