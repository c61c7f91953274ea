// issue 15 "Review": opening an order claims it and shows what the doctor decides on (answers in
// order with flags, BMI, medications, allergies, pharmacy, questions with new answers, uploads
// inline); the three decisions send the domain's shapes and return to the queue; a lapsed claim
// offers to claim again; "Back to queue" gives the claim back.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, type FakeRoute } from '@/test/fakeApi';
import { renderWithStore } from '@/test/render';
import { detail, FORMULARY } from '../fixtures';
import { CLAIM_LAPSED, CONTROLLED_NOTE } from '../components/DecisionPanel';
import { ReviewOrderPage } from './ReviewOrderPage';

afterEach(() => {
  vi.unstubAllGlobals();
});

const claimed: FakeRoute = ['POST', '/api/doctor/orders/order-1/claim', () => ({ body: { doctorId: 'd-1', byMe: true, claimedAt: 'x', leaseExpiresAt: 'y' } })];
const base: FakeRoute[] = [
  claimed,
  ['GET', '/api/doctor/orders/order-1', () => ({ body: detail() })],
  ['GET', '/api/doctor/orders/order-1/formulary', () => ({ body: { options: FORMULARY } })],
];

function QueueStub() {
  const location = useLocation();
  return <p>Queue page {(location.state as { confirmation?: string } | null)?.confirmation}</p>;
}

function renderOrder() {
  return renderWithStore(
    <Routes>
      <Route path="/doctor" element={<QueueStub />} />
      <Route path="/doctor/orders/:id" element={<ReviewOrderPage />} />
    </Routes>,
    { path: '/doctor/orders/order-1' },
  );
}

