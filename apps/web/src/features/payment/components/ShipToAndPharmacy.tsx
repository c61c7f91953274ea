// The order summary's "Ship to" and "Pharmacy" (issue 13 #11): where the order ships and where the
// prescription goes, as the server has them on the order, each with a link to change it on its own
// checkout page; once the change is saved the patient comes back to the summary.
import { CHECKOUT_ROUTES, formatUsAddress, formatUsPhone, hasStage, Stage } from '@store/domain';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { errorText } from '@/components/PageState';
import { apiGet } from '@/lib/api';
import type { Cart } from '@/shared/cart';
import { changeFromSummary } from '@/shared/checkoutReturn';

/** GET /api/pharmacies/:id, as much of it as the summary shows. */
interface OrderPharmacy {
  id: string;
  name: string;
  phone: string;
  pharmacyAddress: { address: string; city: string; state: string; zip: string };
}

/** The order's pharmacy (the same query key as the pharmacy pages use, so the cache is shared). */
function useOrderPharmacy(id: string | null) {
  return useQuery({
    queryKey: ['pharmacies', 'one', id],
    queryFn: ({ signal }) => apiGet<OrderPharmacy>(`/api/pharmacies/${encodeURIComponent(id ?? '')}`, { signal }),
    enabled: id !== null,
  });
}

function Block({ title, testId, children, change }: { title: string; testId: string; children: React.ReactNode; change: React.ReactNode }) {
  return (
    <Stack spacing={0.5} component="section" aria-label={title} data-testid={testId} sx={{ flex: 1, minWidth: 0 }}>
      <Typography variant="h2" sx={{ fontSize: 20 }}>
        {title}
      </Typography>
      {children}
      <div>{change}</div>
    </Stack>
  );
}

export function ShipToAndPharmacy({ order }: { order: Cart & { pharmacyId?: string | null } }) {
  const ships = hasStage(order.checkoutStages, Stage.Shipping);
  const needsPharmacy = hasStage(order.checkoutStages, Stage.Pharmacy);
  const pharmacy = useOrderPharmacy(needsPharmacy ? (order.pharmacyId ?? null) : null);
  if (!ships && !needsPharmacy) return null;
  const address = order.shippingAddress ?? null;

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3}>
        {ships ? (
          <Block
            title="Ship to"
            testId="summary-ship-to"
            change={
              <Link component={RouterLink} to={changeFromSummary(`${CHECKOUT_ROUTES.shippingDetails}?edit=1`)}>
                Change shipping address
              </Link>
            }
          >
            {address ? (
              <>
                <Typography sx={{ fontWeight: 600 }}>{address.fullName}</Typography>
                <Typography>{formatUsAddress(address)}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {formatUsPhone(address.phone)}
                </Typography>
              </>
            ) : (
              <Typography color="text.secondary">No shipping address yet.</Typography>
            )}
          </Block>
        ) : null}
        {needsPharmacy ? (
          <Block
            title="Pharmacy"
            testId="summary-pharmacy"
            change={
              <Link component={RouterLink} to={changeFromSummary(CHECKOUT_ROUTES.pharmacyOptions)}>
                Change pharmacy
              </Link>
            }
          >
            {!order.pharmacyId ? (
              <Typography color="text.secondary">No pharmacy chosen yet.</Typography>
            ) : pharmacy.isPending ? (
              <Typography color="text.secondary" role="status">
                Loading your pharmacy…
              </Typography>
            ) : pharmacy.isError ? (
              <Typography color="error">{errorText(pharmacy.error)}</Typography>
            ) : (
              <>
                <Typography sx={{ fontWeight: 600 }}>{pharmacy.data.name}</Typography>
                <Typography>
                  {`${pharmacy.data.pharmacyAddress.address}, ${pharmacy.data.pharmacyAddress.city}, ${pharmacy.data.pharmacyAddress.state} ${pharmacy.data.pharmacyAddress.zip}`}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {formatUsPhone(pharmacy.data.phone)}
                </Typography>
              </>
            )}
          </Block>
        ) : null}
      </Stack>
    </Paper>
  );
}
