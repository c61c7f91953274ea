// A booked visit's window as the patient's pages see it (issue 16; SPEC §2 patient-visit,
// ended-visit, "visit about to start", "connect to your visit now"): where its screens are, and its
// phase now, recomputed with the domain's rule at the moment it changes, so a page left open turns
// from "scheduled" to "about to start" to "open" at the right minute without asking the server.
import {
  CHECKOUT_ROUTES,
  VISIT_ABOUT_TO_START_MS,
  VISIT_CLOSES_AFTER_END_MS,
  VISIT_OPENS_BEFORE_MS,
  visitWindowPhase,
  type VisitWindowPhase,
} from '@store/domain';
import { useEffect, useMemo, useState } from 'react';

/** The patient's visit screen of an order (the reminder mails' join link goes here too). */
export function patientVisitPath(orderId: string): string {
  return `${CHECKOUT_ROUTES.patientVisit}?id=${encodeURIComponent(orderId)}`;
}

/** After the visit (or a doctor's decision): what happens next, and rating the doctor. */
export function endedVisitPath(orderId: string): string {
  return `${CHECKOUT_ROUTES.endedVisit}?id=${encodeURIComponent(orderId)}`;
}

/** The statuses of an order its doctor has decided on (approved and after, or declined). */
const DECIDED = new Set([
  'approved',
  'prescribed',
  'fulfilling',
  'shipped',
  'delivered',
  'declined',
]);
export function isDecidedOrder(status: string): boolean {
  return DECIDED.has(status);
}

const ORDER: Record<VisitWindowPhase, number> = {
  scheduled: 0,
  about_to_start: 1,
  open: 2,
  closed: 3,
};

/** The next moment the phase changes after `now` (null once closed). */
export function nextPhaseChange(now: number, startsAt: string, endsAt: string): number | null {
  const start = new Date(startsAt).getTime();
  const end = new Date(endsAt).getTime();
  const moments = [
    start - VISIT_ABOUT_TO_START_MS,
    start - VISIT_OPENS_BEFORE_MS,
    end + VISIT_CLOSES_AFTER_END_MS,
  ];
  return moments.find((m) => m > now) ?? null;
}

/** Long timeouts drift (a sleeping laptop): look again at least this often. */
const MAX_WAIT_MS = 60_000;

/**
 * The visit's phase now (domain visitWindowPhase), re-rendered when it changes. `atLeast` is the
 * server's phase when it answered: a browser clock running late never shows an earlier phase than
 * the server did. `serverNow` is the store's time when it answered: the phase then follows the
 * store's clock (a device clock minutes off, or a store whose clock was moved, changes nothing).
 */
export function useVisitWindowPhase(
  startsAt: string,
  endsAt: string,
  atLeast?: VisitWindowPhase,
  serverNow?: string,
): VisitWindowPhase {
  // How far the store's clock is ahead of this device's, measured when the answer arrived.
  const offset = useMemo(() => (serverNow ? new Date(serverNow).getTime() - Date.now() : 0), [serverNow]);
  const [now, setNow] = useState(() => Date.now() + offset);
  useEffect(() => {
    setNow(Date.now() + offset);
  }, [offset]);
  useEffect(() => {
    const next = nextPhaseChange(now, startsAt, endsAt);
    if (next === null) return;
    const timer = setTimeout(
      () => setNow(Date.now() + offset),
      Math.min(Math.max(next - now, 0) + 50, MAX_WAIT_MS),
    );
    return () => clearTimeout(timer);
  }, [now, offset, startsAt, endsAt]);
  const local = visitWindowPhase(new Date(now), startsAt, endsAt);
  return atLeast && ORDER[atLeast] > ORDER[local] ? atLeast : local;
}
