// Pharmacies on a map and in a list side by side (issue 5): choosing either selects both. The map
// uses Leaflet with OpenStreetMap tiles (or the server's MAP_TILE_URL); when tiles cannot load,
// or the map cannot start at all, a notice says so and the list keeps working.
import { zipSchema } from '@store/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { Component, lazy, Suspense, useId, useMemo, useState, type ReactNode } from 'react';
import { EmptyState, ErrorState, LoadingState } from '@/components/PageState';
import { StatusButton } from '@/components/StatusButton';
import { isApiError } from '@/lib/api';
import { usePharmacyMap, type Pharmacy } from '../api/pharmacy.api';
import { PharmacyList } from './PharmacyList';

const LeafletMap = lazy(() => import('./LeafletMap'));

/** The map itself could not start (Leaflet failed, its code did not download): the list remains. */
export const MAP_UNAVAILABLE = 'The map could not be loaded. You can still choose a pharmacy from the list.';
/** The map's images (tiles) could not load, e.g. offline: the markers and the list still work. */
export const TILES_UNAVAILABLE =
  'The map images could not be loaded. You can still choose a pharmacy from the list or by its marker.';

export interface PharmacyMapProps {
  /** The ZIP to centre on (e.g. the shipping address's); the patient can change it. */
  initialZip?: string;
  radiusMiles?: number;
  selectedId: string | null;
  onSelect: (pharmacy: Pharmacy) => void;
}

/** Leaflet zoom that shows about the radius around the centre in a ~500px map. */
export function zoomForRadius(miles: number): number {
  if (miles <= 3) return 14;
  if (miles <= 6) return 13;
  if (miles <= 12) return 12;
  if (miles <= 25) return 11;
  if (miles <= 50) return 10;
  return 9;
}

/** Any failure inside the map (Leaflet, its chunk not loading) becomes the notice, not a broken page. */
class MapBoundary extends Component<{ onError: () => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch() {
    this.props.onError();
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

export function PharmacyMap({ initialZip, radiusMiles = 25, selectedId, onSelect }: PharmacyMapProps) {
  const id = useId();
  const theme = useTheme();
  const [zip, setZip] = useState<string | null>(initialZip ?? null);
  const [zipInput, setZipInput] = useState(initialZip ?? '');
  const [zipError, setZipError] = useState<string | null>(null);
  const [mapFailed, setMapFailed] = useState(false);
  const [tilesFailed, setTilesFailed] = useState(false);
  const map = usePharmacyMap(zip, radiusMiles);
  const colors = useMemo(
    () => ({ marker: theme.palette.primary.main, selected: theme.palette.secondary.main }),
    [theme],
  );

  const serverZipError = isApiError(map.error) ? map.error.fieldError('zip') : undefined;
  const shownZipError = zipError ?? serverZipError ?? null;

  const showZip = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = zipSchema.safeParse(zipInput);
    if (!parsed.success) {
      setZipError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setZipError(null);
    setZip(parsed.data);
  };

  let body: ReactNode = (
    <Typography color="text.secondary">Enter your ZIP code to see the pharmacies near you.</Typography>
  );
  if (zip && map.isPending) {
    body = <LoadingState label="Loading pharmacies near you…" />;
  } else if (zip && map.isError) {
    body = serverZipError ? null : (
      <ErrorState error={map.error} onRetry={() => void map.refetch()} retrying={map.isFetching} />
    );
  } else if (zip && map.data && map.data.markers.length === 0) {
    body = (
      <EmptyState
        headingComponent="h3"
        title="No pharmacies found"
        body={`We found no pharmacies within ${map.data.radiusMiles} miles of ${map.data.center.label}. Try another ZIP code or search by city or name.`}
      />
    );
  } else if (zip && map.data) {
    const data = map.data;
    const byId = new Map(data.markers.map((m) => [m.id, m]));
    body = (
      <Stack spacing={2}>
        <Typography role="status" aria-live="polite" variant="body2">
          {`${data.markers.length} ${data.markers.length === 1 ? 'pharmacy' : 'pharmacies'} within ${data.radiusMiles} miles of ${data.center.label}`}
        </Typography>
        {mapFailed || tilesFailed ? (
          <Alert severity="info" role="status">
            {mapFailed ? MAP_UNAVAILABLE : TILES_UNAVAILABLE}
          </Alert>
        ) : null}
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', md: mapFailed ? '1fr' : 'minmax(280px, 2fr) 3fr' },
          }}
        >
          <Box sx={{ maxHeight: { md: 520 }, overflowY: { md: 'auto' }, pr: { md: 1 }, order: { xs: 2, md: 1 } }}>
            <PharmacyList
              pharmacies={data.markers}
              selectedId={selectedId}
              onSelect={onSelect}
              label="Pharmacies on the map"
              scrollToSelected
            />
          </Box>
          {mapFailed ? null : (
            <Box
              sx={{ height: { xs: 320, md: 520 }, order: { xs: 1, md: 2 }, borderRadius: 1, overflow: 'hidden', bgcolor: 'grey.100' }}
              data-testid="pharmacy-map"
            >
              <MapBoundary onError={() => setMapFailed(true)}>
                <Suspense fallback={<Skeleton variant="rectangular" height="100%" aria-hidden="true" />}>
                  <LeafletMap
                    center={data.center}
                    zoom={zoomForRadius(data.radiusMiles)}
                    markers={data.markers}
                    selectedId={selectedId}
                    onSelect={(markerId) => {
                      const pharmacy = byId.get(markerId);
                      if (pharmacy) onSelect(pharmacy);
                    }}
                    tiles={data.tiles}
                    onTilesFailed={() => setTilesFailed(true)}
                    label={`Map of pharmacies near ${data.center.label}`}
                    colors={colors}
                  />
                </Suspense>
              </MapBoundary>
            </Box>
          )}
        </Box>
      </Stack>
    );
  }

  return (
    <Stack spacing={3}>
      <Box component="form" role="search" aria-label="Pharmacies near a ZIP code" noValidate onSubmit={showZip}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
          <TextField
            id={`${id}-zip`}
            label="ZIP code"
            value={zipInput}
            onChange={(e) => setZipInput(e.target.value)}
            error={Boolean(shownZipError)}
            helperText={shownZipError}
            autoComplete="postal-code"
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 10 } }}
          />
          <StatusButton type="submit" status={zip && map.isFetching ? 'loading' : 'idle'}>
            Show pharmacies
          </StatusButton>
        </Stack>
      </Box>
      {body}
    </Stack>
  );
}
