// The ICE servers a visit's browsers use to find a path to each other (issue 16; docs/visits.md):
// STUN for their public addresses, TURN to relay the call when no direct path exists. TURN
// credentials follow coturn's REST API ("shared secret") scheme, so the store never keeps TURN
// users: the username is `<unix expiry>:<opaque participant id>` and the credential is
// base64(HMAC-SHA1(secret, username)); coturn (`use-auth-secret`, `static-auth-secret`) recomputes it
// and refuses it after the expiry. The participant id is keyed with the secret too, so the TURN
// server's logs name neither the patient nor the doctor.
import { createHmac } from 'node:crypto';
import type { IceServers, VisitRole } from '@store/domain';
import type { AppConfig } from '../../config.ts';

export interface IceConfig {
  stunUrls: string[];
  turnUrls: string[];
  turnSecret: string | null;
  turnTtlSeconds: number;
  transportPolicy: 'all' | 'relay';
}

export function iceConfigFrom(config: Pick<AppConfig, 'VISIT_STUN_URLS' | 'VISIT_TURN_URLS' | 'VISIT_TURN_SECRET' | 'VISIT_TURN_TTL_SECONDS' | 'VISIT_ICE_TRANSPORT_POLICY'>): IceConfig {
  return {
    stunUrls: config.VISIT_STUN_URLS,
    turnUrls: config.VISIT_TURN_URLS,
    turnSecret: config.VISIT_TURN_SECRET ?? null,
    turnTtlSeconds: config.VISIT_TURN_TTL_SECONDS,
    transportPolicy: config.VISIT_ICE_TRANSPORT_POLICY,
  };
}

/** coturn's REST API credential for `username`: base64(HMAC-SHA1(secret, username)). */
export function turnCredential(secret: string, username: string): string {
  return createHmac('sha1', secret).update(username).digest('base64');
}

/** A stable id for one side of one visit that only the holder of the secret can link to it (no ':' in it). */
export function opaqueParticipantId(secret: string, appointmentId: string, role: VisitRole): string {
  return createHmac('sha256', secret).update(`visit:${appointmentId}:${role}`).digest('base64url').slice(0, 22);
}

/** The ICE servers for one participant at `now`: STUN as configured, TURN with a credential that expires. */
export function iceServersFor(config: IceConfig, participant: { appointmentId: string; role: VisitRole }, now: Date): IceServers {
  const iceServers: IceServers['iceServers'] = [];
  if (config.stunUrls.length > 0) iceServers.push({ urls: config.stunUrls });
  let expiresAt: string | null = null;
  if (config.turnUrls.length > 0 && config.turnSecret) {
    const expiry = Math.floor(now.getTime() / 1000) + config.turnTtlSeconds;
    const username = `${expiry}:${opaqueParticipantId(config.turnSecret, participant.appointmentId, participant.role)}`;
    iceServers.push({ urls: config.turnUrls, username, credential: turnCredential(config.turnSecret, username) });
    expiresAt = new Date(expiry * 1000).toISOString();
  }
  return { iceServers, iceTransportPolicy: config.transportPolicy, expiresAt };
}
