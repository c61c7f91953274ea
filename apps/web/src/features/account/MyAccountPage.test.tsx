// issue 7 "Saved cards: list, add, update (expiry, billing address), remove, set current": the
// account page leads to the saved cards, and no longer says they arrive later.
import { screen } from '@testing-library/react';
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
});
