import { MESSAGES } from '@store/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '@/test/axe';
import { fakeApi, problem } from '@/test/fakeApi';
import { renderWithStore } from '@/test/render';
import type { Pharmacy } from '../api/pharmacy.api';
import { mapData } from './fixtures';
import { PharmacyMap, TILES_UNAVAILABLE, zoomForRadius } from './PharmacyMap';

// Typing into MUI forms in jsdom is slow on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  vi.unstubAllGlobals();
});

function Harness({ onSelect, initialZip = '78701' }: { onSelect?: (p: Pharmacy) => void; initialZip?: string }) {
  const [selected, setSelected] = useState<string | null>(null);
  return (
    <PharmacyMap
      initialZip={initialZip || undefined}
      selectedId={selected}
      onSelect={(p) => {
        setSelected(p.id);
        onSelect?.(p);
      }}
    />
  );
}

/** The Leaflet markers (buttons Leaflet renders in its marker pane). */
async function markers() {
  const map = await screen.findByRole('region', { name: 'Map of pharmacies near Austin, TX 78701' });
  await waitFor(() => expect(map.querySelectorAll('.leaflet-marker-icon').length).toBeGreaterThan(0));
  return { map, pins: [...map.querySelectorAll<HTMLElement>('.leaflet-marker-icon')] };
}

