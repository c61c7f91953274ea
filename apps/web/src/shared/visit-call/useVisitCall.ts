// React's handle on the call engine: one engine per mount (and per rejoin), its state as React
// state, its controls as stable functions. Unmounting says goodbye and stops the camera.
import { useCallback, useEffect, useRef, useState } from 'react';
import { initialVisitCallState, VisitCallEngine, type VisitCallDeps } from './engine';
import type { VisitCall, VisitCallProps, VisitDevices } from './types';

export interface UseVisitCallOptions extends VisitCallProps {
  /** The devices chosen in the device check (the browser's default otherwise). */
  devices?: VisitDevices;
  /** Browser APIs to use instead of the real ones (tests). */
  deps?: Partial<VisitCallDeps>;
}

export function useVisitCall({
  appointmentId,
  role,
  phone,
  devices,
  onEnded,
  onLeft,
  deps,
}: UseVisitCallOptions): VisitCall {
  const [state, setState] = useState(() => initialVisitCallState(role, devices));
  const [attempt, setAttempt] = useState(0);
  const engineRef = useRef<VisitCallEngine | null>(null);
  // The latest callbacks and options, read when they fire, so a re-render never restarts the call.
  const latest = useRef({ onEnded, onLeft, phone, devices, deps });
  useEffect(() => {
    latest.current = { onEnded, onLeft, phone, devices, deps };
  });

  useEffect(() => {
    const { devices: chosen, phone: number, deps: injected } = latest.current;
    const engine = new VisitCallEngine(
      {
        appointmentId,
        role,
        phone: number,
        devices: chosen,
        onEnded: (by) => latest.current.onEnded(by),
        onLeft: () => latest.current.onLeft?.(),
      },
      injected,
    );
    engineRef.current = engine;
    setState(engine.getState());
    const unsubscribe = engine.subscribe(setState);
    void engine.start();
    return () => {
      unsubscribe();
      engine.dispose();
      if (engineRef.current === engine) engineRef.current = null;
    };
  }, [appointmentId, role, attempt]);

  const setMuted = useCallback((muted: boolean) => engineRef.current?.setMuted(muted), []);
  const setCameraOff = useCallback((off: boolean) => engineRef.current?.setCameraOff(off), []);
  const switchCamera = useCallback(
    async (deviceId: string) => engineRef.current?.switchCamera(deviceId),
    [],
  );
  const switchMicrophone = useCallback(
    async (deviceId: string) => engineRef.current?.switchMicrophone(deviceId),
    [],
  );
  const admit = useCallback(() => engineRef.current?.admit(), []);
  const leave = useCallback(() => void engineRef.current?.leave(), []);
  const end = useCallback(() => void engineRef.current?.end(), []);
  const rejoin = useCallback(() => setAttempt((n) => n + 1), []);

  return {
    ...state,
    setMuted,
    setCameraOff,
    switchCamera,
    switchMicrophone,
    admit,
    leave,
    end,
    rejoin,
  };
}
