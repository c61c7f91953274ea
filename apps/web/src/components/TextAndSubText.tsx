// A heading with its supporting line. `useAltTextAndSubTextWrapper` swaps the plain stack for the
// alternative wrapper: centred on a tinted panel with an accent rule (SPEC §3 feature flags).
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useStoreConfig } from '@/shared/storefront';

export interface TextAndSubTextProps {
  text: ReactNode;
  subText?: ReactNode;
  component?: 'h1' | 'h2' | 'h3';
  id?: string;
}

export function TextAndSubText({ text, subText, component = 'h2', id }: TextAndSubTextProps) {
  const { flags } = useStoreConfig();
  const variant = component === 'h1' ? 'h1' : component === 'h2' ? 'h2' : 'h3';
  if (flags.useAltTextAndSubTextWrapper) {
    return (
      <Box
        data-testid="alt-text-wrapper"
        sx={{ bgcolor: 'store.primaryLightest', borderRadius: 1, px: { xs: 2, md: 4 }, py: 3, textAlign: 'center' }}
      >
        <Typography id={id} variant={variant} component={component}>
          {text}
        </Typography>
        <Box aria-hidden="true" sx={{ width: 48, height: 4, bgcolor: 'secondary.main', mx: 'auto', my: 1.5, borderRadius: 2 }} />
        {subText ? <Typography variant="subtitle1">{subText}</Typography> : null}
      </Box>
    );
  }
  return (
    <Box>
      <Typography id={id} variant={variant} component={component} gutterBottom={Boolean(subText)}>
        {text}
      </Typography>
      {subText ? (
        <Typography variant="subtitle1" color="text.secondary">
          {subText}
        </Typography>
      ) : null}
    </Box>
  );
}
