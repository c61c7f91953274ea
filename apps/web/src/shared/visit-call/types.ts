// The public types of the visit call (issue 16): what `useVisitCall` returns and what the
// components take. Shared web code: the checkout's visit screens and the doctor's visit page both
// build on it.
import type { VisitRole } from '@store/domain';

export type VisitEndedBy = VisitRole | 'system';

/** The chosen devices (ids from `enumerateDevices`); undefined means the browser's default. */
export interface VisitDevices {
  cameraId?: string | undefined;
  microphoneId?: string | undefined;
}

/** Props every entry point of the call shares. */
export interface VisitCallProps {
  appointmentId: string;
  role: VisitRole;
  /**
   * The patient's number: for the doctor, the number to call if the browser call fails; for the
   * patient, the number the doctor will call (the server's `phone-fallback` message wins).
   */
  phone?: string;
  /** The visit ended for good (the doctor ended it, or the server closed it). */
  onEnded: (by: VisitEndedBy) => void;
  /** This side pressed Leave (it may come back while the window is open). */
  onLeft?: () => void;
}

/**
 * Where the call is:
 * - starting: fetching ICE servers, opening the camera and the signalling socket;
 * - waiting: in the waiting room (the patient until admitted; either side until the other is here);
 * - connecting: both here and admitted, media being negotiated;
 * - connected: media flowing;
 * - reconnecting: the network dropped (ICE restart under way, or the socket reconnecting);
 * - phone: the browser call gave up, the doctor phones the patient;
 * - left: this side left; ended: the visit is over; failed: it cannot start (see `error`).
 */
export type VisitCallPhase =
  | 'starting'
  | 'waiting'
  | 'connecting'
  | 'connected'
  | 'reconnecting'
  | 'phone'
  | 'left'
  | 'ended'
  | 'failed';

/**
 * Why the call could not go on:
 * - not_found: not this person's visit (or no such visit); not_open: outside the window;
 * - ended: the visit is already over; replaced: opened in another window or tab;
 * - media: no camera/microphone access; connection: the server cannot be reached.
 */
export type VisitCallError =
  'not_found' | 'not_open' | 'ended' | 'replaced' | 'media' | 'connection';

export interface VisitCallState {
  phase: VisitCallPhase;
  role: VisitRole;
  /** The signalling socket is open. */
  socketOpen: boolean;
  /** The patient has been let in by the doctor. */
  admitted: boolean;
  /** The other side is connected to the visit. */
  peerPresent: boolean;
  /** Doctor: the patient is here and waiting to be admitted. */
  patientWaiting: boolean;
  localStream: MediaStream | null;
  remoteStream: MediaStream | null;
  /** The remote side is sending video we have decoded at least one frame of. */
  remoteVideo: boolean;
  muted: boolean;
  cameraOff: boolean;
  /** Video was dropped after repeated network failures (by either side); audio goes on. */
  audioOnly: boolean;
  /** The call moved to the phone: the number the doctor calls (null if unknown). */
  phoneFallback: { phone: string | null } | null;
  iceRestarts: number;
  /** The device ids in use. */
  devices: VisitDevices;
  endedBy: VisitEndedBy | null;
  error: VisitCallError | null;
  /** The latest status change in words, for the live region. */
  status: string;
}

export interface VisitCallControls {
  setMuted: (muted: boolean) => void;
  setCameraOff: (off: boolean) => void;
  switchCamera: (deviceId: string) => Promise<void>;
  switchMicrophone: (deviceId: string) => Promise<void>;
  /** Doctor: let the waiting patient in. */
  admit: () => void;
  /** Leave (quality summary sent first); `onLeft` is called. */
  leave: () => void;
  /** Doctor: end the visit for both (quality summary sent first); `onEnded('doctor')` follows. */
  end: () => void;
  /** After leaving or a failure: start again. */
  rejoin: () => void;
}

export type VisitCall = VisitCallState & VisitCallControls;
