// /verify-prescription (issue 15): a pharmacy checks a faxed prescription's code and sees only
// valid / revoked / expired / not found; staff confirm receipt of a valid one.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { MESSAGES } from '@store/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { routes } from '@/app/router';
import { PRIVACY_NOTICE_KEY } from '@/components/PrivacyNotice';
import { expectNoAxeViolations } from '@/test/axe';
import { makeTestConfig } from '@/test/config';
import { fakeApi, problem, type FakeRoute } from '@/test/fakeApi';
import { createTestQueryClient } from '@/test/render';

beforeEach(() => {
  window.localStorage.setItem(PRIVACY_NOTICE_KEY, '1');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const NOT_FOUND = problem(404, 'PRESCRIPTION_NOT_FOUND', 'We could not find a prescription with this code.');

function api(extra: FakeRoute[]) {
  return fakeApi([
    ...extra,
    ['GET', '/api/storefront', () => ({ body: makeTestConfig({ name: 'Acme Health' }) })],
    ['GET', '/api/session', () => ({ body: { kind: 'guest' } })],
  ]).calls;
}

function renderPage(path = '/verify-prescription') {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  return render(
    <AppProviders queryClient={createTestQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

describe('VerifyPrescriptionPage', { timeout: 20_000 }, () => {
  it('checks the code from the QR link and lets staff confirm receipt of a valid prescription', async () => {
    const calls = api([
      ['GET', '/api/prescriptions/verify', (call) => (call.query.get('code') === 'ABCD-EFGHJ' ? { body: { status: 'valid' } } : NOT_FOUND)],
      ['POST', '/api/prescriptions/verify/receipt', () => ({ body: { status: 'valid', received: true } })],
    ]);
    const { container } = renderPage('/verify-prescription?code=ABCD-EFGHJ');
    const field = await screen.findByRole('textbox', { name: 'Verification code' });
    expect(field).toHaveValue('ABCD-EFGHJ');
    expect(screen.queryByRole('button', { name: 'Confirm we received it' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText('Valid prescription')).toBeInTheDocument();
    await expectNoAxeViolations(container);
    await userEvent.click(screen.getByRole('button', { name: 'Confirm we received it' }));
    expect(await screen.findByText('Thank you. We recorded that the pharmacy received this prescription.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/prescriptions/verify/receipt')?.body).toEqual({ code: 'ABCD-EFGHJ' });
  });

  it.each([
    ['revoked', 'This prescription was revoked'],
    ['expired', 'This prescription has expired'],
  ])('says a %s prescription is not to be filled, with no receipt button', async (status, text) => {
    api([['GET', '/api/prescriptions/verify', () => ({ body: { status } })]]);
    renderPage();
    await userEvent.type(await screen.findByRole('textbox', { name: 'Verification code' }), 'WXYZ-23456');
    await userEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm we received it' })).not.toBeInTheDocument();
  });

  it('says so when no prescription has the code, and asks for a code before checking', async () => {
    const calls = api([['GET', '/api/prescriptions/verify', () => NOT_FOUND]]);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Check' }));
    expect(await screen.findByText('Enter the verification code.')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/prescriptions/verify')).toBe(false);
    await userEvent.type(screen.getByRole('textbox', { name: 'Verification code' }), 'ZZZZ-ZZZZZ');
    await userEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText('We could not find a prescription with this code.')).toBeInTheDocument();
  });

  it('shows the connection message when the server cannot be reached', async () => {
    api([['GET', '/api/prescriptions/verify', () => 'network']]);
    renderPage('/verify-prescription?code=ABCD-EFGHJ');
    await userEvent.click(await screen.findByRole('button', { name: 'Check' }));
    expect(await screen.findByText(MESSAGES.CONNECTION_ERROR)).toBeInTheDocument();
    expect(screen.queryByText('Valid prescription')).not.toBeInTheDocument();
  });
});
