// The call itself (issue 16): the other side's video with its sound, this side's picture, what is
// happening in words (a live region), and the controls — mute, camera off, devices, leave; for the
// doctor also Admit patient and End visit. When the browser call gives up, the phone number.
import CallEndIcon from '@mui/icons-material/CallEnd';
import MicIcon from '@mui/icons-material/Mic';
import MicOffIcon from '@mui/icons-material/MicOff';
import SettingsIcon from '@mui/icons-material/Settings';
import VideocamIcon from '@mui/icons-material/Videocam';
import VideocamOffIcon from '@mui/icons-material/VideocamOff';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState } from 'react';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { StatusButton } from '@/components/StatusButton';
import { telHref } from '@/shared/contact';
import { waitingLine, type VisitCallDeps } from './engine';
import { useMediaDeviceLists } from './media';
import { StreamVideo } from './StreamVideo';
import type { VisitCallProps, VisitDevices } from './types';
import { useVisitCall } from './useVisitCall';

export interface VisitCallComponentProps extends VisitCallProps {
  /** The devices chosen in the check (the browser's default otherwise). */
  devices?: VisitDevices;
  /** Browser APIs to use instead of the real ones (tests). */
  deps?: Partial<VisitCallDeps>;
  /** It replaced the button the person pressed: focus the status line (else focus falls to the page). */
  focusOnMount?: boolean;
}

