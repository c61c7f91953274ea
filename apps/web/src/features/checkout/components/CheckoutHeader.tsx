// The band above every checkout stage: Back, and the progress steps with the current page's step
// marked. Shared by the checkout layout and the Register stage's frame (/register).
import { progressStepForPath, type CheckoutProgressView, type ProgressStep } from '@store/domain';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import { useLocation, useNavigate } from 'react-router';
import { CheckoutProgressBar } from './CheckoutProgressBar';

function BackButton() {
  const navigate = useNavigate();
  const back = () => {
    // The router keeps its own history index; without earlier entries go to the cart.
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) void navigate(-1);
    else void navigate('/cart');
  };
  return (
    <Button onClick={back} startIcon={<ArrowBackIcon />} sx={{ color: 'store.backText', px: 0 }}>
      Back
    </Button>
  );
}

export type HeaderProgress = Pick<CheckoutProgressView, 'stages' | 'missingStages'>;

/**
 * `progress` null: not known yet (Back alone). `back` false after payment: the stages behind the
 * patient are closed (Back would land on an empty checkout), the page itself says where to go next.
 */
export function CheckoutHeader({
  progress,
  back = true,
  step,
}: {
  progress: HeaderProgress | null;
  back?: boolean;
  /** The step to mark when the page's path is not a checkout path of its own (register by passcode). */
  step?: ProgressStep;
}) {
  const { pathname } = useLocation();
  return (
    <Box
      sx={{ bgcolor: 'store.checkoutHeaderBackground', borderBottom: 1, borderColor: 'divider' }}
    >
      <Container sx={{ pt: back ? 1 : 2 }}>
        {back ? <BackButton /> : null}
        {progress ? (
          <CheckoutProgressBar progress={progress} current={step ?? progressStepForPath(pathname)} />
        ) : null}
      </Container>
    </Box>
  );
}
