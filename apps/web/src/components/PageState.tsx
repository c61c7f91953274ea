// The states every page and panel shows while it waits, when it has nothing, or when a call fails
// (SPEC §4 "Every call has loading, success and failure outcomes").
import { MESSAGES } from '@store/domain';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import { Placeholder } from './Placeholder';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useContext, type ReactNode } from 'react';
import { isApiError, isConnectionError } from '@/lib/api';
import { telHref } from '@/shared/contact';
import { StoreConfigContext } from '@/shared/storefront';
import { StatusButton } from './StatusButton';
import { visuallyHidden } from './visuallyHidden';

type HeadingElement = 'h1' | 'h2' | 'h3';

export interface LoadingStateProps {
  /** Read to screen readers while the skeletons show. */
  label?: string;
  /** Number of text lines sketched under the heading skeleton. */
  lines?: number;
}

/** Skeletons in the shape of a heading and a few lines, announced politely. */
export function LoadingState({ label = 'Loading…', lines = 3 }: LoadingStateProps) {
  return (
    <Box role="status" aria-live="polite" sx={{ py: 3 }}>
      <Box component="span" sx={visuallyHidden}>
        {label}
      </Box>
      <Box aria-hidden="true">
        <Placeholder variant="text" sx={{ fontSize: '2rem', width: '60%' }} />
        {Array.from({ length: lines }, (_, i) => (
          <Placeholder key={i} variant="text" sx={{ width: i === lines - 1 ? '40%' : '100%' }} />
        ))}
      </Box>
    </Box>
  );
}

/** A centred spinner filling the viewport, for before the storefront's theme is known. */
export function FullPageLoading({ label = 'Loading the store…' }: { label?: string }) {
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}
    >
      <CircularProgress aria-hidden="true" />
      <Box component="span" sx={visuallyHidden}>
        {label}
      </Box>
    </Box>
  );
}

export interface EmptyStateProps {
  title: string;
  body?: ReactNode;
  /** Usually a button or link that gets the patient going again. */
  action?: ReactNode;
  headingComponent?: HeadingElement;
}

export function EmptyState({ title, body, action, headingComponent = 'h2' }: EmptyStateProps) {
  return (
    <Stack spacing={2} sx={{ py: 4, alignItems: 'flex-start' }}>
      <Typography variant="h3" component={headingComponent}>
        {title}
      </Typography>
      {body ? <Typography component="div">{body}</Typography> : null}
      {action}
    </Stack>
  );
}

export interface ErrorStateProps {
  error: unknown;
  /** Shows a Retry button that calls this. */
  onRetry?: () => void;
  /** True while the retry runs: the button shows its loading state. */
  retrying?: boolean;
  /** An optional heading above the message. */
  title?: string;
  headingComponent?: HeadingElement;
}

/** The user-facing sentences for an error: the spec's connection wording or the problem's detail. */
export function errorMessages(error: unknown): { message: string; support: string | null } {
  if (isConnectionError(error)) {
    return { message: MESSAGES.CONNECTION_ERROR, support: MESSAGES.CONNECTION_ERROR_SUPPORT };
  }
  if (isApiError(error)) return { message: error.detail, support: null };
  return { message: MESSAGES.INTERNAL, support: MESSAGES.CONNECTION_ERROR_SUPPORT };
}

/** The same sentences as one line, for a message shown inline (SPEC §8: the connection message is "Followed by" the support line). */
export function errorText(error: unknown): string {
  const { message, support } = errorMessages(error);
  return support ? `${message} ${support}` : message;
}

export function ErrorState({
  error,
  onRetry,
  retrying = false,
  title,
  headingComponent = 'h2',
}: ErrorStateProps) {
  const { message, support } = errorMessages(error);
  // The error can show before the storefront config has loaded, so the contacts are optional.
  const settings = useContext(StoreConfigContext)?.settings;
  const phone = settings?.supportPhone;
  const email = settings?.supportEmail;
  return (
    <Stack spacing={2} sx={{ py: 4, alignItems: 'flex-start' }}>
      {title ? (
        <Typography variant="h2" component={headingComponent}>
          {title}
        </Typography>
      ) : null}
      <Box role="alert">
        <Typography>{message}</Typography>
        {support ? (
          <Typography sx={{ mt: 1 }}>
            {support}
            {phone ? (
              <>
                {' '}
                <Link href={telHref(phone)}>{phone}</Link>
              </>
            ) : null}
            {email ? (
              <>
                {' '}
                <Link href={`mailto:${email}`}>{email}</Link>
              </>
            ) : null}
          </Typography>
        ) : null}
      </Box>
      {onRetry ? (
        <StatusButton status={retrying ? 'loading' : 'idle'} onClick={onRetry}>
          Retry
        </StatusButton>
      ) : null}
    </Stack>
  );
}
