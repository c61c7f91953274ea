// Who carries the visit's video (issue 16: "no third-party account needed; an adapter interface lets
// a hosted video provider replace it later"). The built-in provider is peer-to-peer WebRTC: the two
// browsers talk directly (or through the operator's TURN server), the store only relays their
// signalling over its own WebSocket and hands out ICE servers. A hosted service (a room per visit,
// a token per participant) would implement the same interface: the visits service asks it what a
// participant needs to join and tells it when the visit ended; nothing else in the store changes.
import type { IceServers, VisitRole } from '@store/domain';
import { iceServersFor, type IceConfig } from './ice-servers.ts';

export interface VisitJoinRequest {
  appointmentId: string;
  role: VisitRole;
  /** When the visit's window closes (a hosted room need not outlive it). */
  closesAt: Date;
  now: Date;
}

/** What one participant's browser needs to join the call. */
export type VisitJoinInfo =
  /** The built-in call: WebRTC between the two browsers, signalling over /api/visits/:id/signal. */
  | { kind: 'webrtc'; ice: IceServers }
  /** A hosted provider's room: where to go and the participant's token there. */
  | { kind: 'hosted'; provider: string; url: string; token: string; expiresAt: string };

export interface VisitVideoProvider {
  /** 'webrtc' for the built-in one; a hosted provider names itself. */
  readonly name: string;
  joinInfo(request: VisitJoinRequest): Promise<VisitJoinInfo>;
  /** The visit ended (completed or missed): a hosted provider closes its room. */
  ended(appointmentId: string): Promise<void>;
}

/** The default: peer-to-peer WebRTC with the configured STUN/TURN servers. */
export function createPeerToPeerVideo(ice: IceConfig): VisitVideoProvider {
  return {
    name: 'webrtc',
    async joinInfo(request) {
      return { kind: 'webrtc', ice: iceServersFor(ice, request, request.now) };
    },
    async ended() {
      // Nothing to close: the browsers hang up themselves when the signalling says `ended`.
    },
  };
}
