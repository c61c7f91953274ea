import { describe, expect, it } from 'vitest';
import { signInvite, verifyInvite } from './invites.ts';

const secret = 'a-test-secret-that-is-long-enough-123';
const claims = {
  doctorId: '00000000-0000-4000-8000-0000000000d1',
  storefrontId: '00000000-0000-4000-8000-000000000100',
  expiresAt: new Date('2030-01-01T00:00:00Z'),
};
const before = new Date('2029-12-31T00:00:00Z');

describe('provider invite tokens (HMAC-SHA256)', () => {
  it('round-trips the doctor, storefront and expiry', () => {
    expect(verifyInvite(secret, signInvite(secret, claims), before)).toEqual(claims);
  });
  it('are different each time (nonce)', () => {
    expect(signInvite(secret, claims)).not.toBe(signInvite(secret, claims));
  });
  it('expire', () => {
    expect(
      verifyInvite(secret, signInvite(secret, claims), new Date('2030-01-01T00:00:00Z')),
    ).toBeNull();
  });
  it('refuse another key, a changed payload or garbage', () => {
    const token = signInvite(secret, claims);
    expect(verifyInvite('another-secret-that-is-long-enough-45', token, before)).toBeNull();
    const [body, mac] = token.split('.');
    const payload = JSON.parse(Buffer.from(body!, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...payload, e: payload.e + 86400 * 365 })).toString(
      'base64url',
    );
    expect(verifyInvite(secret, `${forged}.${mac}`, before)).toBeNull();
    for (const junk of ['', '.', 'a.b.c', `${body}`, `${body}.${mac}x`, 'x'.repeat(600)]) {
      expect(verifyInvite(secret, junk, before)).toBeNull();
    }
  });
});
