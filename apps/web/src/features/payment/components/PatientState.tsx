// "Your state" on the summary (issue 13 #13): an order that ships nothing — a lab panel drawn at a
// partner lab — has no address to give its state, yet its sales tax and whether it is sold there
// depend on where the patient is. The order says so (`stateRequired`); the patient picks the state
// here, before paying. It is saved on the order (PATCH /api/orders/:id/shipping), which re-prices
// it (the totals below then show the tax line), or refused with the server's words, which name the
// states the product is not sold in. Pay without a state is refused by the server as well.
import Box from '@mui/material/Box';
import { useState } from 'react';
import { errorText } from '@/components/PageState';
import { UsStateSelect } from '@/components/UsStateSelect';
import { apiPatch, isApiError } from '@/lib/api';
import type { Cart } from '@/shared/cart';

export const PATIENT_STATE_LABEL = 'Your state';
export const PATIENT_STATE_HINT = 'The state you are in. Sales tax and where this order is available depend on it.';

export function PatientState({ order, onChanged }: { order: Cart; onChanged: () => Promise<unknown> }) {
  // What the patient picked: shown while it is saved, and beside its refusal (the order keeps its old state).
  const [picked, setPicked] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!order.stateRequired) return null;

  async function choose(state: string) {
    setError(null);
    // "Select a state" does not clear a state already given: the order keeps it.
    setPicked(state || null);
    if (!state) return;
    setBusy(true);
    try {
      await apiPatch<Cart>(`/api/orders/${order.id}/shipping`, { state });
      await onChanged();
      setPicked(null);
    } catch (e) {
      setError((isApiError(e) ? e.fieldError('state') : undefined) ?? errorText(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Box sx={{ mb: 2, maxWidth: 360 }} aria-busy={busy || undefined}>
      <UsStateSelect
        id="summary-patient-state"
        label={PATIENT_STATE_LABEL}
        required
        fullWidth
        size="small"
        // The control keeps focus while the order is re-priced (a disabled one would drop it).
        value={picked ?? order.shipping.state ?? ''}
        onChange={(event) => void choose(event.target.value)}
        error={Boolean(error)}
        helperText={error ?? PATIENT_STATE_HINT}
        slotProps={{ formHelperText: error ? { role: 'alert' } : {} }}
      />
    </Box>
  );
}
