// A signed-in patient's saved cards (issue 7; SPEC §7 "payment methods, add, update-current, remove
// card, add-new-or-switch card"). Each card shows brand, last four and expiry only; the current one is
// marked and picked first; expired cards cannot be picked. Two modes:
// - `manage` (default, the account's cards): add a card through the card form, edit a card's expiry
//   inline (EditCardForm), make another one current, or remove one after confirming; with `onSelect`
//   the list is also a picker.
// - `choose` (the checkout's payment block): only a radio choice of the card to pay with, the current
//   one preselected. No Remove / Make current and no card form of its own: there a new card is added
//   by paying with it (issue 7 "add-new-or-switch card").
import { PAYMENT_MESSAGES } from '@store/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { EmptyState, ErrorState, LoadingState, errorText } from '@/components/PageState';
import { StatusButton } from '@/components/StatusButton';
import { visuallyHidden } from '@/components/visuallyHidden';
import { useFocusLater } from '@/components/useFocusLater';
import {
  useAddCard,
  useRemoveCard,
  useSavedCards,
  useSetCurrentCard,
  type SavedCard,
} from '../api/payment.api';
import { CardForm } from './CardForm';
import { EditCardForm } from './EditCardForm';

interface SavedCardsCommonProps {
  /** Heading over the list; none by default (the page has its own). */
  heading?: string;
  /** Level of the heading: h2 (default, a page section) or h3 (inside a section, e.g. the checkout's Payment). */
  headingLevel?: 'h2' | 'h3';
  /** Today, for the card form's expiry check (tests pass a fixed date). */
  now?: () => Date;
}

export type SavedCardsProps = SavedCardsCommonProps &
  (
    | {
        /** Account management (default): add a card, make one current, remove one. */
        mode?: 'manage';
        /** The picked card (controlled); with `onSelect` the list is also a picker. */
        selectedId?: string | null;
        /** A card was picked (or added, or made current). The current card is offered first when nothing is picked. */
        onSelect?: (card: SavedCard) => void;
      }
    | {
        /** Checkout: only choose the card to pay with; managing the cards belongs to the account. */
        mode: 'choose';
        selectedId: string | null;
        /** A card was picked. The current card is picked first when nothing is picked. */
        onSelect: (card: SavedCard) => void;
      }
  );

const twoDigits = (n: number) => String(n).padStart(2, '0');
export const expiryLabel = (card: Pick<SavedCard, 'expMonth' | 'expYear'>) =>
  `${twoDigits(card.expMonth)}/${twoDigits(card.expYear % 100)}`;

const billingLine = (a: NonNullable<SavedCard['billingAddress']>) =>
  [a.line1, a.line2, a.city, `${a.state} ${a.zip}`].filter(Boolean).join(', ');

function CardSummaryLine({ card }: { card: SavedCard }) {
  return (
    <Box component="span" sx={{ display: 'block', py: 0.5 }}>
      <Stack component="span" direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography component="span" sx={{ fontWeight: 600 }}>
          {card.label}
        </Typography>
        {card.isCurrent ? <Chip component="span" size="small" color="primary" label="Current" /> : null}
        {card.expired ? <Chip component="span" size="small" color="error" variant="outlined" label="Expired" /> : null}
      </Stack>
      <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
        Expires {expiryLabel(card)}
      </Typography>
      {card.billingAddress ? (
        <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
          Billing address: {billingLine(card.billingAddress)}
        </Typography>
      ) : null}
    </Box>
  );
}

