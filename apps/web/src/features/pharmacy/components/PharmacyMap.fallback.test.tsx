// When the map cannot start at all (Leaflet throws, its code does not download), the list stays.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/test/fakeApi';
import { renderWithStore } from '@/test/render';
import { mapData } from './fixtures';
import { MAP_UNAVAILABLE, PharmacyMap } from './PharmacyMap';

vi.mock('./LeafletMap', () => ({
  default: () => {
    throw new Error('Leaflet could not start');
  },
}));

afterEach(() => {
  vi.unstubAllGlobals();
});

function Harness() {
  const [selected, setSelected] = useState<string | null>(null);
  return <PharmacyMap initialZip="78701" selectedId={selected} onSelect={(p) => setSelected(p.id)} />;
}

describe('PharmacyMap without a map', () => {
  it('says so and keeps the list choosable', async () => {
    // issue 5 "the list works when tiles cannot load"
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeApi([['GET', '/api/pharmacies/map', () => ({ body: mapData() })]]);
    const user = userEvent.setup({ delay: null });
    renderWithStore(<Harness />);
    expect(await screen.findByText(MAP_UNAVAILABLE)).toBeInTheDocument();
    expect(screen.queryByTestId('pharmacy-map')).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /Maple Street Pharmacy/ }));
    expect(screen.getByRole('radio', { name: /Maple Street Pharmacy/ })).toBeChecked();
  });
});
