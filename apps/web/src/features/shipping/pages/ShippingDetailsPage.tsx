// CHECKOUT_ROUTES.shippingDetails (issue 5): where the order ships and how. Signed-in patients pick
// one of their saved addresses ("MOST RECENT ADDRESS" / "OTHER SAVED ADDRESSES", SPEC §9) or add one;
// guests type theirs. The shipping methods show their cost and delivery estimate; choosing one
// re-prices the order on the server and the totals follow. Continue saves the address (and method)
// on the order, which completes the Shipping stage, and goes on to the next pending stage. SPEC §2
// routes the Pharmacy stage here too: once Shipping is done and Pharmacy is pending, this page
// leads on to the pharmacy options (unless the patient came back to edit the address). A signed-in
// patient's Continue saves an address still open in the new-address (or edit) form and ships there,
// or says what it still needs; nothing typed is dropped (issue 13 #11). Come from the summary
// (`return=summary`), the saved change leads back to it.
import { CHECKOUT_ROUTES, formatCents, hasStage, shippingCostCents, Stage } from '@store/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { EmptyState, ErrorState, LoadingState, errorText } from '@/components/PageState';
import { OrderTotals } from '@/components/OrderTotals';
import { StatusButton, type ButtonStatus } from '@/components/StatusButton';
import { useCheckout } from '@/shared/checkout';
import { useSummaryReturn } from '@/shared/checkoutReturn';
import { useDocumentTitle } from '@/shared/storefront';
import { allowedMethods, useShippingMethods, type ShippingMethod } from '@/shared/shippingMethods';
import {
  deliveryEstimate,
  useSavedAddresses,
  useSetOrderAddress,
  useSetOrderMethod,
  type OrderWithAddress,
  type ShippingAddressChoice,
} from '../api/shipping.api';
import { AddressForm } from '../components/AddressForm';
import { SavedAddresses, type SavedAddressesHandle } from '../components/SavedAddresses';

export const SHIPPING_DETAILS_TITLE = 'Shipping details';
export const CHOOSE_ADDRESS_HINT = 'Choose one of your addresses, or add a new one, to continue.';
export const FINISH_NEW_ADDRESS =
  'Your new address is not saved yet. Please complete the fields marked in it to ship there.';

/** Sends the patient on to the pharmacy options once Shipping is done and Pharmacy is pending. */
export function ShippingDetailsPage() {
  const { progress } = useCheckout();
  const [params] = useSearchParams();
  const shippingDone = hasStage(progress.completedStages, Stage.Shipping);
  const pharmacyPending = progress.firstPendingStage === Stage.Pharmacy;
  if (shippingDone && pharmacyPending && params.get('edit') === null) {
    return <Navigate to={CHECKOUT_ROUTES.pharmacyOptions} replace />;
  }
  return <ShippingDetails />;
}

function methodCost(method: ShippingMethod, order: OrderWithAddress): string {
  const cost = shippingCostCents(method, order.totals.subtotalCents - order.totals.discountCents);
  return cost === 0 ? 'Free' : formatCents(cost);
}

