// The state the order ships to and the shipping method, so the totals include tax and shipping
// (the full address comes at the shipping stage). An order that ships nothing (a lab panel) still
// has a state: the one the patient is in, which its tax and availability depend on (issue 13 #13).
import { formatCents, shippingCostCents, US_STATES } from '@store/domain';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { errorText } from '@/components/PageState';
import { isApiError } from '@/lib/api';
import { useSetShipping, type Cart } from '@/shared/cart';
import { allowedMethods, useShippingMethods, type ShippingMethod } from '@/shared/shippingMethods';

function methodLabel(method: ShippingMethod, cart: Cart): string {
  const cost = shippingCostCents(method, cart.totals.subtotalCents - cart.totals.discountCents);
  const days =
    method.minDays === method.maxDays
      ? `${method.minDays} business day${method.minDays > 1 ? 's' : ''}`
      : `${method.minDays}–${method.maxDays} business days`;
  return `${method.carrier} ${method.name} (${days}) · ${cost === 0 ? 'Free' : formatCents(cost)}`;
}

export function ShippingEstimate({ cart, ships }: { cart: Cart; ships: boolean }) {
  const setShipping = useSetShipping();
  const methods = useShippingMethods(ships);
  // SPEC §7 product-wise shipping methods: only those the cart's items may ship by.
  const offered = methods.data ? allowedMethods(methods.data, cart.shipping.allowedMethodIds) : [];
  const error = setShipping.error;
  const stateError = isApiError(error) ? error.fieldError('state') : undefined;
  const methodError = isApiError(error) ? error.fieldError('methodId') : undefined;

  return (
    <Stack spacing={2}>
      <TextField
        select
        size="small"
        label={ships ? 'Shipping state' : 'Your state'}
        // The choice shows at once and the control keeps focus while the totals are re-priced
        // (a disabled control would drop a keyboard user's focus).
        value={
          (setShipping.isPending && setShipping.variables?.state !== undefined
            ? setShipping.variables.state
            : cart.shipping.state) ?? ''
        }
        onChange={(event) => setShipping.mutate({ state: event.target.value || null })}
        error={Boolean(stateError)}
        helperText={
          stateError ??
          (ships ? 'Sales tax depends on the state.' : 'The state you are in. Sales tax and where this order is available depend on it.')
        }
        slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 320 } } } } } }}
      >
        <MenuItem value="">Choose a state</MenuItem>
        {US_STATES.map((s) => (
          <MenuItem key={s.code} value={s.code}>
            {s.name}
          </MenuItem>
        ))}
      </TextField>
      {ships && offered.length > 0 ? (
        <FormControl error={Boolean(methodError)}>
          <FormLabel id="shipping-method-label">Shipping method</FormLabel>
          <RadioGroup
            aria-labelledby="shipping-method-label"
            value={
              (setShipping.isPending ? setShipping.variables?.methodId : undefined) ??
              cart.shipping.methodId ??
              ''
            }
            onChange={(event) => setShipping.mutate({ methodId: event.target.value })}
          >
            {offered.map((m) => (
              <FormControlLabel
                key={m.id}
                value={m.id}
                control={<Radio size="small" />}
                label={methodLabel(m, cart)}
              />
            ))}
          </RadioGroup>
        </FormControl>
      ) : null}
      {error && !stateError && !methodError ? (
        <FormLabel role="alert" error>
          {errorText(error)}
        </FormLabel>
      ) : null}
    </Stack>
  );
}
