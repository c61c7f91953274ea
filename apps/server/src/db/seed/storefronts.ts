// Two demo brands from one company so white-labelling is visible: Evergreen Health on localhost
// and Lumen Wellness on lumen.localhost (browsers resolve *.localhost to this machine).
import type { Db } from '../client.ts';
import { companies, storefrontHosts, storefronts } from '../schema/storefronts.ts';

export const DEMO_COMPANY_ID = '00000000-0000-4000-8000-000000000001';
export const EVERGREEN_ID = '00000000-0000-4000-8000-000000000100';
export const LUMEN_ID = '00000000-0000-4000-8000-000000000200';

export async function seedStorefronts(db: Db): Promise<string[]> {
  await db.insert(companies).values({ id: DEMO_COMPANY_ID, name: 'Demo Health Group' });
  await db.insert(storefronts).values([
    {
      id: EVERGREEN_ID,
      companyId: DEMO_COMPANY_ID,
      name: 'Evergreen Health',
      slug: 'evergreen',
      isDefault: true,
      theme: {},
      flags: {},
      settings: {
        supportPhone: '(555) 010-2030',
        supportEmail: 'care@evergreen.example',
        pharmacyChoice: true,
      },
      content: {},
    },
    {
      id: LUMEN_ID,
      companyId: DEMO_COMPANY_ID,
      name: 'Lumen Wellness',
      slug: 'lumen',
      theme: {
        colors: {
          primary: '#4b2a86',
          secondary: '#ff8a65',
          primaryLight: '#7e57c2',
          primaryLightest: '#f1ebfa',
          navLink: '#4b2a86',
          checkoutHeaderBackground: '#f1ebfa',
          backText: '#4b2a86',
          signInText: '#4b2a86',
        },
        fontFamily: 'Georgia, "Times New Roman", serif',
      },
      flags: {
        enableRoundedBorders: true,
        hideIncentiveBanner: true,
        useAltHeroTitleAndDesc: true,
        leftAlignFeatureInfoText: true,
        productImageTopOnMobile: true,
        pricePerCycleBottomOnMobile: true,
        enableDonationsSummaryPage: true,
      },
      settings: {
        supportPhone: '(555) 010-4050',
        supportEmail: 'hello@lumen.example',
        hideBmi: true,
        pharmacyChoice: false,
        displayPages: {
          preQuestionnaire: true,
          preShipping: true,
          preScheduling: true,
          preDoctorConfirmation: true,
          prePayment: true,
          greeting: false,
        },
      },
      content: {
        altHeroTitle: 'Feel like yourself again',
        altHeroDescription: 'Doctor-led treatment plans for hair, skin and weight, shipped discreetly.',
      },
    },
  ]);
  await db.insert(storefrontHosts).values([
    { host: 'localhost', storefrontId: EVERGREEN_ID },
    { host: '127.0.0.1', storefrontId: EVERGREEN_ID },
    { host: 'evergreen.localhost', storefrontId: EVERGREEN_ID },
    { host: 'lumen.localhost', storefrontId: LUMEN_ID },
  ]);
  return [
    'Evergreen Health  http://localhost:{port}',
    'Lumen Wellness    http://lumen.localhost:{port}',
  ];
}
