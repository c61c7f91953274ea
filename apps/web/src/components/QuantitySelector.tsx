// Choose a quantity within the product's range with − and + (SPEC §3 qtyRange), keyboard friendly.
// A step that cannot be taken (at the range's end, or while the cart saves) is marked
// aria-disabled rather than disabled: a disabled button loses focus, and a keyboard user pressing
// − or + would be thrown back to the top of the page.
import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/Remove';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface QuantitySelectorProps {
  value: number;
  min: number;
  max: number;
  onChange: (qty: number) => void;
  disabled?: boolean;
  /** Names what is counted, for screen readers: "Quantity of Minoxidil 5% Foam". */
  label: string;
}

function StepButton({
  label,
  inactive,
  onStep,
  children,
}: {
  label: string;
  inactive: boolean;
  onStep: () => void;
  children: ReactNode;
}) {
  return (
    <IconButton
      aria-label={label}
      aria-disabled={inactive || undefined}
      onClick={inactive ? undefined : onStep}
      size="small"
      sx={{
        border: 1,
        borderColor: 'divider',
        ...(inactive ? { opacity: 0.38, cursor: 'default' } : {}),
      }}
    >
      {children}
    </IconButton>
  );
}

export function QuantitySelector({
  value,
  min,
  max,
  onChange,
  disabled = false,
  label,
}: QuantitySelectorProps) {
  return (
    <Stack
      direction="row"
      spacing={1}
      role="group"
      aria-label={label}
      sx={{ alignItems: 'center' }}
    >
      <StepButton
        label="Decrease quantity"
        inactive={disabled || value <= min}
        onStep={() => onChange(Math.max(min, value - 1))}
      >
        <RemoveIcon fontSize="small" />
      </StepButton>
      <Typography
        component="output"
        aria-live="polite"
        aria-label="Quantity"
        sx={{ minWidth: 28, textAlign: 'center', fontWeight: 600 }}
      >
        {value}
      </Typography>
      <StepButton
        label="Increase quantity"
        inactive={disabled || value >= max}
        onStep={() => onChange(Math.min(max, value + 1))}
      >
        <AddIcon fontSize="small" />
      </StepButton>
    </Stack>
  );
}
