// A grey placeholder in the shape of text or a picture while content loads: what MUI's Skeleton
// draws (same proportions, a gentle pulse, none with reduced motion), in a few lines, because the
// first page would otherwise download Skeleton for its loading states (issue 19's budget).
import Box from '@mui/material/Box';
import { keyframes, type SxProps, type Theme } from '@mui/material/styles';

const pulse = keyframes`
  0% { opacity: 1; }
  50% { opacity: 0.4; }
  100% { opacity: 1; }
`;

export interface PlaceholderProps {
  variant?: 'text' | 'rectangular';
  width?: number | string;
  sx?: SxProps<Theme>;
}

export function Placeholder({ variant = 'text', width, sx }: PlaceholderProps) {
  return (
    <Box
      component="span"
      aria-hidden
      sx={[
        {
          display: 'block',
          bgcolor: 'action.hover',
          width,
          animation: `${pulse} 2s ease-in-out 0.5s infinite`,
          '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
        },
        variant === 'text'
          ? { height: 'auto', mt: 0, mb: 0, transform: 'scale(1, 0.6)', transformOrigin: '0 55%', borderRadius: 1, '&:empty:before': { content: '"\\00a0"' } }
          : {},
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    />
  );
}