export function SavedCards({ mode = 'manage', selectedId = null, onSelect, heading, headingLevel = 'h2', now }: SavedCardsProps) {
  const manage = mode === 'manage';
  const id = useId();
  const query = useSavedCards();
  const addCard = useAddCard();
  const setCurrent = useSetCurrentCard();
  const removeCard = useRemoveCard();
  const [adding, setAdding] = useState(false);
  const [confirmingId, setConfirmingId] = useState<string | null>(null);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [busy, setBusy] = useState<{ id: string; action: 'current' | 'remove' } | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  // What just happened, for screen readers (the list changes without a page change).
  const [announcement, setAnnouncement] = useState('');
  // Where keyboard focus goes when the pressed control vanishes: the control that opened a closed
  // part, or the list's heading when the card that held focus is gone.
  const focusLater = useFocusLater();
  const controlId = (card: Pick<SavedCard, 'id'>, control: 'edit' | 'remove') => `${id}-${control}-${card.id}`;

  const cards = query.data;
  // Offer the current card first when nothing is picked yet.
  useEffect(() => {
    if (!onSelect || selectedId || !cards) return;
    const current = cards.find((c) => c.isCurrent && !c.expired);
    if (current) onSelect(current);
  }, [cards, onSelect, selectedId]);

  if (query.isPending) return <LoadingState label="Loading your saved cards…" />;
  if (query.isError) {
    return <ErrorState error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  }

  const list = query.data;
  const run = async (card: SavedCard, action: 'current' | 'remove') => {
    setBusy({ id: card.id, action });
    setActionError(null);
    try {
      if (action === 'current') {
        const updated = await setCurrent.mutateAsync(card.id);
        if (onSelect) onSelect(updated);
        setAnnouncement(`${card.label} is now your current card.`);
        // Its Make current button is gone with the change.
        focusLater(controlId(card, 'edit'));
      } else {
        await removeCard.mutateAsync(card.id);
        setConfirmingId(null);
        setAnnouncement(`${card.label} removed.`);
        focusLater(`${id}-heading`);
      }
    } catch (error) {
      setActionError(errorText(error));
    } finally {
      setBusy(null);
    }
  };

  const addForm = (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography id={`${id}-new-card`} tabIndex={-1} variant="h3" component="h3" sx={{ mb: 2, '&:focus': { outline: 'none' } }}>
        New card
      </Typography>
      <CardForm
        label="New card"
        submitLabel="Save card"
        now={now}
        onCancel={
          list.length > 0
            ? () => {
                setAdding(false);
                focusLater(`${id}-add`);
              }
            : undefined
        }
        onToken={async ({ token }) => {
          const saved = await addCard.mutateAsync({ token });
          setAdding(false);
          onSelect?.(saved);
          setAnnouncement(`${saved.label} saved.`);
          focusLater(controlId(saved, 'edit'));
        }}
      />
    </Paper>
  );

  const headingNode: ReactNode = heading ? (
    <Typography
      variant={headingLevel}
      component={headingLevel}
      id={`${id}-heading`}
      tabIndex={-1}
      sx={{ ...(headingLevel === 'h3' ? { fontSize: 18 } : {}), '&:focus': { outline: 'none' } }}
    >
      {heading}
    </Typography>
  ) : null;

  if (list.length === 0) {
    return (
      <Stack spacing={2}>
        {headingNode}
        <EmptyState
          title="No saved cards yet"
          body={manage ? 'Add a card to pay with it now and next time.' : undefined}
          headingComponent="h3"
        />
        {manage ? addForm : null}
      </Stack>
    );
  }

  const row = (card: SavedCard) => {
    const isBusy = (action: 'current' | 'remove') => busy?.id === card.id && busy.action === action;
    const picked = onSelect !== undefined && card.id === selectedId;
    return (
      <Paper
        key={card.id}
        variant="outlined"
        sx={{ px: 2, py: 1, ...(picked ? { borderColor: 'primary.main' } : {}) }}
        data-testid={`card-${card.id}`}
      >
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between' }}>
          {onSelect ? (
            <FormControlLabel
              value={card.id}
              control={<Radio />}
              disabled={card.expired}
              label={<CardSummaryLine card={card} />}
              sx={{ alignItems: 'flex-start', '& .MuiRadio-root': { mt: 0.5 } }}
            />
          ) : (
            <CardSummaryLine card={card} />
          )}
          {manage ? (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Button
                size="small"
                variant="text"
                disabled={busy !== null}
                id={controlId(card, 'edit')}
                onClick={() => setEditingId(editingId === card.id ? null : card.id)}
                aria-expanded={editingId === card.id}
                aria-label={`Edit ${card.label}`}
              >
                Edit
              </Button>
              {!card.isCurrent && !card.expired ? (
                <StatusButton
                  size="small"
                  variant="text"
                  status={isBusy('current') ? 'loading' : 'idle'}
                  disabled={busy !== null}
                  onClick={() => void run(card, 'current')}
                  aria-label={`Make ${card.label} current`}
                >
                  Make current
                </StatusButton>
              ) : null}
              {confirmingId !== card.id ? (
                <Button
                  size="small"
                  variant="text"
                  color="error"
                  disabled={busy !== null}
                  id={controlId(card, 'remove')}
                  onClick={() => {
                    setConfirmingId(card.id);
                    // The question replaces the button: focus its safe answer.
                    focusLater(`${id}-keep-${card.id}`);
                  }}
                  aria-label={`Remove ${card.label}`}
                >
                  Remove
                </Button>
              ) : null}
            </Stack>
          ) : null}
        </Stack>
        {card.expired ? (
          <Typography variant="body2" color="error" sx={{ pb: 1 }}>
            {PAYMENT_MESSAGES.CARD_EXPIRED}
          </Typography>
        ) : null}
        {manage && editingId === card.id ? (
          <EditCardForm
            card={card}
            onClose={() => {
              setEditingId(null);
              focusLater(controlId(card, 'edit'));
            }}
          />
        ) : null}
        {manage && confirmingId === card.id ? (
          <Alert
            severity="warning"
            sx={{ mb: 1 }}
            // Escape answers "Keep it".
            onKeyDown={(event) => {
              if (event.key !== 'Escape' || isBusy('remove')) return;
              event.preventDefault();
              setConfirmingId(null);
              focusLater(controlId(card, 'remove'));
            }}
          >
            <Typography variant="body2">Remove {card.label}?</Typography>
            <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
              <StatusButton
                size="small"
                color="error"
                status={isBusy('remove') ? 'loading' : 'idle'}
                onClick={() => void run(card, 'remove')}
              >
                Yes, remove
              </StatusButton>
              <Button
                id={`${id}-keep-${card.id}`}
                size="small"
                color="inherit"
                onClick={() => {
                  setConfirmingId(null);
                  focusLater(controlId(card, 'remove'));
                }}
                disabled={isBusy('remove')}
              >
                Keep it
              </Button>
            </Stack>
          </Alert>
        ) : null}
      </Paper>
    );
  };

  return (
    <Stack spacing={2} component="section" aria-labelledby={heading ? `${id}-heading` : undefined}>
      {headingNode}
      {onSelect ? (
        <RadioGroup
          name={`${id}-card`}
          value={selectedId && list.some((c) => c.id === selectedId) ? selectedId : ''}
          onChange={(_, value) => {
            const card = list.find((c) => c.id === value);
            if (card) onSelect(card);
          }}
          aria-label={heading ?? 'Saved cards'}
        >
          <Stack spacing={1}>{list.map(row)}</Stack>
        </RadioGroup>
      ) : (
        <Stack spacing={1} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={heading ?? 'Saved cards'}>
          {list.map((card) => (
            <Box component="li" key={card.id}>
              {row(card)}
            </Box>
          ))}
        </Stack>
      )}
      {actionError ? (
        <Alert severity="error" role="alert">
          {actionError}
        </Alert>
      ) : null}
      <Box role="status" sx={visuallyHidden}>
        {announcement}
      </Box>
      {!manage ? null : adding ? (
        addForm
      ) : (
        <Box>
          <Button
            id={`${id}-add`}
            variant="outlined"
            onClick={() => {
              setAdding(true);
              // The pressed button gives way to the form: focus its heading, the card number next.
              focusLater(`${id}-new-card`);
            }}
          >
            Add a new card
          </Button>
        </Box>
      )}
    </Stack>
  );
}
