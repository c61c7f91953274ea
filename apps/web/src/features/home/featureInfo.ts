// The home page's feature information sections (text of ours; images in public/images/features).
export interface FeatureInfo {
  id: string;
  title: string;
  body: string;
  image: string;
  imageAlt: string;
}

export function featureInfoSections(storeName: string): FeatureInfo[] {
  return [
    {
      id: 'doctors',
      title: 'Licensed doctors, on your schedule',
      body: `Answer a few questions online. A doctor licensed in your state reviews them, by video, by phone or without an appointment, and writes a prescription when it is right for you.`,
      image: '/images/features/licensed-doctors.svg',
      imageAlt: 'A doctor on a video call with a patient',
    },
    {
      id: 'shipping',
      title: 'Delivered discreetly to your door',
      body: `Your treatment ships from a licensed US pharmacy in plain packaging, or you can pick it up at a pharmacy near you.`,
      image: '/images/features/discreet-shipping.svg',
      imageAlt: 'A plain parcel on its way',
    },
    {
      id: 'care',
      title: 'Care that keeps going',
      body: `Message the ${storeName} care team any time, adjust your plan with your doctor, and manage refills from your account.`,
      image: '/images/features/ongoing-care.svg',
      imageAlt: 'A phone with messages from the care team',
    },
  ];
}
