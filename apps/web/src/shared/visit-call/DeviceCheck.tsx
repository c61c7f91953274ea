// The camera and microphone check before a visit (SPEC §2 patient visit: "a camera and microphone
// check, then START VISIT"): the camera's picture, the microphone's level, a choice of each, and
// what to do when a device is missing, blocked or busy.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { StatusButton } from '@/components/StatusButton';
import {
  hasMediaDevices,
  mediaProblem,
  useMediaDeviceLists,
  useMicrophoneLevel,
  type MediaProblem,
} from './media';
import { StreamVideo } from './StreamVideo';
import type { VisitDevices } from './types';

/** Where the check is. `no_camera`: sound works, no camera (the visit may start with sound only). */
/** A disabled picker's "none found" stays readable (MUI greys disabled helper text below contrast). */
const READABLE_HELPER = { '&.Mui-disabled': { color: 'text.secondary' } } as const;

export type DeviceCheckStatus = 'asking' | 'ready' | 'no_camera' | 'camera_in_use' | MediaProblem;

export interface DeviceCheckProps {
  /** The start button's label: START VISIT for the patient (SPEC §2), Join for the doctor. */
  startLabel: string;
  onStart: (devices: VisitDevices) => void;
  /** Said above the button when the visit cannot start yet (the button is disabled). */
  notYet?: string | undefined;
  /** Shown before the check (e.g. "You left the visit"). */
  notice?: string | undefined;
  /** It replaced the button the person pressed: focus its heading (else focus falls to the page). */
  focusOnMount?: boolean;
}

const MESSAGES: Record<Exclude<DeviceCheckStatus, 'asking' | 'ready'>, string> = {
  no_camera:
    'No camera found. Connect a camera and press Try again, or start the visit with sound only.',
  camera_in_use:
    'Your camera is being used by another app. Close that app and press Try again, or start the visit with sound only.',
  denied:
    'Your browser is blocking the camera and microphone. Allow them for this site (the camera icon in the address bar or the site settings), then press Try again.',
  not_found: 'No camera or microphone found. Connect a headset or webcam and press Try again.',
  in_use:
    'Your camera or microphone is being used by another app. Close that app (a call or a meeting), then press Try again.',
  unsupported:
    'This browser cannot use a camera and microphone here. Use a recent Chrome, Edge, Firefox or Safari.',
  other:
    'Your camera and microphone could not be started. Press Try again, or restart your browser.',
};

function constraint(deviceId: string | undefined): MediaTrackConstraints | boolean {
  return deviceId ? { deviceId: { exact: deviceId } } : true;
}

