// issue 15: the staff areas guard their role. Not signed in → the staff sign-in page (coming back
// afterwards); another role → "not available for your account"; the right role → the area's own
// header (name, area, Sign out) and main landmark, with no patient chrome. The doctor area's first
// page is the review queue, with its loading, empty and error states.
import { MESSAGES } from '@store/domain';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { patchStaffRoutes, routes } from '@/app/router';
import { makeTestConfig } from '@/test/config';
import { fakeApi, type FakeAnswer, type FakeRoute } from '@/test/fakeApi';
import { createTestQueryClient } from '@/test/render';
import { queue, queueItem } from '@/features/doctor-review/fixtures';

afterEach(() => vi.unstubAllGlobals());

const config = makeTestConfig({ name: 'Evergreen Health' });
type Role = 'patient' | 'doctor' | 'pharmacist' | null;

function api(role: Role, extra: FakeRoute[] = []) {
  return fakeApi([
    ...extra,
    ['GET', '/api/storefront', () => ({ body: config })],
    [
      'GET',
      '/api/session',
      () => ({
        body: role
          ? { kind: 'user', userId: 'u1', role, staff: role !== 'patient' }
          : { kind: 'none', userId: null, role: null, staff: false },
      }),
    ],
    ['GET', '/api/account/profile', () => ({ body: { id: 'u1', firstName: 'Daniel', lastName: 'Kim', role } })],
    ['POST', '/api/auth/logout', () => ({ status: 204 })],
  ]);
}

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path], patchRoutesOnNavigation: patchStaffRoutes });
  render(
    <AppProviders queryClient={createTestQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}


describe('the staff areas’ role guard (issue 15)', () => {
  it('sends someone not signed in to the staff sign-in page, to come back afterwards', async () => {
    api(null);
    const router = renderAt('/doctor');
    await waitFor(() => expect(router.state.location.pathname).toBe('/staff/sign-in'));
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent('/doctor')}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeInTheDocument();
  });

  it('tells a patient the doctor area is not available for their account, and loads no queue', async () => {
    const { calls } = api('patient');
    renderAt('/doctor');
    expect(await screen.findByRole('heading', { level: 1, name: 'Not available for your account' })).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/doctor/queue')).toBe(false);
    expect(screen.getByRole('button', { name: 'Sign out and use another account' })).toBeInTheDocument();
  });

  it('tells a doctor the pharmacy area is not available for their account', async () => {
    const { calls } = api('doctor');
    renderAt('/pharmacy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Not available for your account' })).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/pharmacy/me')).toBe(false);
  });

  it('gives a doctor the area’s own header and main landmark, and signs them out to the staff sign-in', async () => {
    const { calls } = api('doctor', [['GET', '/api/doctor/queue', () => ({ body: queue([queueItem()]) })]]);
    const router = renderAt('/doctor');
    const banner = await screen.findByRole('banner');
    expect(within(banner).getByText('Doctor area')).toBeInTheDocument();
    expect(await within(banner).findByText('Daniel Kim')).toBeInTheDocument();
    expect(await within(screen.getByRole('main')).findByRole('heading', { level: 1, name: 'Review queue' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /cart/i })).not.toBeInTheDocument();

    const table = await screen.findByRole('table', { name: 'Orders to review' });
    expect(within(table).getByRole('row', { name: /EV-1001/ })).toHaveTextContent('Metformin ER Weight Support');

    await userEvent.click(within(banner).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/staff/sign-in'));
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/auth/logout')).toBe(true);
  });

  it('links the doctor’s review queue and lab results in the area’s header (issue 17: /doctor/labs was reachable only by typing it)', async () => {
    api('doctor', [
      ['GET', '/api/doctor/queue', () => ({ body: queue([queueItem()]) })],
      ['GET', '/api/doctor/labs', () => ({ body: { labs: [] } })],
    ]);
    const router = renderAt('/doctor');
    const nav = await within(await screen.findByRole('banner')).findByRole('navigation', { name: 'Doctor area' });
    expect(within(nav).getByRole('link', { name: 'Review queue' })).toHaveAttribute('aria-current', 'page');

    await userEvent.click(within(nav).getByRole('link', { name: 'Lab results' }));
    expect(await within(screen.getByRole('main')).findByRole('heading', { level: 1, name: 'Lab results' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/doctor/labs');
    expect(within(nav).getByRole('link', { name: 'Lab results' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Review queue' })).not.toHaveAttribute('aria-current');

    await userEvent.click(within(nav).getByRole('link', { name: 'Review queue' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Review queue' })).toBeInTheDocument();
  });

  it('says so when no orders wait, and shows the connection error with Retry when the queue fails', async () => {
    let answer: FakeAnswer = { body: queue([]) };
    api('doctor', [['GET', '/api/doctor/queue', () => answer]]);
    renderAt('/doctor');
    expect(await screen.findByText('Nothing to review')).toBeInTheDocument();

    cleanup();
    vi.unstubAllGlobals();
    answer = 'network';
    api('doctor', [['GET', '/api/doctor/queue', () => answer]]);
    renderAt('/doctor');
    expect(await screen.findByText(MESSAGES.CONNECTION_ERROR)).toBeInTheDocument();
    answer = { body: queue([queueItem()]) };
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'Orders to review' })).toBeInTheDocument();
  });

  it('shows a pharmacist the orders sent to their pharmacy', async () => {
    api('pharmacist', [
      ['GET', '/api/pharmacy/me', () => ({ body: { pharmacy: { id: 'p1', name: 'Evergreen Health Mail-Order Pharmacy', phone: '3035550188', address: '4200 Larkspur Way', city: 'Denver', state: 'CO', zip: '80216' } } })],
      ['GET', '/api/pharmacy/orders', () => ({ body: { items: [], total: 0, page: 1, pageSize: 25, counts: { to_fill: 0, filled: 0, shipped: 0, delivered: 0, ready_for_pickup: 0, all: 0 } } })],
    ]);
    renderAt('/pharmacy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Orders' })).toBeInTheDocument();
    expect(await screen.findByText('Prescriptions and orders sent to Evergreen Health Mail-Order Pharmacy, Denver, CO')).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).getByText('Pharmacy')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Lab results' })).not.toBeInTheDocument();
  });
});
