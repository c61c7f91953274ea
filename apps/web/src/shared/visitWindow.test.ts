// issue 16: the visit's phase in the browser, with the domain's window (about to start 15 minutes
// before, open 5 minutes before until 15 minutes after the end), and the visit's screens' paths.
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  endedVisitPath,
  isDecidedOrder,
  nextPhaseChange,
  patientVisitPath,
  useVisitWindowPhase,
} from './visitWindow';

const MIN = 60_000;
const at = (ms: number) => new Date(Date.now() + ms).toISOString();

describe('visit window in the browser', () => {
  it('names the next moment the phase changes: about to start, open, closed, then none', () => {
    const start = '2030-05-01T15:00:00.000Z';
    const end = '2030-05-01T15:30:00.000Z';
    const t = (iso: string) => new Date(iso).getTime();
    expect(nextPhaseChange(t('2030-05-01T12:00:00.000Z'), start, end)).toBe(
      t('2030-05-01T14:45:00.000Z'),
    );
    expect(nextPhaseChange(t('2030-05-01T14:45:00.000Z'), start, end)).toBe(
      t('2030-05-01T14:55:00.000Z'),
    );
    expect(nextPhaseChange(t('2030-05-01T15:10:00.000Z'), start, end)).toBe(
      t('2030-05-01T15:45:00.000Z'),
    );
    expect(nextPhaseChange(t('2030-05-01T15:45:00.000Z'), start, end)).toBeNull();
  });

  it('the phase now, never earlier than the server said (a browser clock running late)', () => {
    expect(renderHook(() => useVisitWindowPhase(at(10 * MIN), at(40 * MIN))).result.current).toBe(
      'about_to_start',
    );
    expect(renderHook(() => useVisitWindowPhase(at(3 * MIN), at(33 * MIN))).result.current).toBe(
      'open',
    );
    expect(
      renderHook(() => useVisitWindowPhase(at(20 * MIN), at(50 * MIN), 'open')).result.current,
    ).toBe('open');
    expect(
      renderHook(() => useVisitWindowPhase(at(-3 * MIN), at(27 * MIN), 'scheduled')).result.current,
    ).toBe('open');
  });

  it('follows the store’s clock, not the device’s (issue 16: the join opens at the store’s minute)', () => {
    // A visit two hours away by this device; the store answered that it is 3 minutes before the start.
    const startsAt = at(120 * MIN);
    const endsAt = at(150 * MIN);
    const serverNow = at(117 * MIN);
    expect(renderHook(() => useVisitWindowPhase(startsAt, endsAt)).result.current).toBe('scheduled');
    expect(renderHook(() => useVisitWindowPhase(startsAt, endsAt, undefined, serverNow)).result.current).toBe('open');
    // And a device clock running ahead does not open a visit the store still has 20 minutes from.
    expect(renderHook(() => useVisitWindowPhase(at(0), at(30 * MIN), undefined, at(-20 * MIN))).result.current).toBe('scheduled');
  });

  it('the screens’ paths carry the order id; decided orders are approved and after, or declined', () => {
    expect(patientVisitPath('o 1')).toBe('/checkout/patient-visit?id=o%201');
    expect(endedVisitPath('o1')).toBe('/checkout/ended-visit?id=o1');
    // After an approval the order moves on through fulfilment; whether a doctor is there to rate is the rating endpoint's answer.
    expect(
      ['approved', 'prescribed', 'fulfilling', 'delivered', 'declined'].every(isDecidedOrder),
    ).toBe(true);
    expect(
      [
        'paid',
        'authorized',
        'visit_scheduled',
        'visit_missed',
        'needs_info',
        'awaiting_review',
        'cancelled',
      ].some(isDecidedOrder),
    ).toBe(false);
  });
});
