// CHECKOUT_ROUTES.summary (issue 7; SPEC §2 Payment stage): the items and quantities, the consult
// fee (the highest attached fee, once — the server prices it), shipping, tax, promo code apply and
// remove ("Enter a promo code"; "Sorry that promo code is invalid."), discount, total, the booked
// visit or the review promise, the consents to accept, then the card and Pay (issue 7
// "add-new-or-switch card"): a signed-in patient with saved cards chooses one to pay with (the
// current one picked; removing a card or making another current is the account's business, not the
// checkout's) or switches to a new card; one with none, and a guest, get the card form straight away,
// which tokenizes the card and pays in one step (a signed-in patient's card is saved with the
// payment). A decline shows the gateway's reason in the payment block's alert, which takes focus.
// The browser sends no amount: the server charges its total.
import { formatCents, formatVisitRange, isScheduledVisit, VISIT_TYPES } from '@store/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, Suspense } from 'react';
import { useNavigate } from 'react-router';
import { EmptyState, ErrorState, LoadingState, errorText } from '@/components/PageState';
import { OrderTotals } from '@/components/OrderTotals';
import { PromoCodeForm } from '@/components/PromoCodeForm';
import { StatusButton } from '@/components/StatusButton';
import { isApiError } from '@/lib/api';
import type { Cart } from '@/shared/cart';
import { useCheckout } from '@/shared/checkout';
import { useDocumentTitle, useStoreConfig } from '@/shared/storefront';
import { useFocusLater } from '@/components/useFocusLater';
import {
  applyPromoCode,
  newIdempotencyKey,
  payOrder,
  removePromoCode,
  setDonation,
  useConsents,
  useOrderAppointment,
  useSavedCards,
  type PaymentMethodInput,
  type SavedCard,
} from '../api/payment.api';
import { CardForm } from '../components/CardForm';
import { PatientState } from '../components/PatientState';
import { SavedCards } from '../components/SavedCards';
import { ShipToAndPharmacy } from '../components/ShipToAndPharmacy';

export const DONATION_CHOICES = [0, 100, 500, 1000] as const;

/** flags.enableDonationsSummaryPage: none / $1 / $5 / $10, saved on the order (the server adds it to the total). */
function Donation({ order, onChanged }: { order: Cart; onChanged: () => Promise<unknown> }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The choice shows at once; the saved donation (and the total) follow from the server.
  const [pending, setPending] = useState<number | null>(null);
  const current = pending ?? order.totals.donationCents ?? 0;
  async function choose(cents: number) {
    setBusy(true);
    setError(null);
    setPending(cents);
    try {
      await setDonation(order.id, cents);
      await onChanged();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setPending(null);
      setBusy(false);
    }
  }
  return (
    <Box component="fieldset" sx={{ border: 0, m: 0, p: 0 }} aria-busy={busy}>
      <Typography component="legend" sx={{ fontWeight: 600, mb: 0.5 }}>
        Add a donation
      </Typography>
      <RadioGroup row value={String(current)} onChange={(e) => void choose(Number(e.target.value))}>
        {DONATION_CHOICES.map((cents) => (
          <FormControlLabel
            key={cents}
            value={String(cents)}
            disabled={busy}
            control={<Radio />}
            label={cents === 0 ? 'No donation' : formatCents(cents)}
          />
        ))}
      </RadioGroup>
      {error ? (
        <Typography role="alert" color="error">
          {error}
        </Typography>
      ) : null}
    </Box>
  );
}

function VisitSummary({ order }: { order: Cart }) {
  const scheduled = isScheduledVisit(order.visitType);
  const visit = useOrderAppointment(order.id, scheduled);
  if (order.visitType === VISIT_TYPES.asynchronous) {
    return (
      <Typography data-testid="review-promise">
        A doctor will review your answers, usually within one business day. Your card is only charged if the doctor approves your treatment.
      </Typography>
    );
  }
  if (!scheduled) return null;
  if (visit.isPending) return <LoadingState label="Loading your visit…" lines={1} />;
  if (visit.isError) return <Typography color="error">{errorText(visit.error)}</Typography>;
  const appointment = visit.data?.appointment;
  if (!appointment) return <Typography>Your visit will be confirmed by email.</Typography>;
  const when = formatVisitRange(appointment.startsAt, appointment.endsAt, appointment.patientTimeZone);
  return (
    <Typography data-testid="scheduled-visit">
      Your {order.visitType === VISIT_TYPES.video ? 'video' : 'phone'} visit with {appointment.doctor.name}, {appointment.doctor.credentials}: {when}. Your card is only charged if the doctor approves your treatment.
    </Typography>
  );
}

