// The head of an admin page (issue 18): its h1, the storefront it works on (a picker when the page
// is per storefront and the company has several), and the page's main actions.
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { useAdminStorefront } from '@/shared/admin';

export function StorefrontPicker() {
  const { storefront, storefronts, setStorefront } = useAdminStorefront();
  const labelId = useId();
  if (!storefront || storefronts.length < 2) return null;
  return (
    <FormControl size="small" sx={{ minWidth: 220 }}>
      <InputLabel id={labelId}>Storefront</InputLabel>
      <Select labelId={labelId} label="Storefront" value={storefront.id} onChange={(e) => setStorefront(String(e.target.value))}>
        {storefronts.map((s) => (
          <MenuItem key={s.id} value={s.id}>
            {s.name}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}

export function AdminPageHeader({
  title,
  perStorefront = false,
  actions,
  children,
}: {
  title: string;
  /** The page works on one storefront: show the picker. */
  perStorefront?: boolean;
  actions?: ReactNode;
  /** A line under the title. */
  children?: ReactNode;
}) {
  return (
    <Stack spacing={1} sx={{ mb: 3 }}>
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h1" sx={{ flex: 1, minWidth: 200, fontSize: { xs: 28, md: 34 } }}>
          {title}
        </Typography>
        {perStorefront ? <StorefrontPicker /> : null}
        {actions}
      </Stack>
      {children ? <Typography color="text.secondary">{children}</Typography> : null}
    </Stack>
  );
}