export function VisitCall(props: VisitCallComponentProps) {
  const call = useVisitCall(props);
  const statusLine = useRef<HTMLDivElement>(null);
  const { focusOnMount = false } = props;
  useEffect(() => {
    if (focusOnMount) statusLine.current?.focus();
  }, [focusOnMount]);
  const lists = useMediaDeviceLists();
  const [showDevices, setShowDevices] = useState(false);
  const [confirmingEnd, setConfirmingEnd] = useState(false);
  const devicesId = useId();
  const doctor = props.role === 'doctor';
  const other = doctor ? 'The patient' : 'Your doctor';
  const inCall = call.phase !== 'failed' && call.phase !== 'ended' && call.phase !== 'left';
  const hasCamera = Boolean(call.localStream?.getVideoTracks().length);
  const phone = call.phoneFallback?.phone ?? props.phone ?? null;

  return (
    <Stack spacing={2}>
      <Box
        role="status"
        aria-live="polite"
        aria-atomic="true"
        ref={statusLine}
        tabIndex={-1}
        sx={{ '&:focus': { outline: 'none' } }}
      >
        {call.phase === 'phone' ? (
          <Alert severity="warning">
            {doctor ? (
              <>
                The video call could not continue.{' '}
                {phone ? (
                  <>
                    Call the patient at <Link href={telHref(phone)}>{phone}</Link>.
                  </>
                ) : (
                  'Call the patient.'
                )}{' '}
                After the call, press End visit.
              </>
            ) : (
              <>
                <Typography component="span" sx={{ fontWeight: 600, display: 'block' }}>
                  {phone ? `Your doctor will call you at ${phone}` : 'Your doctor will call you'}
                </Typography>
                <Typography component="span" variant="body2">
                  The video connection could not be kept up. Keep your phone nearby.
                </Typography>
              </>
            )}
          </Alert>
        ) : call.phase === 'failed' ? (
          <Alert severity="error">{call.status}</Alert>
        ) : (
          <Typography>{call.status}</Typography>
        )}
      </Box>

      {call.phase !== 'phone' && inCall ? (
        <Box
          sx={{
            position: 'relative',
            aspectRatio: '16 / 9',
            borderRadius: 1,
            overflow: 'hidden',
            bgcolor: 'grey.900',
          }}
        >
          {/* Always mounted: it also plays the other side's sound while no picture comes. */}
          <StreamVideo
            stream={call.remoteStream}
            muted={false}
            label={doctor ? "The patient's video" : "Your doctor's video"}
          />
          {!call.remoteVideo ? (
            <Typography
              aria-hidden="true"
              sx={{
                position: 'absolute',
                inset: 0,
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'center',
                p: 2,
                textAlign: 'center',
                color: 'common.white',
              }}
            >
              {call.audioOnly
                ? 'Sound only'
                : call.phase === 'connected'
                  ? `${other} has no picture`
                  : // Where the call stands, not a control's feedback: turning the camera off in the
                    // waiting room must not replace "Waiting for the doctor to let you in."
                    call.phase === 'waiting' || call.phase === 'connecting'
                    ? waitingLine(props.role, call.admitted, call.peerPresent)
                    : call.status}
            </Typography>
          ) : null}
          {hasCamera && !call.cameraOff ? (
            <Box
              sx={{
                position: 'absolute',
                right: 12,
                bottom: 12,
                width: '25%',
                minWidth: 96,
                aspectRatio: '4 / 3',
                borderRadius: 1,
                overflow: 'hidden',
                boxShadow: 3,
              }}
            >
              <StreamVideo stream={call.localStream} muted mirrored label="Your camera" />
            </Box>
          ) : null}
        </Box>
      ) : null}

      {inCall ? (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {/* Once the patient is in, there is nobody left to admit. */}
          {doctor && !call.admitted ? (
            <StatusButton color="success" disabled={!call.patientWaiting} onClick={call.admit}>
              Admit patient
            </StatusButton>
          ) : null}
          {call.phase !== 'phone' ? (
            <>
              <StatusButton
                variant="outlined"
                aria-pressed={call.muted}
                startIcon={call.muted ? <MicOffIcon /> : <MicIcon />}
                disabled={!call.localStream?.getAudioTracks().length}
                onClick={() => call.setMuted(!call.muted)}
              >
                Mute
              </StatusButton>
              <StatusButton
                variant="outlined"
                aria-pressed={call.cameraOff}
                startIcon={call.cameraOff ? <VideocamOffIcon /> : <VideocamIcon />}
                disabled={call.audioOnly || !hasCamera}
                onClick={() => call.setCameraOff(!call.cameraOff)}
              >
                Camera off
              </StatusButton>
              <StatusButton
                variant="outlined"
                aria-expanded={showDevices}
                aria-controls={showDevices ? devicesId : undefined}
                startIcon={<SettingsIcon />}
                onClick={() => setShowDevices((v) => !v)}
              >
                Devices
              </StatusButton>
            </>
          ) : null}
          <StatusButton
            variant="outlined"
            color="error"
            startIcon={<CallEndIcon />}
            onClick={call.leave}
          >
            Leave
          </StatusButton>
          {doctor ? (
            <StatusButton color="error" disabled={!call.socketOpen} onClick={() => setConfirmingEnd(true)}>
              End visit
            </StatusButton>
          ) : null}
        </Stack>
      ) : null}
      {doctor ? (
        // Ending completes the visit for both; it cannot be undone.
        <ConfirmDialog
          open={confirmingEnd}
          title="End the visit?"
          text="The visit ends for you and the patient and is marked completed. You then decide on the order."
          confirmLabel="End visit"
          cancelLabel="Keep talking"
          onConfirm={call.end}
          onClose={() => setConfirmingEnd(false)}
        />
      ) : null}

      {inCall && showDevices && call.phase !== 'phone' ? (
        <Stack id={devicesId} direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            select
            fullWidth
            label="Camera"
            value={
              lists.cameras.some((c) => c.deviceId === call.devices.cameraId)
                ? call.devices.cameraId
                : ''
            }
            disabled={call.audioOnly || lists.cameras.length === 0}
            onChange={(event) => void call.switchCamera(event.target.value)}
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
              lists.microphones.some((m) => m.deviceId === call.devices.microphoneId)
                ? call.devices.microphoneId
                : ''
            }
            disabled={lists.microphones.length === 0}
            onChange={(event) => void call.switchMicrophone(event.target.value)}
          >
            {lists.microphones.map((m) => (
              <MenuItem key={m.deviceId} value={m.deviceId}>
                {m.label}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      ) : null}

      {call.phase === 'failed' && call.error !== 'not_found' && call.error !== 'ended' ? (
        <Box>
          <StatusButton onClick={call.rejoin}>Try again</StatusButton>
        </Box>
      ) : null}
    </Stack>
  );
}