export function SummaryPage() {
  useDocumentTitle('Order summary');
  const { order, progress, refresh } = useCheckout();
  const navigate = useNavigate();
  const client = useQueryClient();
  const donations = useStoreConfig().flags.enableDonationsSummaryPage;
  const consents = useConsents();
  const [accepted, setAccepted] = useState<Set<string>>(new Set());
  // A signed-in patient's new card is kept for next time unless they say otherwise.
  const [saveNewCard, setSaveNewCard] = useState(true);
  const [consentError, setConsentError] = useState(false);
  const [card, setCard] = useState<SavedCard | null>(null);
  // null: the default for this patient — their saved cards if one can pay, else the card form.
  const [mode, setMode] = useState<'saved' | 'new' | null>(null);
  const savedCards = useSavedCards({ enabled: progress.loggedIn });
  const [payStatus, setPayStatus] = useState<'idle' | 'loading' | 'done'>('idle');
  // `shown` counts the failures, so a second decline in the same words still moves focus.
  // `promo`: the refusal was the promo code, used up since it was applied (issue 13 #2): the
  // patient may remove it and pay without it, if they choose to.
  const [payError, setPayError] = useState<{ message: string; shown: number; promo?: boolean } | null>(null);
  const [removingPromo, setRemovingPromo] = useState(false);
  const payFailures = useRef(0);
  const [consentErrorShown, setConsentErrorShown] = useState(0);
  const payErrorRef = useRef<HTMLDivElement | null>(null);
  // Switching between a saved card and a new one replaces the pressed button: focus goes to the
  // first control of what replaced it (the picked card, or the new card's first field) once it shows
  // (the card form may still be loading).
  const paymentBlockRef = useRef<HTMLDivElement | null>(null);
  const focusLater = useFocusLater();
  const switchTo = (next: 'saved' | 'new') => {
    setMode(next);
    focusLater(() => {
      const block = paymentBlockRef.current;
      return (
        block?.querySelector<HTMLInputElement>('input[type=radio]:checked') ??
        block?.querySelector<HTMLInputElement>('input:not([type=hidden]):not([disabled])')
      );
    });
  };
  const consentErrorRef = useRef<HTMLParagraphElement | null>(null);
  // One key per attempt: a retry after a timeout resends it; a decline starts a new attempt.
  const attemptKey = useRef<string>(newIdempotencyKey());

  // After a decline (or any refusal) keyboard focus goes to the reason, not to the page.
  const payErrorShown = payError?.shown ?? 0;
  useEffect(() => {
    if (payErrorShown > 0) payErrorRef.current?.focus();
  }, [payErrorShown]);
  useEffect(() => {
    if (consentErrorShown > 0) consentErrorRef.current?.focus();
  }, [consentErrorShown]);

  if (order.items.length === 0) {
    return <EmptyState title="Your cart is empty" body="Choose a treatment or product first, then come back to check out." headingComponent="h1" />;
  }

  const allAccepted = (consents.data ?? []).every((c) => accepted.has(c.id));

  async function pay(paymentMethod: PaymentMethodInput) {
    // A new attempt: the last refusal was about the last attempt.
    setPayError(null);
    if (!allAccepted) {
      setConsentError(true);
      setConsentErrorShown((n) => n + 1);
      throw new Error('Please read and accept each consent before paying.');
    }
    setPayError(null);
    setPayStatus('loading');
    try {
      const result = await payOrder(order.id, attemptKey.current, { paymentMethod, acceptedConsentIds: [...accepted] });
      setPayStatus('done');
      await client.invalidateQueries({ queryKey: ['cart'] });
      await navigate(`/checkout/order-confirmation?order=${result.orderId}`);
    } catch (error) {
      setPayStatus('idle');
      if (isApiError(error)) attemptKey.current = newIdempotencyKey();
      payFailures.current += 1;
      const promo = isApiError(error) && error.code === 'PROMO_INVALID';
      setPayError({ message: errorText(error), shown: payFailures.current, ...(promo ? { promo } : {}) });
      throw error;
    }
  }

  async function removeRefusedPromo() {
    setRemovingPromo(true);
    try {
      await removePromoCode(order.id);
      await refresh();
      setPayError(null);
    } catch (error) {
      payFailures.current += 1;
      setPayError({ message: errorText(error), shown: payFailures.current, promo: true });
    } finally {
      setRemovingPromo(false);
    }
  }

  const total = formatCents(order.totals.totalCents);
  const cards = progress.loggedIn ? (savedCards.data ?? []) : [];
  // issue 7 "add-new-or-switch card": saved cards first when one can pay; otherwise the card form.
  const showSaved = cards.length > 0 && (mode ?? (cards.some((c) => !c.expired) ? 'saved' : 'new')) === 'saved';
  // The picked card as the list has it now (a removed card is no longer picked).
  const selectedCard = cards.find((c) => c.id === card?.id) ?? null;
  return (
    // Each section in its own Suspense boundary: hydrating a server-drawn summary (issue 19) is then
    // several short tasks, not one long one (Lighthouse's total blocking time).
    <Stack spacing={3}>
      <Typography variant="h1" sx={{ fontSize: { xs: 28, sm: 38 } }}>
        Order summary
      </Typography>

      <Suspense fallback={null}>
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography variant="h2" sx={{ fontSize: 20, mb: 2 }}>
            Your items
          </Typography>
          <Stack component="ul" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label="Items">
            {order.items.map((item) => (
              <Stack component="li" key={item.id} direction="row" sx={{ justifyContent: 'space-between', gap: 2 }}>
                <Typography>
                  {item.title} <Box component="span" sx={{ color: 'text.secondary' }}>× {item.qty}</Box>
                </Typography>
                <Typography>{formatCents(item.lineSubtotalCents)}</Typography>
              </Stack>
            ))}
          </Stack>
          <Box sx={{ my: 2 }}>
            <PromoCodeForm
              applied={order.promoCode}
              onApply={async (promoCode) => {
                await applyPromoCode(order.id, promoCode);
                await refresh();
              }}
              onRemove={async () => {
                await removePromoCode(order.id);
                await refresh();
              }}
            />
          </Box>
          {donations ? (
            <Box sx={{ mb: 2 }}>
              <Donation order={order} onChanged={refresh} />
            </Box>
          ) : null}
          {/* issue 13 #13: an order that ships nothing asks for the patient's state (tax, availability). */}
          <PatientState order={order} onChanged={refresh} />
          <OrderTotals order={order} ships={order.shipping.methodId !== null || order.totals.shippingCents > 0} />
        </Paper>
      </Suspense>

      {/* issue 13 #11: where it ships and which pharmacy, each with a way to change it. */}
      <ShipToAndPharmacy order={order} />

      {order.visitType ? (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography variant="h2" sx={{ fontSize: 20, mb: 1 }}>
            Your visit
          </Typography>
          <VisitSummary order={order} />
        </Paper>
      ) : null}

      <Suspense fallback={null}>
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography variant="h2" sx={{ fontSize: 20, mb: 1 }}>
            Consents
          </Typography>
          {consents.isPending ? (
            <LoadingState label="Loading the consents…" lines={2} />
          ) : consents.isError ? (
            <ErrorState error={consents.error} onRetry={() => void consents.refetch()} retrying={consents.isFetching} headingComponent="h3" title="We could not load the consents" />
          ) : consents.data.length === 0 ? (
            <Typography color="text.secondary">There is nothing to accept for this order.</Typography>
          ) : (
            <Stack spacing={1}>
              {consents.data.map((c) => (
                <Box key={c.id}>
                  <FormControlLabel
                    control={
                      <Checkbox
                        checked={accepted.has(c.id)}
                        onChange={(e) => {
                          const next = new Set(accepted);
                          if (e.target.checked) next.add(c.id);
                          else next.delete(c.id);
                          setAccepted(next);
                          setConsentError(false);
                        }}
                      />
                    }
                    label={`I have read and accept the ${c.title}`}
                  />
                  <Box component="details" sx={{ ml: 4, color: 'text.secondary' }}>
                    <summary>Read the {c.title}</summary>
                    <Typography variant="body2" sx={{ whiteSpace: 'pre-line', mt: 1 }}>
                      {c.body}
                    </Typography>
                  </Box>
                </Box>
              ))}
              {consentError ? (
                <Typography role="alert" color="error" ref={consentErrorRef} tabIndex={-1}>
                  Please read and accept each consent before paying.
                </Typography>
              ) : null}
            </Stack>
          )}
        </Paper>
      </Suspense>

      <Suspense fallback={null}>
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography variant="h2" sx={{ fontSize: 20, mb: 2 }}>
            Payment
          </Typography>
          {payError ? (
            <Alert
              severity="error"
              role="alert"
              sx={{ mb: 2 }}
              data-testid="pay-error"
              ref={payErrorRef}
              tabIndex={-1}
              action={
                payError.promo && order.promoCode ? (
                  <StatusButton color="inherit" size="small" status={removingPromo ? 'loading' : 'idle'} onClick={() => void removeRefusedPromo()}>
                    Remove the code
                  </StatusButton>
                ) : undefined
              }
            >
              {payError.message}
              {payError.promo && order.promoCode ? ` It is no longer available for this order: you can remove ${order.promoCode.code} and pay without it.` : null}
            </Alert>
          ) : null}
          <Box ref={paymentBlockRef}>
          {progress.loggedIn && savedCards.isPending ? (
            <LoadingState label="Loading your saved cards…" lines={2} />
          ) : showSaved ? (
            <Stack spacing={2}>
              <SavedCards mode="choose" selectedId={selectedCard?.id ?? null} onSelect={setCard} heading="Pay with a saved card" headingLevel="h3" />
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <StatusButton
                  variant="contained"
                  size="large"
                  status={payStatus}
                  disabled={!selectedCard || selectedCard.expired}
                  onClick={() => selectedCard && void pay({ savedCardId: selectedCard.id }).catch(() => undefined)}
                >
                  Pay {total}
                </StatusButton>
                <Button onClick={() => switchTo('new')}>Pay with a new card instead</Button>
              </Stack>
            </Stack>
          ) : (
            <Stack spacing={2}>
              {savedCards.isError ? (
                <ErrorState error={savedCards.error} onRetry={() => void savedCards.refetch()} retrying={savedCards.isFetching} headingComponent="h3" title="We could not load your saved cards" />
              ) : null}
              {/* Before the card form: reached before its Pay button. */}
              {progress.loggedIn ? (
                <FormControlLabel
                  control={<Checkbox checked={saveNewCard} onChange={(e) => setSaveNewCard(e.target.checked)} />}
                  label="Save this card to my account for next time"
                />
              ) : null}
              {/* Pressing Pay reports every problem at once: the card form flags its own fields (and
                  moves focus there), and this says which consents are missing; an old refusal goes. */}
              <Box
                onSubmitCapture={() => {
                  setPayError(null);
                  if (!allAccepted) setConsentError(true);
                }}
              >
              <CardForm
                label="Card details"
                submitLabel={`Pay ${total}`}
                showTokenErrors={false}
                onToken={(result) => pay({ token: result.token, ...(progress.loggedIn && saveNewCard ? { saveCard: true } : {}) })}
              />
              </Box>
              {cards.length > 0 ? (
                <Box>
                  <Button onClick={() => switchTo('saved')}>Use a saved card</Button>
                </Box>
              ) : null}
            </Stack>
          )}
          </Box>
        </Paper>
      </Suspense>
    </Stack>
  );
}
