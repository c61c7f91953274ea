// When a booked visit can be joined, and what the patient's screen says at each moment (SPEC §2
// "visit about to start", "missed visit", "start visit", "connect to your visit now"; issue 16).
// Pure: the server decides with the same rules it hands the page.

/** From this long before the start the patient sees "visit about to start" (and the 15-minute reminder goes). */
export const VISIT_ABOUT_TO_START_MS = 15 * 60_000;
/** From this long before the start the visit opens: START VISIT, the waiting room, signalling. */
export const VISIT_OPENS_BEFORE_MS = 5 * 60_000;
/** The visit stays open this long after its booked end (a late doctor, a long call). */
export const VISIT_CLOSES_AFTER_END_MS = 15 * 60_000;

/**
 * - scheduled: more than 15 minutes away (the welcome-back screen for a scheduled visit).
 * - about_to_start: within 15 minutes, not open yet.
 * - open: from 5 minutes before the start until 15 minutes after the end.
 * - closed: the window is over (missed unless it happened).
 */
export type VisitWindowPhase = 'scheduled' | 'about_to_start' | 'open' | 'closed';

export function visitWindowPhase(now: Date, startsAt: Date | string, endsAt: Date | string): VisitWindowPhase {
  const t = now.getTime();
  const start = new Date(startsAt).getTime();
  const end = new Date(endsAt).getTime();
  if (t >= end + VISIT_CLOSES_AFTER_END_MS) return 'closed';
  if (t >= start - VISIT_OPENS_BEFORE_MS) return 'open';
  if (t >= start - VISIT_ABOUT_TO_START_MS) return 'about_to_start';
  return 'scheduled';
}

/** When the window of a visit opens and closes. */
export function visitWindow(startsAt: Date | string, endsAt: Date | string): { opensAt: Date; closesAt: Date } {
  return {
    opensAt: new Date(new Date(startsAt).getTime() - VISIT_OPENS_BEFORE_MS),
    closesAt: new Date(new Date(endsAt).getTime() + VISIT_CLOSES_AFTER_END_MS),
  };
}

/**
 * Reminders by mail and text (issue 16): the day before and a quarter of an hour before, each
 * with the join link. `sendFrom` is how long before the start a reminder becomes due; `skipAfter`
 * how long before the start it is no longer worth sending (a visit booked 3 hours ahead gets no
 * "tomorrow" reminder: the booking mail just went).
 */
export const VISIT_REMINDERS = {
  '24h': { sendFrom: 24 * 60 * 60_000, skipAfter: 2 * 60 * 60_000 },
  '15m': { sendFrom: VISIT_ABOUT_TO_START_MS, skipAfter: -VISIT_CLOSES_AFTER_END_MS },
} as const;
export type VisitReminderKind = keyof typeof VISIT_REMINDERS;

/** Which reminder (if any) is due for a visit at `now`; the later one wins. Sent ones are the caller's to skip. */
export function dueVisitReminders(now: Date, startsAt: Date | string, bookedAt: Date | string): VisitReminderKind[] {
  const untilStart = new Date(startsAt).getTime() - now.getTime();
  const bookedAhead = new Date(startsAt).getTime() - new Date(bookedAt).getTime();
  const due: VisitReminderKind[] = [];
  for (const kind of Object.keys(VISIT_REMINDERS) as VisitReminderKind[]) {
    const rule = VISIT_REMINDERS[kind];
    // Booked inside the reminder's lead time: the booking mail said it already (the 15-minute one always goes).
    if (kind === '24h' && bookedAhead < rule.sendFrom) continue;
    if (untilStart <= rule.sendFrom && untilStart > rule.skipAfter) due.push(kind);
  }
  return due;
}
