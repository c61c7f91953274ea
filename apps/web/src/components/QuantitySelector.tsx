// Choose a quantity within the product's range with − and + (SPEC §3 qtyRange), keyboard friendly.
import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/Remove';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

export interface QuantitySelectorProps {
  value: number;
  min: number;
  max: number;
  onChange: (qty: number) => void;
  disabled?: boolean;
  /** Names what is counted, for screen readers: "Quantity of Minoxidil 5% Foam". */
  label: string;
}

export function QuantitySelector({ value, min, max, onChange, disabled = false, label }: QuantitySelectorProps) {
  return (
    <Stack direction="row" spacing={1} role="group" aria-label={label} sx={{ alignItems: 'center' }}>
      <IconButton
        aria-label="Decrease quantity"
        onClick={() => onChange(Math.max(min, value - 1))}
        disabled={disabled || value <= min}
        size="small"
        sx={{ border: 1, borderColor: 'divider' }}
      >
        <RemoveIcon fontSize="small" />
      </IconButton>
      <Typography component="output" aria-live="polite" aria-label="Quantity" sx={{ minWidth: 28, textAlign: 'center', fontWeight: 600 }}>
        {value}
      </Typography>
      <IconButton
        aria-label="Increase quantity"
        onClick={() => onChange(Math.min(max, value + 1))}
        disabled={disabled || value >= max}
        size="small"
        sx={{ border: 1, borderColor: 'divider' }}
      >
        <AddIcon fontSize="small" />
      </IconButton>
    </Stack>
  );
}
