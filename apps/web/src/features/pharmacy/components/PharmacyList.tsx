// Pharmacies as a list of radios: name, address, phone and (after a ZIP search) the distance.
// Used by the search results and beside the map; the selected one scrolls into view.
import { formatUsAddress, formatUsPhone } from '@store/domain';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef } from 'react';
import type { Pharmacy } from '../api/pharmacy.api';

export interface PharmacyListProps {
  pharmacies: Pharmacy[];
  selectedId: string | null;
  onSelect: (pharmacy: Pharmacy) => void;
  /** Accessible name of the radio group. */
  label: string;
  /** Scroll the selected pharmacy into view when it changes (e.g. chosen on the map). */
  scrollToSelected?: boolean;
}

/** "2.3 mi" (one decimal, as the server rounds). */
export function formatMiles(miles: number): string {
  return `${miles.toFixed(1)} mi`;
}

export function pharmacyAddressLine(p: Pharmacy): string {
  const a = p.pharmacyAddress;
  return formatUsAddress({ line1: a.address, city: a.city, state: a.state, zip: a.zip });
}

export function PharmacyList({ pharmacies, selectedId, onSelect, label, scrollToSelected = false }: PharmacyListProps) {
  const name = useId();
  const listRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!scrollToSelected || !selectedId) return;
    const item = listRef.current?.querySelector<HTMLElement>(`[data-pharmacy-id="${CSS.escape(selectedId)}"]`);
    item?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [selectedId, scrollToSelected]);

  return (
    <RadioGroup
      ref={listRef}
      name={name}
      aria-label={label}
      value={selectedId && pharmacies.some((p) => p.id === selectedId) ? selectedId : ''}
      onChange={(_, id) => {
        const pharmacy = pharmacies.find((p) => p.id === id);
        if (pharmacy) onSelect(pharmacy);
      }}
    >
      <Stack spacing={1}>
        {pharmacies.map((p) => (
          <Paper
            key={p.id}
            variant="outlined"
            data-pharmacy-id={p.id}
            sx={{ px: 2, py: 1, borderColor: p.id === selectedId ? 'primary.main' : undefined, borderWidth: p.id === selectedId ? 2 : 1 }}
          >
            <FormControlLabel
              value={p.id}
              control={<Radio />}
              sx={{ alignItems: 'flex-start', width: '100%', m: 0, '& .MuiRadio-root': { mt: 0.25 }, '& .MuiFormControlLabel-label': { flex: 1 } }}
              label={
                <Box component="span" sx={{ display: 'block', py: 0.5 }}>
                  <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
                    <Typography component="span" sx={{ fontWeight: 600 }}>
                      {p.name}
                    </Typography>
                    {p.distanceMiles !== null ? (
                      <Typography component="span" variant="body2" sx={{ whiteSpace: 'nowrap' }}>
                        {formatMiles(p.distanceMiles)}
                      </Typography>
                    ) : null}
                  </Box>
                  <Typography component="span" sx={{ display: 'block' }}>
                    {pharmacyAddressLine(p)}
                  </Typography>
                  <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                    {formatUsPhone(p.phone)}
                    {p.isPatientCreated ? ' · Added by you' : ''}
                  </Typography>
                </Box>
              }
            />
          </Paper>
        ))}
      </Stack>
    </RadioGroup>
  );
}
