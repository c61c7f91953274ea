// Cameras and microphones: the lists (kept fresh when a device is plugged in or out), what a
// getUserMedia failure means in words a patient can act on, and the microphone's level.
import { useCallback, useEffect, useState } from 'react';

export interface MediaDeviceOption {
  deviceId: string;
  label: string;
}

export interface MediaDeviceLists {
  cameras: MediaDeviceOption[];
  microphones: MediaDeviceOption[];
}

/** Why the camera or microphone could not start. */
export type MediaProblem = 'denied' | 'not_found' | 'in_use' | 'unsupported' | 'other';

export function mediaProblem(error: unknown): MediaProblem {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return 'denied';
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
      return 'not_found';
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return 'in_use';
    case 'TypeError':
      return 'unsupported';
    default:
      return 'other';
  }
}

export function hasMediaDevices(): boolean {
  return (
    typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function'
  );
}

export async function listDevices(): Promise<MediaDeviceLists> {
  if (!hasMediaDevices() || typeof navigator.mediaDevices.enumerateDevices !== 'function')
    return { cameras: [], microphones: [] };
  const all = await navigator.mediaDevices.enumerateDevices();
  const pick = (kind: MediaDeviceKind, name: string) =>
    all
      .filter((d) => d.kind === kind && d.deviceId !== '')
      .map((d, i) => ({ deviceId: d.deviceId, label: d.label || `${name} ${i + 1}` }));
  return { cameras: pick('videoinput', 'Camera'), microphones: pick('audioinput', 'Microphone') };
}

/** The camera and microphone lists; `refresh` after permission is granted (labels appear then). */
export function useMediaDeviceLists(): MediaDeviceLists & { refresh: () => void } {
  const [lists, setLists] = useState<MediaDeviceLists>({ cameras: [], microphones: [] });
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let live = true;
    listDevices().then(
      (found) => live && setLists(found),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [tick]);
  useEffect(() => {
    const devices = hasMediaDevices() ? navigator.mediaDevices : null;
    if (!devices?.addEventListener) return;
    const onChange = () => setTick((n) => n + 1);
    devices.addEventListener('devicechange', onChange);
    return () => devices.removeEventListener('devicechange', onChange);
  }, []);
  const refresh = useCallback(() => setTick((n) => n + 1), []);
  return { ...lists, refresh };
}

/** The microphone's loudness from 0 to 1, about ten times a second; null where the browser cannot measure it. */
export function useMicrophoneLevel(stream: MediaStream | null): number | null {
  const [level, setLevel] = useState<number | null>(null);
  useEffect(() => {
    const track = stream?.getAudioTracks()[0];
    const Context = typeof window !== 'undefined' ? window.AudioContext : undefined;
    if (!stream || !track || !Context) {
      setLevel(null);
      return;
    }
    const context = new Context();
    // Opened before the person pressed anything (a link from a mail), the browser keeps it
    // suspended; the first press or key lets it run.
    const resume = () => {
      if (context.state === 'suspended') void context.resume();
    };
    document.addEventListener('pointerdown', resume);
    document.addEventListener('keydown', resume);
    const source = context.createMediaStreamSource(new MediaStream([track]));
    const analyser = context.createAnalyser();
    analyser.fftSize = 512;
    source.connect(analyser);
    const samples = new Float32Array(analyser.fftSize);
    const timer = setInterval(() => {
      analyser.getFloatTimeDomainData(samples);
      let sum = 0;
      for (const v of samples) sum += v * v;
      const rms = Math.sqrt(sum / samples.length);
      // Speech sits around 0.02–0.2 RMS; scale so talking fills most of the bar.
      setLevel(Math.min(1, rms * 5));
    }, 100);
    return () => {
      clearInterval(timer);
      document.removeEventListener('pointerdown', resume);
      document.removeEventListener('keydown', resume);
      source.disconnect();
      void context.close();
    };
  }, [stream]);
  return level;
}
