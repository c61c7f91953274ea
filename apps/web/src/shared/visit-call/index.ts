// The browser side of a video visit (issue 16). Shared web code: the patient's visit screens
// (checkout) and the doctor's visit page both use it; it imports no feature.
//
// - <JoinVisit appointmentId role phone? onEnded onLeft? />: the camera and microphone check, then
//   START VISIT (patient) or Join (doctor), then the call.
// - <VisitCall appointmentId role phone? onEnded onLeft? devices? />: the call alone.
// - useVisitCall(options): the engine as a hook (state and controls).
export { JoinVisit, START_VISIT_LABEL, DOCTOR_JOIN_LABEL, type JoinVisitProps } from './JoinVisit';
export { VisitCall, type VisitCallComponentProps } from './VisitCall';
export { DeviceCheck, type DeviceCheckProps, type DeviceCheckStatus } from './DeviceCheck';
export { useVisitCall, type UseVisitCallOptions } from './useVisitCall';
export { VisitCallEngine, type VisitCallDeps, type SignalSocket } from './engine';
export type {
  VisitCall as VisitCallHandle,
  VisitCallControls,
  VisitCallError,
  VisitCallPhase,
  VisitCallProps,
  VisitCallState,
  VisitDevices,
  VisitEndedBy,
} from './types';
