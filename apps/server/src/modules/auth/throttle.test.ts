// The back-off and limits of the sign-in throttle (pure part).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { waitSeconds, type ThrottlePolicy } from './throttle.ts';

const at = new Date('2026-01-01T12:00:00Z');
const ago = (s: number) => new Date(at.getTime() - s * 1000);
const account: ThrottlePolicy = { maxPerHour: 100, backoffAfter: 5, maxBackoffSeconds: 900 };

describe('waitSeconds', () => {
  it('lets the first 5 failures through without waiting', () => {
    for (let count = 0; count < 5; count++) {
      expect(waitSeconds(account, { count, oldest: ago(10), latest: ago(0) }, at)).toBe(0);
    }
  });

  it('doubles the wait from the 5th failure on, up to 15 minutes', () => {
    expect(waitSeconds(account, { count: 5, oldest: ago(60), latest: ago(0) }, at)).toBe(2);
    expect(waitSeconds(account, { count: 6, oldest: ago(60), latest: ago(0) }, at)).toBe(4);
    expect(waitSeconds(account, { count: 9, oldest: ago(60), latest: ago(0) }, at)).toBe(32);
    expect(waitSeconds(account, { count: 30, oldest: ago(60), latest: ago(0) }, at)).toBe(900);
    expect(waitSeconds(account, { count: 6, oldest: ago(60), latest: ago(3) }, at)).toBe(1);
  });

  it('stops everything at the hourly cap until the oldest event is an hour old', () => {
    expect(waitSeconds(account, { count: 100, oldest: ago(3000), latest: ago(2000) }, at)).toBe(
      600,
    );
  });

  it('keeps a cooldown between sends', () => {
    const sends: ThrottlePolicy = { maxPerHour: 5, cooldownSeconds: 30 };
    expect(waitSeconds(sends, { count: 1, oldest: ago(10), latest: ago(10) }, at)).toBe(20);
    expect(waitSeconds(sends, { count: 1, oldest: ago(31), latest: ago(31) }, at)).toBe(0);
  });

  it('never allows more than 100 failures per account per hour, however they are spaced', () => {
    // Simulate a patient attacker who always waits exactly as long as told.
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 120 }), { minLength: 1, maxLength: 300 }),
        (extraWaits) => {
          const events: number[] = [];
          let t = 0;
          for (const extra of extraWaits) {
            const now = new Date(at.getTime() + t * 1000);
            const recent = events.filter((e) => e > t - 3600);
            const wait = waitSeconds(
              account,
              {
                count: recent.length,
                oldest: recent.length ? new Date(at.getTime() + Math.min(...recent) * 1000) : null,
                latest: recent.length ? new Date(at.getTime() + Math.max(...recent) * 1000) : null,
              },
              now,
            );
            if (wait > 0) t += Math.ceil(wait);
            else events.push(t);
            t += extra;
          }
          for (const e of events) {
            expect(events.filter((x) => x > e - 3600 && x <= e).length).toBeLessThanOrEqual(100);
          }
          // the back-off keeps it far lower: under 25 in any hour
          for (const e of events)
            expect(events.filter((x) => x > e - 3600 && x <= e).length).toBeLessThan(25);
        },
      ),
      { numRuns: 50 },
    );
  });
});
