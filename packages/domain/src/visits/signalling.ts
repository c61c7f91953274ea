// The visit's signalling protocol (issue 16): JSON messages over the WebSocket at
// /api/visits/:appointmentId/signal, authenticated by the session cookie. Only the visit's patient
// and its doctor may connect; the server relays descriptions and candidates between the two, keeps
// the waiting room (the patient waits until the doctor admits), and records who arrived, who
// ended it and the call-quality summaries. The doctor always makes the offer (and restarts ICE);
// the patient answers. Shared by the server (validation) and the web (types).
import { z } from 'zod';

export const VISIT_ROLES = ['patient', 'doctor'] as const;
export type VisitRole = (typeof VISIT_ROLES)[number];

const descriptionSchema = z.object({ type: z.enum(['offer', 'answer', 'pranswer', 'rollback']), sdp: z.string().max(100_000).optional() });
const candidateSchema = z.object({
  candidate: z.string().max(2_000),
  sdpMid: z.string().max(64).nullable().optional(),
  sdpMLineIndex: z.number().int().min(0).max(64).nullable().optional(),
  usernameFragment: z.string().max(256).nullable().optional(),
});

/** One side's call-quality summary from getStats(), sent when the call ends (and on leave). No media. */
export const visitQualitySchema = z.object({
  /** Milliseconds from both in the call to the first decoded remote video frame; null if none. */
  firstFrameMs: z.number().int().min(0).max(3_600_000).nullable(),
  framesDecoded: z.number().int().min(0),
  packetsLost: z.number().int().min(0),
  /** Mean round-trip time in ms from the selected candidate pair, when known. */
  roundTripMs: z.number().min(0).max(60_000).nullable(),
  /** Jitter in ms of the inbound audio, when known. */
  jitterMs: z.number().min(0).max(60_000).nullable(),
  /** 'host' | 'srflx' | 'prflx' | 'relay' of the local candidate that carried the call. */
  localCandidateType: z.enum(['host', 'srflx', 'prflx', 'relay']).nullable(),
  iceRestarts: z.number().int().min(0).max(100),
  /** The call went audio only after a network problem. */
  audioOnly: z.boolean(),
  durationMs: z.number().int().min(0).max(24 * 3_600_000),
});
export type VisitQuality = z.infer<typeof visitQualitySchema>;

/** What a browser sends. */
export const clientSignalSchema = z.discriminatedUnion('type', [
  /** Relayed to the other side (only once the patient is admitted). */
  z.object({ type: z.literal('description'), description: descriptionSchema }),
  z.object({ type: z.literal('candidate'), candidate: candidateSchema }),
  /** The patient's connection failed: ask the doctor (the offerer) to restart ICE. */
  z.object({ type: z.literal('restart-request') }),
  /** The doctor lets the waiting patient in. */
  z.object({ type: z.literal('admit') }),
  /** A side dropped its video after repeated failures (told to the other side). */
  z.object({ type: z.literal('audio-only') }),
  /** The call cannot go on in the browser: the doctor will phone the patient. */
  z.object({ type: z.literal('phone-fallback') }),
  /** This side's quality summary. */
  z.object({ type: z.literal('quality'), quality: visitQualitySchema }),
  /** Leaving (may come back while the window is open). */
  z.object({ type: z.literal('leave') }),
  /** The doctor ends the visit for both: it is completed. */
  z.object({ type: z.literal('end') }),
  z.object({ type: z.literal('ping') }),
]);
export type ClientSignal = z.infer<typeof clientSignalSchema>;

/** Why the server refused or closed. */
export const SIGNAL_ERRORS = ['not_found', 'not_open', 'ended', 'not_allowed', 'bad_message', 'replaced'] as const;
export type SignalError = (typeof SIGNAL_ERRORS)[number];

/** What the server sends (types only: the server builds these, the browser reads them). */
export type ServerSignal =
  /** First message after connecting: who you are, whether the patient is admitted and the other side here. */
  | { type: 'hello'; role: VisitRole; admitted: boolean; peerPresent: boolean; endsAt: string; closesAt: string }
  | { type: 'peer-joined'; role: VisitRole }
  | { type: 'peer-left'; role: VisitRole }
  /** Both are here and the patient is admitted: the doctor makes the offer now (again after a rejoin). */
  | { type: 'ready' }
  | { type: 'admitted' }
  | { type: 'description'; description: z.infer<typeof descriptionSchema> }
  | { type: 'candidate'; candidate: z.infer<typeof candidateSchema> }
  | { type: 'restart-request' }
  | { type: 'audio-only'; by: VisitRole }
  | { type: 'phone-fallback'; phone: string | null }
  | { type: 'ended'; by: VisitRole | 'system' }
  | { type: 'pong' }
  | { type: 'error'; code: SignalError };

/**
 * WebSocket close codes the server uses (4000–4999 are the application's). `serviceRestart` is the
 * standard 1012 an instance sends its sockets as it shuts down (issue 20): the client reconnects,
 * and the balancer sends it to an instance still running.
 */
export const SIGNAL_CLOSE = { notFound: 4404, notOpen: 4409, ended: 4410, replaced: 4001, badMessage: 4400, serviceRestart: 1012 } as const;