function ShippingDetails() {
  useDocumentTitle(SHIPPING_DETAILS_TITLE);
  const id = useId();
  const formId = `${id}-address`;
  const { order: cart, progress, refresh } = useCheckout();
  const navigate = useNavigate();
  const order = cart as OrderWithAddress;
  const signedIn = progress.loggedIn;
  const methods = useShippingMethods();
  // SPEC §7 product-wise shipping methods: only those the order's items may ship by.
  const offered = methods.data ? allowedMethods(methods.data, order.shipping.allowedMethodIds) : [];
  const saved = useSavedAddresses({ enabled: signedIn });
  const setMethod = useSetOrderMethod(order.id);
  const setAddress = useSetOrderAddress(order.id);
  const [savedId, setSavedId] = useState<string | null>(null);
  const [status, setStatus] = useState<ButtonStatus>('idle');
  const [error, setError] = useState<string | null>(null);
  const [methodError, setMethodError] = useState<string | null>(null);
  const addresses = useRef<SavedAddressesHandle>(null);
  const summaryReturn = useSummaryReturn();

  // Preselect the address the order ships to, else the most recent one.
  useEffect(() => {
    if (savedId || !saved.data) return;
    const all = [
      ...(saved.data.mostRecent ? [saved.data.mostRecent] : []),
      ...saved.data.otherSaved,
    ];
    const onOrder = order.shippingAddress;
    const match = onOrder
      ? all.find(
          (a) =>
            a.line1 === onOrder.line1 && a.zip === onOrder.zip && a.fullName === onOrder.fullName,
        )
      : undefined;
    const pick = match ?? saved.data.mostRecent;
    if (pick) setSavedId(pick.id);
  }, [saved.data, savedId, order.shippingAddress]);

  if (!hasStage(order.checkoutStages, Stage.Shipping)) {
    return (
      <EmptyState
        headingComponent="h1"
        title="Nothing to ship"
        body="The items in your order do not need shipping. Continue with your checkout."
      />
    );
  }

  const save = async (choice: ShippingAddressChoice) => {
    setStatus('loading');
    setError(null);
    try {
      await setAddress.mutateAsync({ ...choice, methodId: order.shipping.methodId ?? undefined });
      setStatus('done');
      // On to the next pending stage; with Pharmacy next, SPEC §2's route is this page, so the
      // pharmacy options directly.
      const after = await refresh();
      const back = summaryReturn.target(after);
      if (back) {
        await navigate(back);
      } else if (
        after &&
        hasStage(after.completedStages, Stage.Shipping) &&
        after.firstPendingStage === Stage.Pharmacy
      ) {
        await navigate(CHECKOUT_ROUTES.pharmacyOptions);
      } else if (after?.nextRoute) {
        await navigate(after.nextRoute);
      }
    } catch (e) {
      setStatus('idle');
      // A typed address shows its errors in the form (beside the field, or above it).
      if ('address' in choice) throw e;
      setError(errorText(e));
    }
  };

  // Signed in: an address typed but not saved is saved first and the order ships there (issue 13 #11).
  const continueSignedIn = async () => {
    setError(null);
    setStatus('loading');
    let typed: Awaited<ReturnType<SavedAddressesHandle['saveTyped']>> = null;
    try {
      typed = (await addresses.current?.saveTyped({ checkEmpty: !savedId })) ?? null;
    } catch (e) {
      typed = 'invalid';
      setError(errorText(e));
    }
    if (typed === 'invalid') {
      setStatus('idle');
      setError((shown) => shown ?? FINISH_NEW_ADDRESS);
      return;
    }
    const addressId = typed?.id ?? savedId;
    if (!addressId) {
      setStatus('idle');
      setError(CHOOSE_ADDRESS_HINT);
      return;
    }
    await save({ savedAddressId: addressId });
  };

  const chooseMethod = (methodId: string) => {
    setMethodError(null);
    setMethod.mutate(methodId, { onError: (e) => setMethodError(errorText(e)) });
  };

  const onOrder = order.shippingAddress;
  return (
    <Stack spacing={4} sx={{ maxWidth: 760 }}>
      <Typography variant="h1">{SHIPPING_DETAILS_TITLE}</Typography>

      <Box component="section" aria-labelledby={`${id}-address-heading`}>
        <Typography id={`${id}-address-heading`} variant="h2" sx={{ mb: 2 }}>
          Shipping address
        </Typography>
        {signedIn ? (
          <SavedAddresses
            handleRef={addresses}
            selectedId={savedId}
            onSelect={(a) => setSavedId(a.id)}
            hideUseButton
          />
        ) : (
          <AddressForm
            formId={formId}
            hideActions
            label="Shipping address"
            // No address yet: the state chosen in the cart (it priced the tax) starts the form.
            defaultValues={
              onOrder ?? (order.shipping.state ? { state: order.shipping.state } : undefined)
            }
            onSubmit={(address) => save({ address })}
          />
        )}
      </Box>

      <Box component="section" aria-labelledby={`${id}-method-heading`}>
        <Typography id={`${id}-method-heading`} variant="h2" sx={{ mb: 2 }}>
          Shipping method
        </Typography>
        {methods.isPending ? (
          <LoadingState label="Loading shipping methods…" />
        ) : methods.isError ? (
          <ErrorState
            error={methods.error}
            onRetry={() => void methods.refetch()}
            retrying={methods.isFetching}
          />
        ) : offered.length === 0 ? (
          <EmptyState
            title="No shipping methods"
            body="No shipping method is available right now. Please contact Customer Support."
          />
        ) : (
          <RadioGroup
            name={`${id}-method`}
            // The patient's click shows at once; the totals follow the server's answer.
            value={(setMethod.isPending ? setMethod.variables : order.shipping.methodId) ?? ''}
            onChange={(_, value) => chooseMethod(value)}
            aria-labelledby={`${id}-method-heading`}
          >
            <Stack spacing={1}>
              {offered.map((method) => (
                <Paper key={method.id} variant="outlined" sx={{ px: 2, py: 1 }}>
                  <FormControlLabel
                    value={method.id}
                    control={<Radio />}
                    sx={{ width: '100%', m: 0, '& .MuiFormControlLabel-label': { flex: 1 } }}
                    label={
                      <Stack
                        direction="row"
                        spacing={2}
                        sx={{ justifyContent: 'space-between', alignItems: 'center' }}
                      >
                        <Box>
                          <Typography component="span" sx={{ display: 'block', fontWeight: 600 }}>
                            {method.carrier} {method.name}
                          </Typography>
                          <Typography
                            component="span"
                            variant="body2"
                            color="text.secondary"
                            sx={{ display: 'block' }}
                          >
                            {deliveryEstimate(method)}
                          </Typography>
                        </Box>
                        <Typography component="span" sx={{ fontWeight: 600 }}>
                          {methodCost(method, order)}
                        </Typography>
                      </Stack>
                    }
                  />
                </Paper>
              ))}
            </Stack>
          </RadioGroup>
        )}
        {methodError ? (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {methodError}
          </Alert>
        ) : null}
      </Box>

      <Box component="section" aria-labelledby={`${id}-totals-heading`}>
        <Typography id={`${id}-totals-heading`} variant="h2" sx={{ mb: 2 }}>
          Order total
        </Typography>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <OrderTotals order={order} ships liveTotal updating={setMethod.isPending} />
        </Paper>
      </Box>

      {error ? (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      ) : null}
      <Box>
        {signedIn ? (
          <>
            <StatusButton
              status={status}
              disabled={setMethod.isPending || saved.isPending}
              aria-describedby={!savedId ? `${id}-continue-hint` : undefined}
              onClick={() => void continueSignedIn()}
            >
              Continue
            </StatusButton>
            {/* What Continue will need, before it is pressed. */}
            {!savedId ? (
              <Typography id={`${id}-continue-hint`} variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {CHOOSE_ADDRESS_HINT}
              </Typography>
            ) : null}
          </>
        ) : (
          <StatusButton type="submit" form={formId} status={status} disabled={setMethod.isPending}>
            Continue
          </StatusButton>
        )}
      </Box>
    </Stack>
  );
}
