import { MESSAGES } from '@store/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '@/test/axe';
import { fakeApi, problem } from '@/test/fakeApi';
import { renderWithStore } from '@/test/render';
import type { Pharmacy } from '../api/pharmacy.api';
import { nearby, pharmacy } from './fixtures';
import { PharmacySearch } from './PharmacySearch';

// Typing into MUI forms in jsdom is slow on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  vi.unstubAllGlobals();
});

function Harness({ onSelect, onAddPharmacy }: { onSelect?: (p: Pharmacy) => void; onAddPharmacy?: () => void }) {
  const [selected, setSelected] = useState<string | null>(null);
  return (
    <PharmacySearch
      selectedId={selected}
      onSelect={(p) => {
        setSelected(p.id);
        onSelect?.(p);
      }}
      onAddPharmacy={onAddPharmacy}
      pageSize={3}
    />
  );
}

const page = (items: Pharmacy[], total = items.length, pageNo = 1, origin = true) => ({
  body: {
    items,
    page: pageNo,
    pageSize: 3,
    total,
    origin: origin ? { lat: 30.27, lng: -97.74, zip: '78701', label: 'Austin, TX 78701' } : null,
    radiusMiles: origin ? 50 : null,
  },
});

describe('PharmacySearch', () => {
  it('asks for a ZIP, city or name before searching', async () => {
    const { calls } = fakeApi([]);
    const user = userEvent.setup({ delay: null });
    renderWithStore(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText(MESSAGES.PHARMACY_SEARCH_EMPTY)).toBeInTheDocument();
    await user.type(screen.getByLabelText('ZIP code'), '787');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText(MESSAGES.ZIP_INVALID)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('lists pharmacies by ZIP nearest first with their distance, and selects one', async () => {
    // issue 5 "pharmacy search (by ZIP ...), results by distance"
    const { calls } = fakeApi([['GET', '/api/pharmacies', () => page(nearby)]]);
    const onSelect = vi.fn();
    const user = userEvent.setup({ delay: null });
    const { container } = renderWithStore(<Harness onSelect={onSelect} />);
    await user.type(screen.getByLabelText('ZIP code'), '78701');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const list = await screen.findByRole('radiogroup', { name: 'Pharmacies found' });
    expect(calls[0]!.query.get('zip')).toBe('78701');
    expect(calls[0]!.query.get('page')).toBe('1');
    const radios = within(list).getAllByRole('radio');
    expect(radios.map((r) => r.closest('label')!.textContent)).toEqual([
      expect.stringMatching(/^Maple Street Pharmacy0\.4 mi100 Main St, Austin, TX 78701\(512\) 555-0101/),
      expect.stringContaining('Medivale Pharmacy #12341.8 mi'),
      expect.stringContaining('Riverside Apothecary6.3 mi'),
    ]);
    expect(screen.getByText('3 pharmacies near Austin, TX 78701')).toBeInTheDocument();
    await user.click(within(list).getByRole('radio', { name: /Medivale/ }));
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ id: 'p2' }));
    expect(within(list).getByRole('radio', { name: /Medivale/ })).toBeChecked();
    await expectNoAxeViolations(container);
  });

  it('searches by city or name (no distance) and pages through results', async () => {
    const { calls } = fakeApi([
      ['GET', '/api/pharmacies', (c) =>
        c.query.get('page') === '2'
          ? page([pharmacy('p7', 'Zeta Drug', null)], 4, 2, false)
          : page([pharmacy('p4', 'Alpha Pharmacy', null), pharmacy('p5', 'Beta Drug', null), pharmacy('p6', 'Gamma Rx', null)], 4, 1, false)],
    ]);
    const user = userEvent.setup({ delay: null });
    renderWithStore(<Harness />);
    await user.type(screen.getByLabelText('City'), 'Austin');
    await user.type(screen.getByLabelText('Pharmacy name'), 'drug');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('radio', { name: /Alpha Pharmacy/ })).toBeInTheDocument();
    expect(calls[0]!.query.get('city')).toBe('Austin');
    expect(calls[0]!.query.get('name')).toBe('drug');
    expect(calls[0]!.query.has('zip')).toBe(false);
    expect(screen.queryByText(/ mi$/)).not.toBeInTheDocument();
    expect(screen.getByText('4 pharmacies found, page 1 of 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to page 2' }));
    expect(await screen.findByRole('radio', { name: /Zeta Drug/ })).toBeInTheDocument();
    expect(calls.at(-1)!.query.get('page')).toBe('2');
  });

  it('shows the empty state with a way to add the pharmacy', async () => {
    fakeApi([['GET', '/api/pharmacies', () => ({ body: { items: [], page: 1, pageSize: 3, total: 0, origin: { lat: 45.78, lng: -108.5, zip: '59101', label: 'Billings, MT 59101' }, radiusMiles: 50 } })]]);
    const onAdd = vi.fn();
    const user = userEvent.setup({ delay: null });
    renderWithStore(<Harness onAddPharmacy={onAdd} />);
    await user.type(screen.getByLabelText('ZIP code'), '59101');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('heading', { name: 'No pharmacies found' })).toBeInTheDocument();
    expect(screen.getByText(/within 50 miles of Billings, MT 59101/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add your pharmacy' }));
    expect(onAdd).toHaveBeenCalled();
  });

  it("puts the server's ZIP message on the ZIP field", async () => {
    fakeApi([['GET', '/api/pharmacies', () => problem(400, 'ZIP_UNKNOWN', MESSAGES.ZIP_UNKNOWN, [{ field: 'zip', message: MESSAGES.ZIP_UNKNOWN }])]]);
    const user = userEvent.setup({ delay: null });
    renderWithStore(<Harness />);
    await user.type(screen.getByLabelText('ZIP code'), '00000');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.getByLabelText('ZIP code')).toHaveAccessibleDescription(MESSAGES.ZIP_UNKNOWN));
  });

  it('shows the loading state, then the connection error with a retry', async () => {
    let fail = true;
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    fakeApi([['GET', '/api/pharmacies', async () => {
      await held;
      return fail ? { status: 500 } : page(nearby);
    }]]);
    const user = userEvent.setup({ delay: null });
    renderWithStore(<Harness />);
    await user.type(screen.getByLabelText('ZIP code'), '78701');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Searching pharmacies…')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Search' })).toHaveAttribute('aria-busy', 'true');
    release();
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.CONNECTION_ERROR);
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('radio', { name: /Maple Street Pharmacy/ })).toBeInTheDocument();
  });
});
