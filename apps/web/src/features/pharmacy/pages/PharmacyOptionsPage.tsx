// CHECKOUT_ROUTES.pharmacyOptions (issue 5): ship from our partner pharmacy, or send the
// prescription to a local pharmacy (then search or the map). The partner choice completes the
// Pharmacy stage at once.
import { CHECKOUT_ROUTES, formatUsPhone } from '@store/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ErrorState, LoadingState } from '@/components/PageState';
import { StatusButton } from '@/components/StatusButton';
import { useSummaryReturn } from '@/shared/checkoutReturn';
import { useDocumentTitle } from '@/shared/storefront';
import { usePartnerPharmacy } from '../api/pharmacy.api';
import { pharmacyLine, useChoosePharmacy } from './PharmacyChoice';

export const PHARMACY_OPTIONS_TITLE = 'Pharmacy options';
export const PARTNER_OPTION = 'Ship from our partner pharmacy';
export const LOCAL_OPTION = 'Send to a local pharmacy';

export function PharmacyOptionsPage() {
  useDocumentTitle(PHARMACY_OPTIONS_TITLE);
  const id = useId();
  const navigate = useNavigate();
  // Come from the summary: the way back goes along (issue 13 #11).
  const summaryReturn = useSummaryReturn();
  const partner = usePartnerPharmacy();
  const { choose, status, error } = useChoosePharmacy();
  const [option, setOption] = useState<'partner' | 'local' | ''>('');
  const noPartner = partner.isError;

  return (
    <Stack spacing={3} sx={{ maxWidth: 760 }}>
      <Typography variant="h1">{PHARMACY_OPTIONS_TITLE}</Typography>
      <Typography id={`${id}-hint`}>Where should your prescription be filled?</Typography>
      {partner.isPending ? <LoadingState label="Loading pharmacy options…" /> : null}
      {noPartner &&
      !(partner.error && 'status' in partner.error && partner.error.status === 404) ? (
        <ErrorState
          error={partner.error}
          onRetry={() => void partner.refetch()}
          retrying={partner.isFetching}
        />
      ) : null}
      {!partner.isPending ? (
        <RadioGroup
          name={`${id}-option`}
          value={option}
          onChange={(_, v) => setOption(v as 'partner' | 'local')}
          aria-labelledby={`${id}-hint`}
        >
          <Stack spacing={1}>
            {partner.data ? (
              <Paper variant="outlined" sx={{ px: 2, py: 1 }}>
                <FormControlLabel
                  value="partner"
                  control={<Radio />}
                  sx={{ alignItems: 'flex-start', '& .MuiRadio-root': { mt: 0.5 } }}
                  label={
                    <Box component="span" sx={{ display: 'block', py: 0.5 }}>
                      <Typography component="span" sx={{ display: 'block', fontWeight: 600 }}>
                        {PARTNER_OPTION}
                      </Typography>
                      <Typography component="span" variant="body2" sx={{ display: 'block' }}>
                        {partner.data.name}, {pharmacyLine(partner.data)} ·{' '}
                        {formatUsPhone(partner.data.phone)}
                      </Typography>
                      <Typography
                        component="span"
                        variant="body2"
                        color="text.secondary"
                        sx={{ display: 'block' }}
                      >
                        Your medication is mailed to your shipping address.
                      </Typography>
                    </Box>
                  }
                />
              </Paper>
            ) : null}
            <Paper variant="outlined" sx={{ px: 2, py: 1 }}>
              <FormControlLabel
                value="local"
                control={<Radio />}
                sx={{ alignItems: 'flex-start', '& .MuiRadio-root': { mt: 0.5 } }}
                label={
                  <Box component="span" sx={{ display: 'block', py: 0.5 }}>
                    <Typography component="span" sx={{ display: 'block', fontWeight: 600 }}>
                      {LOCAL_OPTION}
                    </Typography>
                    <Typography
                      component="span"
                      variant="body2"
                      color="text.secondary"
                      sx={{ display: 'block' }}
                    >
                      Pick up your prescription at a pharmacy near you.
                    </Typography>
                  </Box>
                }
              />
            </Paper>
          </Stack>
        </RadioGroup>
      ) : null}
      {error ? (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      ) : null}
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        {option === 'local' ? (
          <Button variant="contained" onClick={() => void navigate(summaryReturn.keep(CHECKOUT_ROUTES.pharmacySearch))}>
            Find a pharmacy
          </Button>
        ) : (
          <StatusButton
            status={status}
            disabled={option !== 'partner'}
            onClick={() => void choose({ partner: true })}
          >
            Continue
          </StatusButton>
        )}
        <Link component={RouterLink} to={summaryReturn.keep(`${CHECKOUT_ROUTES.shippingDetails}?edit=1`)}>
          Change shipping address
        </Link>
      </Stack>
    </Stack>
  );
}
