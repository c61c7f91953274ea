// Joining a video visit (SPEC §2 patient visit, issue 16): the camera and microphone check, then
// START VISIT (the doctor's button says Join), then the call. Leaving goes back to the check, so
// the same person can come back while the window is open.
import { useState } from 'react';
import { DeviceCheck } from './DeviceCheck';
import type { VisitCallDeps } from './engine';
import type { VisitCallProps, VisitDevices } from './types';
import { VisitCall } from './VisitCall';

/** The patient's start button (the spec's label, exactly). */
export const START_VISIT_LABEL = 'START VISIT';
export const DOCTOR_JOIN_LABEL = 'Join';

export interface JoinVisitProps extends VisitCallProps {
  /**
   * The visit is not open yet: the check runs (so the camera can be sorted out early) with this
   * line above the start button, which stays disabled until it is undefined.
   */
  notYet?: string | undefined;
  /** Browser APIs to use instead of the real ones (tests). */
  deps?: Partial<VisitCallDeps>;
  /** It replaced the button the person pressed (START ONLINE VISIT): the check takes focus. */
  focusOnMount?: boolean;
}

export function JoinVisit({ onLeft, deps, notYet, focusOnMount, ...props }: JoinVisitProps) {
  const [devices, setDevices] = useState<VisitDevices | null>(null);
  const [left, setLeft] = useState(false);
  // START VISIT and Leave unmount the button pressed: what replaces it takes focus.
  if (devices) {
    return (
      <VisitCall
        {...props}
        devices={devices}
        {...(deps ? { deps } : {})}
        focusOnMount
        onLeft={() => {
          setDevices(null);
          setLeft(true);
          onLeft?.();
        }}
      />
    );
  }
  return (
    <DeviceCheck
      startLabel={props.role === 'patient' ? START_VISIT_LABEL : DOCTOR_JOIN_LABEL}
      notice={left ? 'You left the visit. You can join again while it is open.' : undefined}
      notYet={notYet}
      focusOnMount={left || Boolean(focusOnMount)}
      onStart={setDevices}
    />
  );
}
