// issue 15 "request more information": the patient reads the doctor's question on their order,
// answers it (optionally with a file through the consult's upload endpoint) and is thanked;
// signed out, they are asked to log in and come back; loading, empty and error states.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, type FakeRoute } from '@/test/fakeApi';
import { renderWithStore } from '@/test/render';
import { ANSWER_THANKS, MoreInformationPage } from './MoreInformationPage';

afterEach(() => {
  vi.unstubAllGlobals();
});

const signedIn: FakeRoute = ['GET', '/api/session', () => ({ body: { kind: 'user', userId: 'u1', role: 'patient' } })];
const UPLOAD_ID = '33333333-3333-4333-8333-333333333333';

function requests(answered: boolean) {
  return {
    orderId: 'order-1',
    orderNumber: 'EV-1001',
    status: answered ? 'awaiting_review' : 'needs_info',
    requests: [
      {
        id: 'r-1',
        question: 'When did you last see your GP?',
        askedAt: '2026-11-25T10:00:00.000Z',
        answer: answered ? 'Last month.' : null,
        answeredAt: answered ? '2026-11-25T12:00:00.000Z' : null,
        uploadIds: [],
      },
    ],
  };
}

function renderPage() {
  return renderWithStore(
    <Routes>
      <Route path="/orders/:id/more-information" element={<MoreInformationPage />} />
    </Routes>,
    { path: '/orders/order-1/more-information' },
  );
}

describe('MoreInformationPage', () => {
  it('shows the question, sends the answer with an attached file, and thanks the patient', async () => {
    let answered = false;
    const { calls } = fakeApi([
      signedIn,
      ['GET', '/api/orders/order-1/info-requests', () => ({ body: requests(answered) })],
      ['POST', '/api/uploads', () => ({ status: 201, body: { id: UPLOAD_ID, contentType: 'image/png', sizeBytes: 10, originalName: 'labs.png', createdAt: 'x' } })],
      [
        'POST',
        '/api/orders/order-1/info-requests/r-1/answer',
        () => {
          answered = true;
          return { body: { status: 'awaiting_review' } };
        },
      ],
    ]);
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText('When did you last see your GP?')).toBeInTheDocument();
    await user.upload(screen.getByLabelText('Attach a file'), new File(['png'], 'labs.png', { type: 'image/png' }));
    expect(await screen.findByText('Attached: labs.png')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Your answer/ }), 'Last month.');
    await user.click(screen.getByRole('button', { name: 'Send answer' }));
    expect(await screen.findByText(ANSWER_THANKS)).toBeInTheDocument();
    expect(calls.find((c) => c.path.endsWith('/answer'))?.body).toEqual({ answer: 'Last month.', uploadIds: [UPLOAD_ID] });
  });

  it('asks for an answer before sending', async () => {
    const { calls } = fakeApi([signedIn, ['GET', '/api/orders/order-1/info-requests', () => ({ body: requests(false) })]]);
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Send answer' }));
    expect(await screen.findByText('Please answer the question.')).toBeInTheDocument();
    expect(calls.some((c) => c.path.endsWith('/answer'))).toBe(false);
  });

  it('asks a signed-out visitor to log in', async () => {
    fakeApi([['GET', '/api/session', () => ({ body: { kind: 'none' } })]]);
    renderPage();
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.queryByText('When did you last see your GP?')).not.toBeInTheDocument();
  });

  it('says when there is no question, and shows a failure with a retry', async () => {
    fakeApi([signedIn, ['GET', '/api/orders/order-1/info-requests', () => ({ body: { ...requests(false), requests: [] } })]]);
    const { unmount } = renderPage();
    expect(await screen.findByRole('heading', { name: 'No questions' })).toBeInTheDocument();
    unmount();
    fakeApi([signedIn, ['GET', '/api/orders/order-1/info-requests', () => 'network']]);
    renderPage();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument());
  });
});
