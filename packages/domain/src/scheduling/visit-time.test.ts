import { describe, expect, it } from 'vitest';
import { formatVisitRange } from './visit-time.ts';

describe('formatVisitRange', () => {
  it('names the day, the time range and the patient’s zone, with plain spaces', () => {
    // Issue 7 summary "the scheduled visit": a time without its zone is ambiguous across states.
    expect(formatVisitRange('2027-02-02T15:00:00Z', '2027-02-02T15:30:00Z', 'America/Chicago')).toBe(
      'Tuesday, February 2, 2027, 9:00 – 9:30 AM CST',
    );
    expect(formatVisitRange('2026-06-01T14:00:00Z', '2026-06-01T14:30:00Z', 'America/New_York')).toBe(
      'Monday, June 1, 2026, 10:00 – 10:30 AM EDT',
    );
  });
});
