// CHECKOUT_ROUTES.pharmacySearch (issue 5): search pharmacies by ZIP (nearest first), city or name,
// starting from the order's shipping ZIP; a link to the map; add your own pharmacy (stored as
// patient-created and selected). Continue puts the chosen one on the order.
import { CHECKOUT_ROUTES } from '@store/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useCheckout } from '@/shared/checkout';
import { useSummaryReturn } from '@/shared/checkoutReturn';
import { useDocumentTitle } from '@/shared/storefront';
import type { Pharmacy } from '../api/pharmacy.api';
import { AddPharmacyForm } from '../components/AddPharmacyForm';
import { PharmacySearch } from '../components/PharmacySearch';
import { ChosenPharmacy } from './PharmacyChoice';

export const PHARMACY_SEARCH_TITLE = 'Find a pharmacy';

export function shippingZipOf(order: unknown): string | undefined {
  const address = (order as { shippingAddress?: { zip: string } | null }).shippingAddress;
  return address?.zip.slice(0, 5);
}

export function PharmacySearchPage() {
  useDocumentTitle(PHARMACY_SEARCH_TITLE);
  const { order } = useCheckout();
  // Come from the summary: the way back goes along (issue 13 #11).
  const summaryReturn = useSummaryReturn();
  const [selected, setSelected] = useState<Pharmacy | null>(null);
  const [adding, setAdding] = useState(false);

  return (
    <Stack spacing={3} sx={{ maxWidth: 900 }}>
      <Typography variant="h1">{PHARMACY_SEARCH_TITLE}</Typography>
      <Stack direction="row" spacing={3} sx={{ flexWrap: 'wrap' }}>
        <Link component={RouterLink} to={summaryReturn.keep(CHECKOUT_ROUTES.pharmacyMap)}>
          View pharmacies on a map
        </Link>
        <Link component={RouterLink} to={summaryReturn.keep(CHECKOUT_ROUTES.pharmacyOptions)}>
          Back to pharmacy options
        </Link>
      </Stack>
      <PharmacySearch
        selectedId={selected?.id ?? null}
        onSelect={setSelected}
        initialZip={shippingZipOf(order)}
        onAddPharmacy={() => setAdding(true)}
      />
      {adding ? (
        <Paper
          variant="outlined"
          sx={{ p: 2 }}
          component="section"
          aria-labelledby="add-pharmacy-heading"
        >
          <Typography id="add-pharmacy-heading" variant="h2" sx={{ mb: 2 }}>
            Add your pharmacy
          </Typography>
          <AddPharmacyForm
            onCancel={() => setAdding(false)}
            onAdded={(pharmacy) => {
              setSelected(pharmacy);
              setAdding(false);
            }}
          />
        </Paper>
      ) : (
        <Box>
          <Button variant="outlined" onClick={() => setAdding(true)}>
            Can’t find your pharmacy? Add it
          </Button>
        </Box>
      )}
      <ChosenPharmacy pharmacy={selected} />
    </Stack>
  );
}
