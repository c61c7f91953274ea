// issue 15 "Claiming takes a lease (about 15 minutes, renewed while the doctor works)": the open
// review page renews its claim halfway to the lease's end, whatever the lease's length.
import { describe, expect, it } from 'vitest';
import { CLAIM_RENEW_MS, renewDelayMs } from './doctor-review.api';

describe('renewDelayMs', () => {
  const now = Date.parse('2026-11-26T12:00:00Z');
  const inMs = (ms: number) => new Date(now + ms).toISOString();

  it('renews a 15-minute lease every 5 minutes at most', () => {
    expect(renewDelayMs(inMs(15 * 60_000), now)).toBe(CLAIM_RENEW_MS);
  });
  it('renews a short lease halfway to its end', () => {
    expect(renewDelayMs(inMs(20_000), now)).toBe(10_000);
  });
  it('never waits less than a second, even for a lease about to end', () => {
    expect(renewDelayMs(inMs(500), now)).toBe(1_000);
    expect(renewDelayMs(inMs(-5_000), now)).toBe(1_000);
  });
});
