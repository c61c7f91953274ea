// issue 13 #9 "offer 'sign out everywhere' in the account": a confirmed press ends every session on
// the server, then this tab is signed out like after logout (home, login drawer open); Cancel or a
// failed answer leaves the patient where they were.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLoginDrawer } from '@/shared/loginDrawer';
import { fakeApi } from '@/test/fakeApi';
import { renderWithStore } from '@/test/render';
import { SignOutEverywhere } from './SignOutEverywhere';

afterEach(() => {
  vi.unstubAllGlobals();
});

function Home() {
  const { isOpen } = useLoginDrawer();
  return <p>Home page{isOpen ? ' with the login drawer open' : ''}</p>;
}

function renderAccount() {
  return renderWithStore(
    <Routes>
      <Route path="/my-account" element={<SignOutEverywhere />} />
      <Route path="/" element={<Home />} />
    </Routes>,
    { path: '/my-account' },
  );
}

const signedIn = ['GET', '/api/session', () => ({ body: { kind: 'user', userId: 'u1', role: 'patient' } })] as const;

describe('SignOutEverywhere', () => {
  it('asks first, then ends every session and goes home with the login drawer open', async () => {
    const user = userEvent.setup();
    const { calls } = fakeApi([
      ['POST', '/api/account/sessions/revoke-all', () => ({ status: 204 })],
      ['GET', '/api/session', () => ({ body: { kind: 'none', userId: null, role: null } })],
    ]);
    renderAccount();
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    expect(screen.getByText('Sign out on every device, this one included?')).toBeInTheDocument();
    // The question replaces the button; its safe answer has the focus.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus());
    expect(calls.some((c) => c.path === '/api/account/sessions/revoke-all')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Yes, sign out everywhere' }));
    expect(await screen.findByText('Home page with the login drawer open')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/api/account/sessions/revoke-all')).toHaveLength(1);
  });

  it('Cancel keeps everything as it was', async () => {
    const user = userEvent.setup();
    const { calls } = fakeApi([[...signedIn]]);
    renderAccount();
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign out everywhere' })).toHaveFocus());
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('says so when the server cannot be reached, and stays on the page', async () => {
    const user = userEvent.setup();
    fakeApi([['POST', '/api/account/sessions/revoke-all', () => ({ status: 500, body: { status: 500, code: 'INTERNAL', detail: 'x' } })]]);
    renderAccount();
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    await user.click(screen.getByRole('button', { name: 'Yes, sign out everywhere' }));
    expect(await screen.findByText(/There was a connection error/)).toBeInTheDocument();
    expect(screen.queryByText(/Home page/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Yes, sign out everywhere' })).toBeEnabled();
  });
});
