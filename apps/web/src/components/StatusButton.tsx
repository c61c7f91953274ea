// A button with the three display states of SPEC §4: loading (spinner, aria-busy), done (a tick) and
// disabled, on top of the idle state.
//
// Loading is not `disabled`: a disabled button loses keyboard focus (it drops to the page) the moment
// the patient presses it. While loading the button stays focusable and is marked
// `aria-disabled="true"`; a click, Enter or Space (and so a form's submit) is ignored until it is
// idle again. A button the caller disables (`disabled`) stays truly disabled. MUI's own `loading`
// prop always disables the button, so the spinner is drawn here, in MUI's place and colours.
import CheckIcon from '@mui/icons-material/Check';
import Box from '@mui/material/Box';
import Button, { type ButtonProps } from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import type { Theme } from '@mui/material/styles';
import { useId, type MouseEvent } from 'react';

export type ButtonStatus = 'idle' | 'loading' | 'done';

export interface StatusButtonProps extends Omit<ButtonProps, 'loading'> {
  /** `loading` shows a spinner and ignores presses (keeping focus); `done` shows a tick after the label. */
  status?: ButtonStatus;
  /** Accessible name of the tick, read after the label when done. */
  doneLabel?: string;
}

/** The look of MUI's loading button (label hidden, greyed), without its `disabled`. */
const loadingSx = (theme: Theme) => {
  const { action } = (theme.vars ?? theme).palette;
  return {
    color: 'transparent',
    cursor: 'progress',
    '&.MuiButton-contained, &.MuiButton-contained:hover': {
      backgroundColor: action.disabledBackground,
      boxShadow: 'none',
    },
    '&.MuiButton-outlined, &.MuiButton-outlined:hover': {
      borderColor: action.disabledBackground,
      backgroundColor: 'transparent',
    },
    '&.MuiButton-text:hover': { backgroundColor: 'transparent' },
  };
};

export function StatusButton({
  status = 'idle',
  disabled,
  doneLabel = 'Done',
  endIcon,
  variant = 'contained',
  id,
  onClick,
  sx,
  children,
  ...props
}: StatusButtonProps) {
  const loading = status === 'loading';
  const generatedId = useId();
  const buttonId = id ?? (loading ? generatedId : undefined);
  const handleClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (loading) {
      // Also stops a submit button's form submission, by click or by Enter in a field.
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };
  return (
    <Button
      {...props}
      id={buttonId}
      variant={variant}
      disabled={disabled}
      aria-disabled={(loading && !disabled) || undefined}
      aria-busy={loading || undefined}
      data-status={status}
      onClick={handleClick}
      disableRipple={loading || props.disableRipple}
      sx={[...(loading ? [loadingSx] : []), ...(Array.isArray(sx) ? sx : [sx])]}
      endIcon={status === 'done' ? <CheckIcon titleAccess={doneLabel} /> : endIcon}
    >
      {/* Always rendered, like MUI's loading wrapper, so a translated label never trips React. */}
      <span style={{ display: 'contents' }}>
        {loading ? (
          <Box
            component="span"
            sx={{
              position: 'absolute',
              left: '50%',
              transform: 'translate(-50%)',
              display: 'flex',
              color: 'action.disabled',
            }}
          >
            <CircularProgress aria-labelledby={buttonId} color="inherit" size={16} />
          </Box>
        ) : null}
      </span>
      {children}
    </Button>
  );
}
