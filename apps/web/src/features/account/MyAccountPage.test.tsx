// issue 7 "Saved cards: list, add, update (expiry, billing address), remove, set current": the
// account page leads to the saved cards, and no longer says they arrive later.
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/test/fakeApi';
import { renderWithStore } from '@/test/render';
import { MyAccountPage } from './MyAccountPage';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('MyAccountPage', () => {
  it('links to the saved cards page', async () => {
    fakeApi([
      ['GET', '/api/session', () => ({ body: { kind: 'user', userId: 'u1', role: 'patient' } })],
      [
        'GET',
        '/api/account/profile',
        () => ({
          body: {
            id: 'u1',
            email: 'robin@example.com',
            firstName: 'Robin',
            lastName: 'Ellis',
            phone: '',
            dateOfBirth: null,
            hasPassword: true,
            role: 'patient',
            isEcp: false,
            passwordChangedAt: '2027-03-01T10:00:00.000Z',
            createdAt: '2027-01-01T10:00:00.000Z',
          },
        }),
      ],
    ]);
    renderWithStore(<MyAccountPage />, { path: '/my-account' });
    expect(await screen.findByRole('link', { name: 'Manage saved cards' })).toHaveAttribute('href', '/my-account/cards');
    expect(screen.queryByText(/saved cards .*later release/i)).not.toBeInTheDocument();
    // issue 13 #17: the account lists only what works; nothing is promised for a later release.
    expect(screen.queryByText(/later release/i)).not.toBeInTheDocument();
    expect(screen.queryByText(/orders, receipts, reorders, auto-refills/i)).not.toBeInTheDocument();
  });

  it('leads to the doctor’s open question from the account (issue 15 "the patient answers from the mail’s link or the account")', async () => {
    fakeApi([
      ['GET', '/api/session', () => ({ body: { kind: 'user', userId: 'u1', role: 'patient' } })],
      ['GET', '/api/account/profile', () => ({ body: { id: 'u1', email: 'robin@example.com', firstName: 'Robin', lastName: 'Ellis', phone: '', dateOfBirth: null, hasPassword: true, role: 'patient', isEcp: false, passwordChangedAt: null, createdAt: '2027-01-01T10:00:00.000Z' } })],
      ['GET', '/api/account/questions', () => ({ body: { questions: [{ orderId: 'o-1', orderNumber: 'AB12CD34', requestId: 'r-1', askedAt: '2027-03-01T10:00:00.000Z' }] } })],
    ]);
    renderWithStore(<MyAccountPage />, { path: '/my-account' });
    expect(await screen.findByRole('heading', { name: 'Your doctor has a question' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Answer the question about order AB12CD34' })).toHaveAttribute('href', '/orders/o-1/more-information');
  });

  // issue 16: "My account's upcoming visit gets connect to your visit now / START ONLINE VISIT when
  // about to start or open"; before that a plain link to the visit's screen; SPEC §4 label exactly.
  const profile = { id: 'u1', email: 'robin@example.com', firstName: 'Robin', lastName: 'Ellis', phone: '', dateOfBirth: null, hasPassword: true, role: 'patient', isEcp: false, passwordChangedAt: null, createdAt: '2027-01-01T10:00:00.000Z' };
  function withVisit(startsInMs: number, visitType: 1 | 2 = 1, status = 'booked') {
    const startsAt = new Date(Date.now() + startsInMs).toISOString();
    const endsAt = new Date(Date.now() + startsInMs + 30 * 60_000).toISOString();
    const { calls } = fakeApi([
      ['GET', '/api/session', () => ({ body: { kind: 'user', userId: 'u1', role: 'patient' } })],
      ['GET', '/api/account/profile', () => ({ body: profile })],
      [
        'GET',
        '/api/account/visit',
        () => ({ body: { appointment: { id: 'a1', orderId: 'o1', status, visitType, startsAt, endsAt, patientTimeZone: 'America/Chicago', doctor: { name: 'Dr. Ana Ruiz', credentials: 'MD' }, invitee: {} }, order: null } }),
      ],
    ]);
    renderWithStore(<MyAccountPage />, { path: '/my-account' });
    return calls;
  }

  it('a video visit about to start: "connect to your visit now" and START ONLINE VISIT to its screen', async () => {
    withVisit(10 * 60_000);
    const section = await screen.findByRole('region', { name: 'Your upcoming visit' });
    expect(within(section).getByTestId('upcoming-visit')).toHaveTextContent(/^Dr\. Ana Ruiz, MD · .+ C[SD]T$/);
    expect(within(section).getByText('Your visit is about to start: connect to your visit now.')).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'START ONLINE VISIT' })).toHaveAttribute('href', '/checkout/patient-visit?id=o1');
  });

  it('an open video visit: START ONLINE VISIT', async () => {
    withVisit(-60_000);
    expect(await screen.findByText('Your visit is open: connect to your visit now.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'START ONLINE VISIT' })).toHaveAttribute('href', '/checkout/patient-visit?id=o1');
  });

  it('a visit days away: a plain link to its screen, nothing to start yet', async () => {
    withVisit(3 * 24 * 3_600_000);
    expect(await screen.findByRole('link', { name: 'See your visit' })).toHaveAttribute('href', '/checkout/patient-visit?id=o1');
    expect(screen.queryByRole('link', { name: 'START ONLINE VISIT' })).not.toBeInTheDocument();
  });

  it('a phone visit about to start: the doctor calls, nothing to start', async () => {
    withVisit(10 * 60_000, 2);
    expect(await screen.findByRole('link', { name: 'Your doctor will call you soon: see your visit' })).toHaveAttribute('href', '/checkout/patient-visit?id=o1');
    expect(screen.queryByRole('link', { name: 'START ONLINE VISIT' })).not.toBeInTheDocument();
  });

  it('no upcoming visit section for a cancelled visit waiting for a new time', async () => {
    const calls = withVisit(3 * 24 * 3_600_000, 1, 'cancelled');
    expect(await screen.findByRole('link', { name: 'Manage saved cards' })).toBeInTheDocument();
    await vi.waitFor(() => expect(calls.some((c) => c.path === '/api/account/visit')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: 'Your upcoming visit' })).not.toBeInTheDocument();
  });
});
