// Provider-invite links: a doctor's signed, expiring token. HMAC-SHA256 under AUTH_SECRET over the
// payload (doctor id, storefront id, expiry, nonce); verified in constant time. Nothing is stored.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

const payloadSchema = z.object({
  v: z.literal(1),
  /** The inviting doctor's user id. */
  d: z.uuid(),
  /** The storefront the invite is for. */
  s: z.uuid(),
  /** Expiry, seconds since the epoch. */
  e: z.number().int(),
  n: z.string(),
});

export interface InviteClaims {
  doctorId: string;
  storefrontId: string;
  expiresAt: Date;
}

function sign(secret: string, body: string): string {
  return createHmac('sha256', secret).update(`invite.${body}`).digest('base64url');
}

export function signInvite(secret: string, claims: InviteClaims): string {
  const payload = {
    v: 1 as const,
    d: claims.doctorId,
    s: claims.storefrontId,
    e: Math.floor(claims.expiresAt.getTime() / 1000),
    n: randomBytes(8).toString('base64url'),
  };
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${sign(secret, body)}`;
}

/** The claims of a genuine, unexpired token; null for anything else. */
export function verifyInvite(secret: string, token: string, now: Date): InviteClaims | null {
  if (typeof token !== 'string' || token.length > 512) return null;
  const [body, mac, ...rest] = token.split('.');
  if (!body || !mac || rest.length > 0) return null;
  const expected = Buffer.from(sign(secret, body));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  let parsed: z.infer<typeof payloadSchema>;
  try {
    parsed = payloadSchema.parse(JSON.parse(Buffer.from(body, 'base64url').toString('utf8')));
  } catch {
    return null;
  }
  const expiresAt = new Date(parsed.e * 1000);
  if (expiresAt.getTime() <= now.getTime()) return null;
  return { doctorId: parsed.d, storefrontId: parsed.s, expiresAt };
}
