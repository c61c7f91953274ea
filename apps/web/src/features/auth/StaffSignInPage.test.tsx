// issue 15: staff sign in with a password plus a one-time code, on /staff/sign-in. The password
// step leads to the code step (where the code went, the one-time-code field); the code opens the
// area of the role (or ?next= inside it); an administrator's is the operator console (issue 18).
import { MESSAGES } from '@store/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { patchStaffRoutes, routes } from '@/app/router';
import { makeTestConfig } from '@/test/config';
import { fakeApi, problem, type FakeCall, type FakeRoute } from '@/test/fakeApi';
import { createTestQueryClient } from '@/test/render';
import { staffTarget } from './StaffSignInPage';

afterEach(() => vi.unstubAllGlobals());

const config = makeTestConfig({ name: 'Evergreen Health' });
const secondFactor = {
  secondFactor: { required: true, channels: ['email'], sentTo: { email: 'd****r@evergreen.example' }, expiresInSeconds: 600 },
};

/** The API of a staff member of `role`: the session turns into theirs once the code is right. */
function staffApi(role: 'doctor' | 'pharmacist' | 'admin', extra: FakeRoute[] = []) {
  let signedIn = false;
  return fakeApi([
    ...extra,
    ['GET', '/api/storefront', () => ({ body: config })],
    [
      'GET',
      '/api/session',
      () => ({
        body: signedIn
          ? { kind: 'user', userId: 'u1', role, staff: true }
          : { kind: 'none', userId: null, role: null, staff: false },
      }),
    ],
    ['POST', '/api/auth/login', () => ({ body: secondFactor })],
    [
      'POST',
      '/api/auth/staff/verify-code',
      (call: FakeCall) => {
        if ((call.body as { code: string }).code !== '123456')
          return problem(400, 'PASSCODE_INVALID', MESSAGES.PASSCODE_INVALID, [{ field: 'code', message: MESSAGES.PASSCODE_INVALID }]);
        signedIn = true;
        return { body: { userId: 'u1', role, redirectTo: null } };
      },
    ],
    [
      'POST',
      '/api/auth/logout',
      () => {
        signedIn = false;
        return { status: 204 };
      },
    ],
    ['GET', '/api/account/profile', () => ({ body: { id: 'u1', firstName: 'Daniel', lastName: 'Kim', role } })],
    ['GET', '/api/doctor/queue', () => ({ body: { items: [], total: 0, page: 1, pageSize: 50, counts: { total: 0, byStorefront: [], byProduct: [], byState: [], byStatus: [] }, todayVisits: [], timeZone: 'America/Chicago', serverNow: new Date().toISOString() } })],
    ['GET', '/api/pharmacy/orders', () => ({ body: { items: [], total: 0, page: 1, pageSize: 25, counts: { to_fill: 0, filled: 0, shipped: 0, delivered: 0, ready_for_pickup: 0, all: 0 } } })],
    ['GET', '/api/pharmacy/me', () => ({ body: { pharmacy: { id: 'p1', name: 'Evergreen Health Mail-Order Pharmacy', phone: '3035550188', address: '4200 Larkspur Way', city: 'Denver', state: 'CO', zip: '80216' } } })],
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

async function passwordStep(email = 'doctor@evergreen.example') {
  await userEvent.type(await screen.findByRole('textbox', { name: /Email/ }), email);
  await userEvent.type(screen.getByLabelText(/^Password/, { selector: 'input' }), 'Doctor#Evergreen2026');
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
}

describe('staff sign-in page (issue 15)', () => {
  it('asks for the code after the password, then opens the doctor area', async () => {
    const { calls } = staffApi('doctor');
    const router = renderAt('/staff/sign-in');
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeInTheDocument();
    // No patient chrome: no cart link on the staff page.
    expect(screen.queryByRole('link', { name: /cart/i })).not.toBeInTheDocument();
    await passwordStep();

    expect(await screen.findByTestId('passcode-hint')).toHaveTextContent('d****r@evergreen.example');
    const code = screen.getByRole('textbox', { name: /Passcode/ });
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    const submit = screen.getByRole('button', { name: 'Sign in' });
    expect(submit).toBeDisabled();
    await userEvent.type(code, '123456');
    await userEvent.click(submit);

    await waitFor(() => expect(router.state.location.pathname).toBe('/doctor'));
    expect(await screen.findByText('Nothing to review')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/auth/staff/verify-code')?.body).toEqual({ email: 'doctor@evergreen.example', code: '123456' });
  });

  it('shows the invalid-passcode message for a wrong code and stays on the code step', async () => {
    staffApi('doctor');
    const router = renderAt('/staff/sign-in');
    await passwordStep();
    await userEvent.type(await screen.findByRole('textbox', { name: /Passcode/ }), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const code = screen.getByRole('textbox', { name: /Passcode/ });
    await waitFor(() => expect(code).toHaveAccessibleDescription(MESSAGES.PASSCODE_INVALID));
    expect(router.state.location.pathname).toBe('/staff/sign-in');
  });

  it('shows the wrong-password message and sends no code', async () => {
    const { calls } = staffApi('doctor', [
      ['POST', '/api/auth/login', () => problem(401, 'LOGIN_WRONG_PASSWORD', MESSAGES.LOGIN_WRONG_PASSWORD)],
    ]);
    renderAt('/staff/sign-in');
    await passwordStep();
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.LOGIN_WRONG_PASSWORD);
    expect(screen.queryByRole('textbox', { name: /Passcode/ })).not.toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/auth/staff/verify-code')).toBe(false);
  });

  it('brings a pharmacist back to the page of their area they came from (?next=)', async () => {
    staffApi('pharmacist');
    const router = renderAt('/staff/sign-in?next=%2Fpharmacy');
    await passwordStep('pharmacist@evergreen.example');
    await userEvent.type(await screen.findByRole('textbox', { name: /Passcode/ }), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pharmacy'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Orders' })).toBeInTheDocument();
    expect(await screen.findByText(/sent to Evergreen Health Mail-Order Pharmacy/)).toBeInTheDocument();
  });

  it('takes an administrator to the operator console (issue 18)', async () => {
    staffApi('admin');
    const router = renderAt('/staff/sign-in');
    await passwordStep('admin@evergreen.example');
    await userEvent.type(await screen.findByRole('textbox', { name: /Passcode/ }), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
  });
});

describe('the patient login form with a staff account (issue 15)', () => {
  it('sends the staff member to the staff sign-in page with their email', async () => {
    staffApi('doctor');
    const router = renderAt('/login');
    const form = await screen.findByRole('form', { name: 'Log in with your password' });
    await userEvent.type(within(form).getByRole('textbox', { name: /Email/ }), 'doctor@evergreen.example');
    await userEvent.type(within(form).getByLabelText(/^Password/, { selector: 'input' }), 'Doctor#Evergreen2026');
    await userEvent.click(within(form).getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/staff/sign-in'));
    expect(await screen.findByText(/This is a staff account/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Email/ })).toHaveValue('doctor@evergreen.example');
  });
});

describe('staffTarget', () => {
  it.each([
    ['doctor', null, '/doctor'],
    ['doctor', '/doctor/orders/1', '/doctor/orders/1'],
    ['doctor', '/pharmacy', '/doctor'],
    ['doctor', '//evil.example/doctor', '/doctor'],
    ['doctor', '/doctorate', '/doctor'],
    ['pharmacist', '/pharmacy', '/pharmacy'],
    ['admin', null, '/admin'],
    ['admin', '/admin/orders', '/admin/orders'],
    ['admin', '/doctor', '/admin'],
    ['patient', null, null],
  ] as const)('%s with next %s goes to %s', (role, next, expected) => {
    expect(staffTarget(role, next)).toBe(expected);
  });
});