describe('ReviewOrderPage', () => {
  it('claims the order on open and shows the records, flagged answers highlighted, uploads inline', async () => {
    const { calls } = fakeApi(base);
    renderOrder();
    expect(await screen.findByRole('heading', { name: 'Order EV-1001' })).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/api/doctor/orders/order-1/claim' });
    expect(screen.getByRole('heading', { name: 'Weight care (version 3)' })).toBeInTheDocument();
    const flagged = screen.getByText(/Flagged: GLP-1 medicines raise the risk/).closest('li')!;
    expect(flagged).toHaveAttribute('data-flagged', 'true');
    expect(flagged).toHaveTextContent('Have you ever been diagnosed');
    expect(flagged).toHaveTextContent('Gallstones or gallbladder disease');
    expect(screen.getByText(/BMI: 34.9/)).toBeInTheDocument();
    expect(screen.getByText('Medications: Lisinopril')).toBeInTheDocument();
    expect(screen.getByText('Allergies: penicillin')).toBeInTheDocument();
    expect(screen.getByText(/Evergreen Pharmacy/)).toBeInTheDocument();
    expect(screen.getByText('New answer')).toBeInTheDocument();
    expect(screen.getByText('Answer: Last month.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Patient upload photo.png' })).toHaveAttribute('src', '/api/doctor/orders/order-1/uploads/up-1');
    expect(screen.getByRole('link', { name: /labs\.pdf \(PDF/ })).toHaveAttribute('href', '/api/doctor/orders/order-1/uploads/up-2');
  });

  it('approves with a formulary choice: controlled ones cannot be chosen, the template fills the form', async () => {
    const { calls } = fakeApi([...base, ['POST', '/api/doctor/orders/order-1/approve', () => ({ body: { status: 'approved' } })]]);
    const user = userEvent.setup();
    renderOrder();
    await user.click(await screen.findByRole('combobox', { name: /Medication/ }));
    const controlled = screen.getByRole('option', { name: /Phentermine/ });
    expect(controlled).toHaveAttribute('aria-disabled', 'true');
    expect(controlled).toHaveTextContent(CONTROLLED_NOTE);
    await user.click(screen.getByRole('option', { name: /Metformin ER 500 mg/ }));
    expect(screen.getByRole('textbox', { name: /Directions/ })).toHaveValue('Take 1 tablet by mouth twice daily with meals.');
    expect(screen.getByRole('spinbutton', { name: /Quantity/ })).toHaveValue(60);
    // More refills than the choice allows never leaves the page.
    await user.clear(screen.getByRole('spinbutton', { name: /Refills/ }));
    await user.type(screen.getByRole('spinbutton', { name: /Refills/ }), '6');
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('At most 5 refills for this choice.')).toBeInTheDocument();
    expect(calls.some((c) => c.path.endsWith('/approve'))).toBe(false);
    await user.clear(screen.getByRole('spinbutton', { name: /Refills/ }));
    await user.type(screen.getByRole('spinbutton', { name: /Refills/ }), '2');
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText(/Queue page Approved/)).toBeInTheDocument();
    expect(calls.find((c) => c.path.endsWith('/approve'))?.body).toMatchObject({
      formularyId: FORMULARY[0]!.id,
      quantity: 60,
      daysSupply: 30,
      refills: 2,
      validForDays: 365,
      substitutionAllowed: true,
      directions: 'Take 1 tablet by mouth twice daily with meals.',
    });
  });

  it('asks the patient a question and goes back to the queue', async () => {
    const { calls } = fakeApi([...base, ['POST', '/api/doctor/orders/order-1/request-info', () => ({ body: { status: 'needs_info', requestId: 'r-2' } })]]);
    const user = userEvent.setup();
    renderOrder();
    await user.click(await screen.findByRole('tab', { name: 'Request information' }));
    await user.type(screen.getByRole('textbox', { name: /Question for the patient/ }), 'Any chest pain on exertion?');
    await user.click(screen.getByRole('button', { name: 'Send question' }));
    expect(await screen.findByText(/Queue page Your question was sent/)).toBeInTheDocument();
    expect(calls.find((c) => c.path.endsWith('/request-info'))?.body).toMatchObject({ question: 'Any chest pain on exertion?' });
  });

  it('declines with a reason showing the patient’s words; a lapsed claim offers to claim again', async () => {
    let declines = 0;
    const { calls } = fakeApi([
      ...base,
      [
        'POST',
        '/api/doctor/orders/order-1/decline',
        () =>
          ++declines === 1
            ? { status: 409, body: { status: 409, code: 'REVIEW_NOT_HELD', detail: 'Claim this order before deciding on it; your claim may have lapsed.' } }
            : { body: { status: 'declined' } },
      ],
    ]);
    const user = userEvent.setup();
    renderOrder();
    await user.click(await screen.findByRole('tab', { name: 'Decline' }));
    await user.click(screen.getByRole('combobox', { name: /Reason/ }));
    await user.click(screen.getByRole('option', { name: /outside what our doctors can treat online/ }));
    expect(screen.getByText(/The patient reads: “This request is outside/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(CLAIM_LAPSED);
    const claimsBefore = calls.filter((c) => c.path.endsWith('/claim')).length;
    await user.click(within(alert).getByRole('button', { name: 'Claim again' }));
    await waitFor(() => expect(calls.filter((c) => c.path.endsWith('/claim')).length).toBe(claimsBefore + 1));
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    expect(await screen.findByText(/Queue page Declined/)).toBeInTheDocument();
    expect(calls.filter((c) => c.path.endsWith('/decline')).at(-1)?.body).toMatchObject({ reasonCode: 'outside_scope' });
  });

  it('gives the claim back on "Back to queue"', async () => {
    const { calls } = fakeApi([...base, ['DELETE', '/api/doctor/orders/order-1/claim', () => ({ status: 204 })]]);
    const user = userEvent.setup();
    renderOrder();
    await user.click(await screen.findByRole('button', { name: 'Back to queue' }));
    expect(await screen.findByText(/Queue page/)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/doctor/orders/order-1/claim')).toBe(true);
  });

  it('says the order is not in the queue for an unknown order and for an address that is not an order id', async () => {
    for (const status of [404, 400]) {
      fakeApi([['POST', '/api/doctor/orders/order-1/claim', () => ({ status, body: { status, code: status === 404 ? 'NOT_FOUND' : 'VALIDATION_FAILED', detail: 'x' } })]]);
      const { unmount } = renderOrder();
      expect(await screen.findByRole('heading', { name: 'Not in your queue' })).toBeInTheDocument();
      unmount();
      vi.unstubAllGlobals();
    }
  });

  it('says so when another doctor holds the order', async () => {
    fakeApi([['POST', '/api/doctor/orders/order-1/claim', () => ({ status: 409, body: { status: 409, code: 'REVIEW_TAKEN', detail: 'Another doctor is reviewing this order.' } })]]);
    renderOrder();
    expect(await screen.findByRole('heading', { name: 'Taken' })).toBeInTheDocument();
    expect(screen.getByText('Another doctor is reviewing this order.')).toBeInTheDocument();
  });
});
