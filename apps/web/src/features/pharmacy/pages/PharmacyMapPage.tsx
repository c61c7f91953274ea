// CHECKOUT_ROUTES.pharmacyMap (issue 5): the map and the list side by side around the order's
// shipping ZIP; choosing a marker or a list row selects both. Without map tiles (offline) the list
// and the markers still choose. Continue puts the chosen pharmacy on the order.
import { CHECKOUT_ROUTES } from '@store/domain';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useCheckout } from '@/shared/checkout';
import { useSummaryReturn } from '@/shared/checkoutReturn';
import { useDocumentTitle } from '@/shared/storefront';
import type { Pharmacy } from '../api/pharmacy.api';
import { PharmacyMap } from '../components/PharmacyMap';
import { ChosenPharmacy } from './PharmacyChoice';
import { shippingZipOf } from './PharmacySearchPage';

export const PHARMACY_MAP_TITLE = 'Pharmacies near you';

export function PharmacyMapPage() {
  useDocumentTitle(PHARMACY_MAP_TITLE);
  const { order } = useCheckout();
  // Come from the summary: the way back goes along (issue 13 #11).
  const summaryReturn = useSummaryReturn();
  const [selected, setSelected] = useState<Pharmacy | null>(null);
  return (
    <Stack spacing={3}>
      <Typography variant="h1">{PHARMACY_MAP_TITLE}</Typography>
      <Stack direction="row" spacing={3} sx={{ flexWrap: 'wrap' }}>
        <Link component={RouterLink} to={summaryReturn.keep(CHECKOUT_ROUTES.pharmacySearch)}>
          Search by ZIP code, city or name
        </Link>
        <Link component={RouterLink} to={summaryReturn.keep(CHECKOUT_ROUTES.pharmacyOptions)}>
          Back to pharmacy options
        </Link>
      </Stack>
      <PharmacyMap
        initialZip={shippingZipOf(order)}
        selectedId={selected?.id ?? null}
        onSelect={setSelected}
      />
      <ChosenPharmacy pharmacy={selected} />
    </Stack>
  );
}