describe('PharmacyMap', () => {
  it('shows the list and the map side by side, with OpenStreetMap tiles and their attribution', async () => {
    // issue 5 "pharmacy map (Leaflet + OpenStreetMap tiles ...; markers and the list side by side)"
    const { calls } = fakeApi([['GET', '/api/pharmacies/map', () => ({ body: mapData() })]]);
    const { container } = renderWithStore(<Harness />);
    const list = await screen.findByRole('radiogroup', { name: 'Pharmacies on the map' });
    expect(within(list).getAllByRole('radio')).toHaveLength(3);
    expect(calls[0]!.query.get('zip')).toBe('78701');
    const { map, pins } = await markers();
    expect(pins).toHaveLength(3);
    expect(pins.map((p) => p.getAttribute('aria-label'))).toEqual([
      'Maple Street Pharmacy, 0.4 miles',
      'Medivale Pharmacy #1234, 1.8 miles',
      'Riverside Apothecary, 6.3 miles',
    ]);
    expect(pins.every((p) => p.getAttribute('role') === 'button' && p.tabIndex === 0)).toBe(true);
    const tile = await waitFor(() => {
      const img = map.querySelector<HTMLImageElement>('img.leaflet-tile');
      expect(img).not.toBeNull();
      return img!;
    });
    expect(tile.src).toMatch(/^https:\/\/[abc]\.tile\.openstreetmap\.org\/11\/\d+\/\d+\.png$/);
    expect(within(map).getByRole('link', { name: 'OpenStreetMap' })).toHaveAttribute('href', 'https://www.openstreetmap.org/copyright');
    expect(screen.getByText('3 pharmacies within 25 miles of Austin, TX 78701')).toBeInTheDocument();
    await expectNoAxeViolations(container);
  });

  it('selecting in the list selects the marker, and choosing a marker selects the list item', async () => {
    // issue 5 "selecting either selects both"
    fakeApi([['GET', '/api/pharmacies/map', () => ({ body: mapData() })]]);
    const onSelect = vi.fn();
    const user = userEvent.setup({ delay: null });
    renderWithStore(<Harness onSelect={onSelect} />);
    const { map } = await markers();
    const pin = (name: string) => within(map).getByRole('button', { name: new RegExp(`^${name}`) });

    await user.click(screen.getByRole('radio', { name: /Riverside Apothecary/ }));
    expect(onSelect).toHaveBeenLastCalledWith(expect.objectContaining({ id: 'p3' }));
    await waitFor(() => expect(pin('Riverside Apothecary')).toHaveAttribute('aria-pressed', 'true'));
    expect(pin('Maple Street Pharmacy')).toHaveAttribute('aria-pressed', 'false');

    fireEvent.click(pin('Medivale Pharmacy'));
    expect(onSelect).toHaveBeenLastCalledWith(expect.objectContaining({ id: 'p2' }));
    expect(screen.getByRole('radio', { name: /Medivale Pharmacy/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /Riverside Apothecary/ })).not.toBeChecked();
    await waitFor(() => expect(pin('Medivale Pharmacy')).toHaveAttribute('aria-pressed', 'true'));

    // keyboard: Enter or Space on a focused marker chooses it too
    const maple = pin('Maple Street Pharmacy');
    maple.focus();
    fireEvent.keyDown(maple, { key: 'Enter', code: 'Enter' });
    await waitFor(() => expect(screen.getByRole('radio', { name: /Maple Street Pharmacy/ })).toBeChecked());
    fireEvent.keyDown(pin('Riverside Apothecary'), { key: ' ', code: 'Space' });
    await waitFor(() => expect(screen.getByRole('radio', { name: /Riverside Apothecary/ })).toBeChecked());
    fireEvent.keyDown(pin('Medivale Pharmacy'), { key: 'a', code: 'KeyA' });
    expect(screen.getByRole('radio', { name: /Riverside Apothecary/ })).toBeChecked();
  });

  it('keeps the list and the markers working when the tiles cannot load', async () => {
    // issue 5 "the list works when tiles cannot load" (this machine has no internet)
    fakeApi([['GET', '/api/pharmacies/map', () => ({ body: mapData() })]]);
    const onSelect = vi.fn();
    const user = userEvent.setup({ delay: null });
    renderWithStore(<Harness onSelect={onSelect} />);
    const { map } = await markers();
    const tiles = await waitFor(() => {
      const imgs = map.querySelectorAll('img.leaflet-tile');
      expect(imgs.length).toBeGreaterThan(0);
      return imgs;
    });
    expect(screen.queryByText(TILES_UNAVAILABLE)).not.toBeInTheDocument();
    for (const img of tiles) fireEvent.error(img);
    expect(await screen.findByText(TILES_UNAVAILABLE)).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /Medivale Pharmacy/ }));
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ id: 'p2' }));
    expect(screen.getByRole('radio', { name: /Medivale Pharmacy/ })).toBeChecked();
    fireEvent.click(within(map).getByRole('button', { name: /^Riverside Apothecary/ }));
    expect(screen.getByRole('radio', { name: /Riverside Apothecary/ })).toBeChecked();
  });

  it('asks for a ZIP first, checks it, then loads that ZIP', async () => {
    const { calls } = fakeApi([['GET', '/api/pharmacies/map', () => ({ body: mapData() })]]);
    const user = userEvent.setup({ delay: null });
    renderWithStore(<Harness initialZip="" />);
    expect(screen.getByText('Enter your ZIP code to see the pharmacies near you.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('ZIP code'), '7870');
    await user.click(screen.getByRole('button', { name: 'Show pharmacies' }));
    expect(screen.getByLabelText('ZIP code')).toHaveAccessibleDescription(MESSAGES.ZIP_INVALID);
    expect(calls).toHaveLength(0);
    await user.type(screen.getByLabelText('ZIP code'), '1');
    await user.click(screen.getByRole('button', { name: 'Show pharmacies' }));
    expect(await screen.findByRole('radiogroup', { name: 'Pharmacies on the map' })).toBeInTheDocument();
    expect(calls[0]!.query.get('zip')).toBe('78701');
  });

  it('shows the empty state, the unknown-ZIP message and the connection error', async () => {
    let answer: 'empty' | 'unknown' | 'down' = 'empty';
    fakeApi([['GET', '/api/pharmacies/map', () => {
      if (answer === 'empty') return { body: { ...mapData([]), center: { lat: 45.78, lng: -108.5, zip: '59101', label: 'Billings, MT 59101' } } };
      if (answer === 'unknown') return problem(400, 'ZIP_UNKNOWN', MESSAGES.ZIP_UNKNOWN, [{ field: 'zip', message: MESSAGES.ZIP_UNKNOWN }]);
      return { status: 502 };
    }]]);
    const user = userEvent.setup({ delay: null });
    renderWithStore(<Harness initialZip="59101" />);
    expect(await screen.findByRole('heading', { name: 'No pharmacies found' })).toBeInTheDocument();
    expect(screen.getByText(/within 25 miles of Billings, MT 59101/)).toBeInTheDocument();

    answer = 'unknown';
    const zip = screen.getByLabelText('ZIP code');
    await user.clear(zip);
    await user.type(zip, '00000');
    await user.click(screen.getByRole('button', { name: 'Show pharmacies' }));
    await waitFor(() => expect(screen.getByLabelText('ZIP code')).toHaveAccessibleDescription(MESSAGES.ZIP_UNKNOWN));

    answer = 'down';
    await user.clear(zip);
    await user.type(zip, '10001');
    await user.click(screen.getByRole('button', { name: 'Show pharmacies' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.CONNECTION_ERROR);
  });

  it.each<[number, number]>([
    [3, 14],
    [10, 12],
    [25, 11],
    [50, 10],
    [100, 9],
  ])('zooms to show %i miles at zoom %i', (miles, zoom) => {
    expect(zoomForRadius(miles)).toBe(zoom);
  });
});
