// The Leaflet half of the pharmacy map (loaded on demand: Leaflet stays out of other pages).
// OpenStreetMap tiles (or the configured source) with their attribution; one keyboard-reachable
// marker per pharmacy; choosing a marker selects the pharmacy, and the selected one is kept in view.
import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { MapContainer, Marker, TileLayer, useMap } from 'react-leaflet';
import type { PharmacyMarker } from '../api/pharmacy.api';

export interface LeafletMapProps {
  center: { lat: number; lng: number };
  zoom: number;
  markers: PharmacyMarker[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  tiles: { url: string; attribution: string };
  /** Called when tiles fail and none has loaded (offline, blocked tile server). */
  onTilesFailed: () => void;
  /** Accessible name of the map. */
  label: string;
  colors: { marker: string; selected: string };
}

function pinIcon(color: string, selected: boolean) {
  const size = selected ? 30 : 22;
  return L.divIcon({
    className: 'pharmacy-marker',
    html: `<span style="display:block;width:${size}px;height:${size}px;border-radius:50% 50% 50% 0;transform:rotate(-45deg);background:${color};border:2px solid #fff;box-shadow:0 1px 4px rgba(0,0,0,.45)"></span>`,
    iconSize: [size, size],
    iconAnchor: [size / 2, size],
  });
}

function KeepInView({ target }: { target: { lat: number; lng: number } | null }) {
  const map = useMap();
  useEffect(() => {
    if (target && !map.getBounds().pad(-0.1).contains([target.lat, target.lng])) {
      map.panTo([target.lat, target.lng]);
    }
  }, [map, target]);
  return null;
}

/** One marker: a button (Leaflet gives it role and tabindex) named after the pharmacy. */
function PharmacyPin({ marker: m, selected, icon, onSelect }: { marker: PharmacyMarker; selected: boolean; icon: L.DivIcon; onSelect: (id: string) => void }) {
  const ref = useRef<L.Marker>(null);
  const label = `${m.name}${m.distanceMiles !== null ? `, ${m.distanceMiles.toFixed(1)} miles` : ''}`;
  const describe = useCallback(() => {
    const el = ref.current?.getElement();
    if (!el) return;
    el.setAttribute('aria-label', label);
    el.setAttribute('aria-pressed', String(selected));
    el.dataset.pharmacyId = m.id;
  }, [label, selected, m.id]);
  // Runs after the marker (a child) was added or got its new icon.
  useEffect(describe, [describe, icon]);
  return (
    <Marker
      ref={ref}
      position={[m.lat, m.lng]}
      icon={icon}
      zIndexOffset={selected ? 1000 : 0}
      title={m.name}
      keyboard
      eventHandlers={{
        add: describe,
        click: () => onSelect(m.id),
        // A role="button" element is chosen with Enter or Space, like a real button.
        keydown: (e: L.LeafletKeyboardEvent) => {
          const key = e.originalEvent.key;
          if (key === 'Enter' || key === ' ') {
            e.originalEvent.preventDefault();
            onSelect(m.id);
          }
        },
      }}
    />
  );
}

export default function LeafletMap({ center, zoom, markers, selectedId, onSelect, tiles, onTilesFailed, label, colors }: LeafletMapProps) {
  const icons = useMemo(() => ({ normal: pinIcon(colors.marker, false), selected: pinIcon(colors.selected, true) }), [colors]);
  const tileState = useRef({ loaded: 0, failed: false });
  const selected = markers.find((m) => m.id === selectedId) ?? null;

  return (
    <MapContainer
      center={[center.lat, center.lng]}
      zoom={zoom}
      scrollWheelZoom={false}
      style={{ height: '100%', width: '100%' }}
      ref={(instance) => {
        // The map's container takes keyboard focus (arrow keys pan): give it a name.
        const el = instance?.getContainer();
        el?.setAttribute('role', 'region');
        el?.setAttribute('aria-label', label);
      }}
    >
      <TileLayer
        url={tiles.url}
        attribution={tiles.attribution}
        eventHandlers={{
          tileload: () => {
            tileState.current.loaded += 1;
          },
          tileerror: () => {
            if (tileState.current.loaded === 0 && !tileState.current.failed) {
              tileState.current.failed = true;
              onTilesFailed();
            }
          },
        }}
      />
      {markers.map((m) => (
        <PharmacyPin
          key={m.id}
          marker={m}
          selected={m.id === selectedId}
          icon={m.id === selectedId ? icons.selected : icons.normal}
          onSelect={onSelect}
        />
      ))}
      <KeepInView target={selected} />
    </MapContainer>
  );
}
