// A <video> showing a MediaStream. `muted` for this side's own picture (no echo); the other side's
// plays its sound.
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { useEffect, useRef } from 'react';

export interface StreamVideoProps {
  stream: MediaStream | null;
  muted: boolean;
  /** Mirror this side's own camera, as people expect of a preview. */
  mirrored?: boolean;
  label: string;
  sx?: SxProps<Theme>;
}

export function StreamVideo({ stream, muted, mirrored = false, label, sx }: StreamVideoProps) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    if (video.srcObject !== stream) video.srcObject = stream;
    // Autoplay can be refused (no gesture yet); the call starts from a button press, so this rarely happens.
    if (stream) video.play?.()?.catch(() => undefined);
  }, [stream]);
  return (
    <Box
      component="video"
      ref={ref}
      autoPlay
      playsInline
      muted={muted}
      aria-label={label}
      sx={[
        {
          display: 'block',
          width: '100%',
          height: '100%',
          objectFit: 'cover',
          bgcolor: 'grey.900',
        },
        mirrored ? { transform: 'scaleX(-1)' } : {},
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    />
  );
}
