// /register as the checkout's Register stage (SPEC §2 "Register: /register"; "If the user has no
// login token, Register is added to the pending stages"): a guest whose checkout waits there sees
// the checkout's progress steps, a line saying the account finishes the order, and the names of the
// shipping address; registering carries on with the checkout. Without such a checkout, and while
// or when the checkout cannot be read, /register is the plain form. Rendered through the app's
// routes, so the checkout feature's frame and the auth feature's page meet as in the app.
import { Stage } from '@store/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONSULT_STAGES, makeCart, makeProgress } from '@/features/checkout/test-helpers';
import type { Cart } from '@/shared/cart';
import { makeTestConfig } from '@/test/config';
import { expectNoAxeViolations } from '@/test/axe';
import { fakeApi, problem, type FakeRoute } from '@/test/fakeApi';
import { createTestQueryClient } from '@/test/render';
import { AppProviders } from './providers';
import { routes } from './router';

const { Consult, Payment } = Stage;
const config = makeTestConfig({ name: 'Acme Health' });
const guest = { kind: 'guest', userId: null, role: null };
const patient = { kind: 'user', userId: 'u1', role: 'patient' };
const NOTE = 'You are creating an account to finish your order.';

/** A guest's cart with every stage but Register and Payment done, shipped to Mary Ann Smith. */
const atRegister: Cart = makeCart({
  completedCheckoutStages: CONSULT_STAGES & ~Payment,
  shippingAddress: {
    fullName: 'Mary Ann Smith',
    line1: '500 Congress Ave',
    line2: null,
    city: 'Austin',
    state: 'TX',
    zip: '78701',
    phone: '5125550134',
  },
});
const registerProgress = makeProgress({ completed: CONSULT_STAGES & ~Payment });

