// issue 16 "ICE servers configurable; TURN with time-limited credentials (coturn's shared-secret
// scheme)": the VISIT_* settings as the server reads them, and the credential itself.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { iceConfigFrom, iceServersFor, opaqueParticipantId, turnCredential } from './ice-servers.ts';

describe('the visit’s ICE settings (issue 16)', () => {
  it('default to no STUN, no TURN, every transport, an hour per TURN credential', () => {
    const config = loadConfig({});
    expect(iceConfigFrom(config)).toEqual({ stunUrls: [], turnUrls: [], turnSecret: null, turnTtlSeconds: 3600, transportPolicy: 'all' });
    // On one network (or loopback) the browsers need nothing more.
    expect(iceServersFor(iceConfigFrom(config), { appointmentId: 'a', role: 'patient' }, new Date())).toEqual({ iceServers: [], iceTransportPolicy: 'all', expiresAt: null });
  });

  it('reads the server lists as comma lists', () => {
    const config = loadConfig({
      VISIT_STUN_URLS: 'stun:stun1.example.com:3478, stun:stun2.example.com',
      VISIT_TURN_URLS: 'turn:turn.example.com:3478?transport=udp,turns:turn.example.com:5349',
      VISIT_TURN_SECRET: 'x'.repeat(32),
      VISIT_TURN_TTL_SECONDS: '900',
      VISIT_ICE_TRANSPORT_POLICY: 'relay',
    });
    expect(iceConfigFrom(config)).toEqual({
      stunUrls: ['stun:stun1.example.com:3478', 'stun:stun2.example.com'],
      turnUrls: ['turn:turn.example.com:3478?transport=udp', 'turns:turn.example.com:5349'],
      turnSecret: 'x'.repeat(32),
      turnTtlSeconds: 900,
      transportPolicy: 'relay',
    });
  });

  it.each([
    [{ VISIT_TURN_URLS: 'https://turn.example.com' }, 'VISIT_TURN_URLS'],
    [{ VISIT_STUN_URLS: 'turn:turn.example.com' }, 'VISIT_STUN_URLS'],
    [{ VISIT_TURN_URLS: 'turn:turn.example.com' }, 'VISIT_TURN_SECRET'],
    [{ VISIT_ICE_TRANSPORT_POLICY: 'relay' }, 'VISIT_TURN_URLS'],
    [{ VISIT_ICE_TRANSPORT_POLICY: 'tcp' }, 'VISIT_ICE_TRANSPORT_POLICY'],
    [{ VISIT_TURN_TTL_SECONDS: '10' }, 'VISIT_TURN_TTL_SECONDS'],
  ])('stops boot on %j with a line naming %s', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`^ {2}${name}(\\.\\d+)?:`, 'm'));
  });
});

describe('TURN credentials (coturn REST API scheme)', () => {
  it('is base64(HMAC-SHA1(secret, username))', () => {
    // RFC 2202 test case 2 (HMAC-SHA1), in base64.
    expect(turnCredential('Jefe', 'what do ya want for nothing?')).toBe('7/zfauXrL6LSdBbV8YTfnCWafHk=');
  });

  it('names the expiry in the username and the participant only opaquely, the same for the same side of a visit', () => {
    const config = { stunUrls: [], turnUrls: ['turn:t.example.com'], turnSecret: 's'.repeat(20), turnTtlSeconds: 120, transportPolicy: 'all' as const };
    const now = new Date('2027-02-02T14:00:00Z');
    const ice = iceServersFor(config, { appointmentId: '4f3fba7c-36ef-4ad1-bf70-3681a1eabf4f', role: 'doctor' }, now);
    expect(ice.iceServers).toEqual([{ urls: ['turn:t.example.com'], username: `${now.getTime() / 1000 + 120}:${opaqueParticipantId(config.turnSecret, '4f3fba7c-36ef-4ad1-bf70-3681a1eabf4f', 'doctor')}`, credential: expect.any(String) }]);
    expect(ice.expiresAt).toBe('2027-02-02T14:02:00.000Z');
    expect(opaqueParticipantId('k'.repeat(20), 'v', 'doctor')).not.toBe(opaqueParticipantId('k'.repeat(20), 'v', 'patient'));
    expect(opaqueParticipantId('k'.repeat(20), 'v', 'doctor')).not.toContain(':');
  });
});
