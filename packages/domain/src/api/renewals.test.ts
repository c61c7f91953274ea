// issue 17 renewal consult: a prescription is renewed once it has no refills left or has expired,
// never a revoked one.
import { describe, expect, it } from 'vitest';
import { prescriptionRenewalBlock } from './renewals.ts';

const AT = new Date('2027-03-01T12:00:00Z');
const rx = (over: Partial<{ status: string; refillsLeft: number; expiresAt: string }> = {}) => ({ status: 'active', refillsLeft: 2, expiresAt: '2027-06-01T00:00:00Z', ...over });

describe('prescriptionRenewalBlock', () => {
  it('blocks a prescription with refills left that has not expired', () => {
    expect(prescriptionRenewalBlock(rx(), AT)).toBe('refills_left');
  });
  it('allows one with no refills left, or past its expiry (to the instant), or marked expired', () => {
    expect(prescriptionRenewalBlock(rx({ refillsLeft: 0 }), AT)).toBeNull();
    expect(prescriptionRenewalBlock(rx({ expiresAt: AT.toISOString() }), AT)).toBeNull();
    expect(prescriptionRenewalBlock(rx({ expiresAt: '2027-03-01T12:00:01Z' }), AT)).toBe('refills_left');
    expect(prescriptionRenewalBlock(rx({ status: 'expired' }), AT)).toBeNull();
  });
  it('never renews a revoked one', () => {
    expect(prescriptionRenewalBlock(rx({ status: 'revoked', refillsLeft: 0 }), AT)).toBe('revoked');
  });
});