beforeEach(() => window.localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

function api({
  session = () => guest as object,
  cart = atRegister as Cart | null,
  progress = (() => ({ body: registerProgress })) as FakeRoute[2],
  extra = [] as FakeRoute[],
} = {}) {
  return fakeApi([
    ['GET', '/api/storefront', () => ({ body: config })],
    ['GET', '/api/session', () => ({ body: session() })],
    [
      'GET',
      '/api/cart',
      // No open cart: 204, as the server answers.
      () => (cart ? { body: cart } : { status: 204 }),
    ],
    ['GET', '/api/orders/o1', () => ({ body: cart })],
    ['GET', '/api/orders/o1/checkout', progress],
    ...extra,
    // Whatever else a page asks for (e.g. the summary after registering) is not this test's.
    ['GET', /.*/, () => problem(404, 'NOT_FOUND', 'We could not find that.')],
  ]);
}

function renderRegister(path = '/register', before: string[] = []) {
  const router = createMemoryRouter(routes, { initialEntries: [...before, path], initialIndex: before.length });
  render(
    <AppProviders queryClient={createTestQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

const firstName = () => screen.getByRole('textbox', { name: /^First name/ });
const lastName = () => screen.getByRole('textbox', { name: /^Last name/ });
// The first render loads the storefront and two lazy routes: slow on a busy machine.
const SLOW = { timeout: 5000 };
const heading = () => screen.findByRole('heading', { level: 1, name: 'Create your account' }, SLOW);
const progressNav = () => screen.queryByRole('navigation', { name: 'Checkout progress' });

describe('/register inside a guest checkout', () => {
  it('shows the checkout progress steps at Payment, the note, and the shipping name split into first and last (SPEC §2 Register: /register, §4 labels)', async () => {
    api();
    renderRegister();
    await heading();
    const nav = await screen.findByRole('navigation', { name: 'Checkout progress' }, SLOW);
    const steps = within(nav).getAllByRole('listitem');
    // SPEC §2 "Progress steps": pre-payment = 4; Register belongs to the Payment step.
    expect(steps.map((s) => s.textContent)).toEqual([
      'Consultcompleted',
      'Shippingcompleted',
      'Doctorcompleted',
      'PaymentPending',
      'ConfirmationIncomplete',
    ]);
    expect(steps[3]).toHaveAttribute('aria-current', 'step');
    expect(screen.getByText(NOTE)).toBeInTheDocument();
    await waitFor(() => expect(firstName()).toHaveValue('Mary Ann'));
    expect(lastName()).toHaveValue('Smith');
    await expectNoAxeViolations(document.body);
  });

  it('shows the same steps when the patient registers with a one-time passcode instead (/register/passcode)', async () => {
    api();
    renderRegister('/register/passcode');
    await screen.findByRole('heading', { level: 1, name: 'Register with a passcode' }, SLOW);
    const nav = await screen.findByRole('navigation', { name: 'Checkout progress' }, SLOW);
    const steps = within(nav).getAllByRole('listitem');
    expect(steps[3]).toHaveTextContent('Payment');
    expect(steps[3]).toHaveAttribute('aria-current', 'step');
  });

  it('starts the email and phone from the visit the patient booked in this checkout', async () => {
    // Nothing the patient already typed is asked again from blank (the schedule page took them).
    api({
      cart: { ...atRegister, visitType: 1 },
      extra: [
        [
          'GET',
          '/api/orders/o1/appointment',
          () => ({ body: { appointment: { id: 'a1', invitee: { name: 'Mary Ann Smith', email: 'mary@example.com', number: '5125550134' } }, visitType: 1 } }),
        ],
      ],
    });
    renderRegister();
    await heading();
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^Email/ })).toHaveValue('mary@example.com'));
    expect(screen.getByRole('textbox', { name: /^Phone/ })).toHaveValue('5125550134');
    expect(firstName()).toHaveValue('Mary Ann');
  });

  it('registers with the names as edited and carries on with the checkout (the server’s redirectTo)', async () => {
    let registered = false;
    const { calls } = api({
      session: () => (registered ? patient : guest),
      progress: () => ({
        body: makeProgress({ completed: CONSULT_STAGES & ~Payment, loggedIn: registered }),
      }),
      extra: [
        [
          'POST',
          '/api/auth/register',
          () => {
            registered = true;
            return { body: { userId: 'u1', role: 'patient', redirectTo: '/checkout' } };
          },
        ],
      ],
    });
    const user = userEvent.setup();
    const router = renderRegister('/register', ['/checkout/pharmacy-options']);
    await heading();
    await waitFor(() => expect(lastName()).toHaveValue('Smith'));
    await user.clear(lastName());
    await user.type(lastName(), 'Smith-Jones');
    await user.type(screen.getByRole('textbox', { name: /^Email/ }), 'mary@example.com');
    await user.type(screen.getByLabelText(/^Password/, { selector: 'input' }), 'Juniper#Trail58');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    // Signed in, the checkout goes on to its first pending stage: Payment's summary (SPEC §2).
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout/summary'), SLOW);
    // /register's entry was replaced: Back goes to the step before it, not to /register (which
    // would only send a signed-in patient to the summary again).
    await router.navigate(-1);
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout/pharmacy-options'));
    const register = calls.find((c) => c.method === 'POST' && c.path === '/api/auth/register');
    expect(register?.body).toMatchObject({
      email: 'mary@example.com',
      firstName: 'Mary Ann',
      lastName: 'Smith-Jones',
    });
  });

  it('does not hold the form up while the checkout is read, and keeps what the patient typed when it answers', async () => {
    let answer: ((reply: { body: unknown }) => void) | null = null;
    api({ progress: () => new Promise((resolve) => (answer = resolve)) });
    const user = userEvent.setup();
    renderRegister();
    await heading();
    // The progress has been asked for and has not answered: the plain form, ready to type in.
    await waitFor(() => expect(answer).not.toBeNull());
    expect(progressNav()).not.toBeInTheDocument();
    await user.type(firstName(), 'Molly');

    answer!({ body: registerProgress });
    expect(await screen.findByRole('navigation', { name: 'Checkout progress' })).toBeVisible();
    expect(screen.getByText(NOTE)).toBeInTheDocument();
    await waitFor(() => expect(lastName()).toHaveValue('Smith'));
    expect(firstName()).toHaveValue('Molly');
  });
});

describe('/register without a guest checkout at Register stays the plain form', () => {
  it.each<[string, Parameters<typeof api>[0]]>([
    ['a guest without a cart', { cart: null }],
    [
      'a guest whose checkout waits at Shipping',
      {
        cart: makeCart({ completedCheckoutStages: Consult, shippingAddress: null }),
        progress: () => ({ body: makeProgress({ completed: Consult }) }),
      },
    ],
    [
      'a guest whose checkout progress cannot be read (connection error)',
      { progress: () => ({ status: 503, body: {} }) },
    ],
  ])('%s', async (_name, options) => {
    const { calls } = api(options);
    renderRegister();
    await heading();
    if (options?.cart !== null) {
      // Checked only once the checkout had its chance to answer.
      await waitFor(() =>
        expect(calls.some((c) => c.path === '/api/orders/o1/checkout')).toBe(true),
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(progressNav()).not.toBeInTheDocument();
    expect(screen.queryByText(NOTE)).not.toBeInTheDocument();
    expect(firstName()).toHaveValue('');
    expect(lastName()).toHaveValue('');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create account' })).toBeEnabled();
  });
});