export function DeviceCheck({
  startLabel,
  onStart,
  notYet,
  notice,
  focusOnMount = false,
}: DeviceCheckProps) {
  const [status, setStatus] = useState<DeviceCheckStatus>('asking');
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [devices, setDevices] = useState<VisitDevices>({});
  const lists = useMediaDeviceLists();
  const level = useMicrophoneLevel(stream);
  const streamRef = useRef<MediaStream | null>(null);
  const requestRef = useRef(0);
  const { refresh } = lists;
  const levelId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnMount) heading.current?.focus();
  }, [focusOnMount]);

  const acquire = useCallback(
    async (wanted: VisitDevices) => {
      const request = ++requestRef.current;
      const replace = (next: MediaStream | null) => {
        for (const track of streamRef.current?.getTracks() ?? []) track.stop();
        streamRef.current = next;
        setStream(next);
      };
      if (!hasMediaDevices()) {
        replace(null);
        setStatus('unsupported');
        return;
      }
      setStatus('asking');
      // The old picture lets go of the camera first: some systems open one camera only once.
      replace(null);
      let next: MediaStream | null = null;
      let outcome: DeviceCheckStatus = 'ready';
      try {
        next = await navigator.mediaDevices.getUserMedia({
          audio: constraint(wanted.microphoneId),
          video: constraint(wanted.cameraId),
        });
      } catch (error) {
        const problem = mediaProblem(error);
        outcome = problem;
        if (problem === 'not_found' || problem === 'in_use') {
          // Perhaps only the camera is missing or busy: try the microphone alone.
          try {
            next = await navigator.mediaDevices.getUserMedia({
              audio: constraint(wanted.microphoneId),
            });
            outcome = problem === 'not_found' ? 'no_camera' : 'camera_in_use';
          } catch {
            next = null;
          }
        }
      }
      if (request !== requestRef.current) {
        for (const track of next?.getTracks() ?? []) track.stop();
        return;
      }
      replace(next);
      if (next) {
        setDevices({
          cameraId: next.getVideoTracks()[0]?.getSettings().deviceId ?? wanted.cameraId,
          microphoneId: next.getAudioTracks()[0]?.getSettings().deviceId ?? wanted.microphoneId,
        });
      }
      setStatus(outcome);
      refresh();
    },
    [refresh],
  );

  useEffect(() => {
    void acquire({});
    return () => {
      requestRef.current += 1;
      for (const track of streamRef.current?.getTracks() ?? []) track.stop();
      streamRef.current = null;
    };
  }, [acquire]);

  const canStart = status === 'ready' || status === 'no_camera' || status === 'camera_in_use';
  const hasVideo = Boolean(stream?.getVideoTracks().length);
  const problem = status === 'asking' || status === 'ready' ? null : MESSAGES[status];

  return (
    <Stack spacing={2} sx={{ maxWidth: 560 }}>
      <Typography variant="h6" component="h2" ref={heading} tabIndex={-1}>
        Check your camera and microphone
      </Typography>
      {notice ? <Alert severity="info">{notice}</Alert> : null}
      <Box role="status" aria-live="polite">
        {status === 'asking' ? (
          <Typography>
            Starting your camera and microphone… If your browser asks, choose Allow.
          </Typography>
        ) : problem ? (
          <Alert severity={canStart ? 'warning' : 'error'}>{problem}</Alert>
        ) : (
          <Typography>Your camera and microphone are working.</Typography>
        )}
      </Box>
      <Box
        sx={{
          position: 'relative',
          aspectRatio: '16 / 9',
          borderRadius: 1,
          overflow: 'hidden',
          bgcolor: 'grey.900',
        }}
      >
        {hasVideo ? (
          <StreamVideo stream={stream} muted mirrored label="Your camera" />
        ) : (
          <Typography
            sx={{
              color: 'common.white',
              position: 'absolute',
              inset: 0,
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              p: 2,
              textAlign: 'center',
            }}
          >
            {status === 'asking' ? 'Starting your camera…' : 'No camera picture'}
          </Typography>
        )}
      </Box>
      <Box>
        <Typography id={levelId} variant="body2" gutterBottom>
          Microphone level{' '}
          {stream?.getAudioTracks().length ? '(say something: the bar should move)' : ''}
        </Typography>
        <LinearProgress
          variant="determinate"
          value={Math.round((level ?? 0) * 100)}
          aria-labelledby={levelId}
          sx={{ height: 10, borderRadius: 1 }}
        />
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          select
          fullWidth
          label="Camera"
          value={lists.cameras.some((c) => c.deviceId === devices.cameraId) ? devices.cameraId : ''}
          disabled={lists.cameras.length === 0 || status === 'asking'}
          onChange={(event) => void acquire({ ...devices, cameraId: event.target.value })}
          helperText={status !== 'asking' && lists.cameras.length === 0 ? 'No camera found' : undefined}
          slotProps={{ formHelperText: { sx: READABLE_HELPER } }}
        >
          {lists.cameras.map((c) => (
            <MenuItem key={c.deviceId} value={c.deviceId}>
              {c.label}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          fullWidth
          label="Microphone"
          value={
            lists.microphones.some((m) => m.deviceId === devices.microphoneId)
              ? devices.microphoneId
              : ''
          }
          disabled={lists.microphones.length === 0 || status === 'asking'}
          onChange={(event) => void acquire({ ...devices, microphoneId: event.target.value })}
          helperText={status !== 'asking' && lists.microphones.length === 0 ? 'No microphone found' : undefined}
          slotProps={{ formHelperText: { sx: READABLE_HELPER } }}
        >
          {lists.microphones.map((m) => (
            <MenuItem key={m.deviceId} value={m.deviceId}>
              {m.label}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {notYet ? <Typography>{notYet}</Typography> : null}
      <Stack direction="row" spacing={2}>
        <StatusButton
          size="large"
          disabled={!canStart || Boolean(notYet)}
          onClick={() => {
            // The call opens the devices itself; the check lets go of them first.
            requestRef.current += 1;
            for (const track of streamRef.current?.getTracks() ?? []) track.stop();
            onStart(
              hasVideo || status === 'ready' ? devices : { microphoneId: devices.microphoneId },
            );
          }}
        >
          {startLabel}
        </StatusButton>
        {status !== 'ready' && status !== 'asking' ? (
          <StatusButton variant="outlined" onClick={() => void acquire(devices)}>
            Try again
          </StatusButton>
        ) : null}
      </Stack>
    </Stack>
  );
}
