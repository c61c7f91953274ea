// SPEC §2 /checkout/ended-visit and "doctor rating"; §4 CONFIRM; issue 16 "after a completed visit
// or review the patient rates 1–5 with an optional comment, once per order". What happens next for
// where the order stands; the rating form (no stars → the message; submit; 409 RATING_EXISTS →
// the saved rating), rated already, not rateable yet; an asynchronous review once decided; 404,
// signed out, loading, connection error with Retry.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '@/test/axe';
import { fakeApi, notFound, problem, type FakeAnswer, type FakeRoute } from '@/test/fakeApi';
import { renderWithStore } from '@/test/render';
import { ALREADY_RATED_TEXT, NOT_RATEABLE_TEXT, RATING_THANKS } from '../components/RateDoctor';
import { DOCTOR, ORDER_ID } from '../test-fixtures';
import { EndedVisitPage, ORDER_NOT_FOUND_TITLE } from './EndedVisitPage';

afterEach(() => {
  vi.unstubAllGlobals();
});

const signedIn: FakeRoute = [
  'GET',
  '/api/session',
  () => ({ body: { kind: 'user', userId: 'u1', role: 'patient' } }),
];
const at = `/checkout/ended-visit?id=${ORDER_ID}`;
const order = (status: string) => ({
  orderId: ORDER_ID,
  orderNumber: 'ABCD1234',
  status,
  receiptUrl: `/api/orders/${ORDER_ID}/receipt.pdf`,
});
const rateable = { doctor: DOCTOR, canRate: true, rating: null };
const rated = (stars: number, comment: string | null) => ({
  doctor: DOCTOR,
  canRate: false,
  rating: { stars, comment, at: '2026-11-30T10:00:00.000Z' },
});

function api(status: string, rating: () => FakeAnswer, extra: FakeRoute[] = []) {
  return fakeApi([
    signedIn,
    ['GET', `/api/orders/${ORDER_ID}/payment`, () => ({ body: order(status) })],
    ['GET', `/api/orders/${ORDER_ID}/rating`, rating],
    ...extra,
  ]);
}

/**
 * Chooses a star. MUI's Rating takes the star under the mouse over the one clicked, and jsdom has no
 * layout (every star is at 0×0), so a user-event click with its mouse moves would choose NaN: the
 * radio is clicked alone, as a keyboard's Space does.
 */
function pickStars(radio: HTMLElement) {
  fireEvent.click(radio);
}

function renderPage(path = at) {
  return renderWithStore(<EndedVisitPage />, { path });
}

describe('EndedVisitPage', () => {
  it('after the visit: the doctor reviews and decides, the mails, the order; then 1–5 stars and a comment, CONFIRM, and thanks with the stars given', async () => {
    let saved: { stars: number; comment?: string } | null = null;
    const { calls } = api(
      'visit_scheduled',
      () => ({ body: saved ? rated(saved.stars, saved.comment ?? null) : rateable }),
      [
        [
          'POST',
          `/api/orders/${ORDER_ID}/rating`,
          (call) => {
            saved = call.body as { stars: number; comment?: string };
            return { status: 201, body: rated(saved.stars, saved.comment ?? null) };
          },
        ],
      ],
    );
    const user = userEvent.setup();
    const { container } = renderPage();
    expect(screen.getByText('Loading your order…')).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'What happens next' }),
    ).toBeInTheDocument();
    const next = screen.getByTestId('next-steps');
    expect(next).toHaveTextContent(
      'Your doctor reviews your visit and your answers, and decides on your treatment.',
    );
    expect(next).toHaveTextContent(
      'We email you when your doctor decides, and again when your prescription is sent to your pharmacy.',
    );
    expect(screen.getByTestId('order-number')).toHaveTextContent('ABCD1234');
    expect(screen.getByRole('link', { name: 'your receipt (PDF)' })).toHaveAttribute(
      'href',
      `/api/orders/${ORDER_ID}/receipt.pdf`,
    );
    expect(screen.getByRole('link', { name: 'Go to my account' })).toHaveAttribute(
      'href',
      '/my-account',
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Rate your doctor' })).toBeInTheDocument();
    expect(document.title).toMatch(/^What happens next \| /);
    await expectNoAxeViolations(container);

    // No stars: the schema's message, nothing sent.
    await user.click(screen.getByRole('button', { name: 'CONFIRM' }));
    expect(await screen.findByText('Choose from 1 to 5 stars.')).toBeInTheDocument();
    // Focus goes to the stars' group, not to a radio: focusing "No stars" makes MUI lay its label
    // over all five stars (walk-through: on a phone, tapping a star then did nothing).
    const group = screen.getByRole('group', { name: 'How was your visit with Dr. Ana Ruiz, MD?' });
    expect(group).toHaveFocus();
    expect(group).toHaveAccessibleDescription('Choose from 1 to 5 stars.');
    expect(container.querySelector('.MuiRating-labelEmptyValueActive')).toBeNull();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    // Each star is a labelled radio in a named group (keyboard: arrows move between them).
    for (const n of [1, 2, 3, 4, 5])
      expect(
        within(group).getByRole('radio', { name: n === 1 ? '1 star' : `${n} stars` }),
      ).toBeInTheDocument();
    pickStars(within(group).getByRole('radio', { name: '4 stars' }));
    await waitFor(() =>
      expect(screen.queryByText('Choose from 1 to 5 stars.')).not.toBeInTheDocument(),
    );
    await user.type(
      screen.getByRole('textbox', { name: 'Comment (optional)' }),
      '  Kind and clear.  ',
    );
    await user.click(screen.getByRole('button', { name: 'CONFIRM' }));
    expect(await screen.findByText(RATING_THANKS)).toBeInTheDocument();
    // The form (and CONFIRM) is gone: focus moves to the thanks, not to the page's body.
    await waitFor(() =>
      expect(screen.getByText(RATING_THANKS).closest('[role="status"]')).toHaveFocus(),
    );
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      stars: 4,
      comment: 'Kind and clear.',
    });
    expect(screen.getByTestId('saved-stars')).toHaveTextContent('4 out of 5 stars');
    expect(screen.getByText('“Kind and clear.”')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'CONFIRM' })).not.toBeInTheDocument();
  });

  it('a comment is optional: stars alone are sent', async () => {
    const { calls } = api('visit_scheduled', () => ({ body: rateable }), [
      ['POST', `/api/orders/${ORDER_ID}/rating`, () => ({ status: 201, body: rated(5, null) })],
    ]);
    const user = userEvent.setup();
    renderPage();
    pickStars(await screen.findByRole('radio', { name: '5 stars' }));
    await user.click(screen.getByRole('button', { name: 'CONFIRM' }));
    expect(await screen.findByText(RATING_THANKS)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ stars: 5 });
  });

  it('409 RATING_EXISTS (rated in another tab): says so and shows the saved rating', async () => {
    // issue 16 "once per order".
    let posted = false;
    api('visit_scheduled', () => ({ body: posted ? rated(2, 'Late.') : rateable }), [
      [
        'POST',
        `/api/orders/${ORDER_ID}/rating`,
        () => {
          posted = true;
          return problem(409, 'RATING_EXISTS', 'You have already rated this order.');
        },
      ],
    ]);
    const user = userEvent.setup();
    renderPage();
    pickStars(await screen.findByRole('radio', { name: '4 stars' }));
    await user.click(screen.getByRole('button', { name: 'CONFIRM' }));
    expect(await screen.findByText(ALREADY_RATED_TEXT)).toBeInTheDocument();
    expect(await screen.findByTestId('saved-stars')).toHaveTextContent('2 out of 5 stars');
    expect(screen.getByText('“Late.”')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'CONFIRM' })).not.toBeInTheDocument();
  });

  it('another refusal (409 NOT_RATEABLE) is said above the button, the stars kept', async () => {
    api('visit_scheduled', () => ({ body: rateable }), [
      [
        'POST',
        `/api/orders/${ORDER_ID}/rating`,
        () =>
          problem(
            409,
            'NOT_RATEABLE',
            'You can rate your doctor after your visit or their decision.',
          ),
      ],
    ]);
    const user = userEvent.setup();
    renderPage();
    pickStars(await screen.findByRole('radio', { name: '3 stars' }));
    await user.click(screen.getByRole('button', { name: 'CONFIRM' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You can rate your doctor after your visit or their decision.',
    );
    expect(screen.getByRole('radio', { name: '3 stars' })).toBeChecked();
  });

  it('rated already: the saved rating, no form', async () => {
    api('approved', () => ({ body: rated(5, 'Great.') }));
    renderPage();
    expect(await screen.findByText('You rated Dr. Ana Ruiz, MD:')).toBeInTheDocument();
    expect(screen.getByTestId('saved-stars')).toHaveTextContent('5 out of 5 stars');
    expect(screen.getByRole('img', { name: '5 stars' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'CONFIRM' })).not.toBeInTheDocument();
  });

  it('not rateable yet: says when, no form', async () => {
    api('visit_scheduled', () => ({ body: { doctor: DOCTOR, canRate: false, rating: null } }));
    renderPage();
    expect(await screen.findByText(NOT_RATEABLE_TEXT)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'CONFIRM' })).not.toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  });

  it('an asynchronous review (visit type 3) once decided: approved, and rateable', async () => {
    // issue 16 "after a completed visit or review".
    api('approved', () => ({ body: rateable }));
    renderPage();
    const next = await screen.findByTestId('next-steps');
    expect(next).toHaveTextContent('Your doctor approved your treatment.');
    expect(next).toHaveTextContent('We email you when your prescription is sent to your pharmacy.');
    expect(screen.getByRole('button', { name: 'CONFIRM' })).toBeInTheDocument();
  });

  it.each([
    [
      'declined',
      'Your doctor decided this treatment is not right for you. Your card was not charged.',
    ],
    ['prescribed', 'your prescription was sent to your pharmacy'],
    ['cancelled', 'This order was cancelled. Your card was not charged.'],
    // An asynchronous review (visit type 3) waiting for its doctor: no visit is spoken of.
    ['awaiting_review', 'Your doctor reviews your answers and decides on your treatment.'],
  ])('what happens next for a %s order', async (status, text) => {
    api(status, () => ({ body: { doctor: DOCTOR, canRate: false, rating: null } }));
    renderPage();
    expect(await screen.findByTestId('next-steps')).toHaveTextContent(text);
  });

  it('the doctor asked a question: a link to answer it', async () => {
    api('needs_info', () => ({ body: rateable }));
    renderPage();
    expect(await screen.findByRole('link', { name: 'Answer your doctor' })).toHaveAttribute(
      'href',
      `/orders/${ORDER_ID}/more-information`,
    );
  });

  it('a missed visit: a link back to the visit screen to book a new time', async () => {
    api('visit_missed', () => ({ body: { doctor: DOCTOR, canRate: false, rating: null } }));
    renderPage();
    expect(await screen.findByRole('link', { name: 'Book a new time' })).toHaveAttribute(
      'href',
      `/checkout/patient-visit?id=${ORDER_ID}`,
    );
  });

  it('someone else’s order or an unknown one: "We couldn’t find this order"', async () => {
    fakeApi([
      signedIn,
      ['GET', `/api/orders/${ORDER_ID}/payment`, () => notFound],
      ['GET', `/api/orders/${ORDER_ID}/rating`, () => notFound],
    ]);
    renderPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: ORDER_NOT_FOUND_TITLE }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('signed out: asks to log in, nothing fetched', async () => {
    const { calls } = fakeApi([
      ['GET', '/api/session', () => ({ body: { kind: 'none', userId: null, role: null } })],
    ]);
    renderPage();
    expect(
      await screen.findByText('Please log in to see your order and rate your doctor.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(calls.some((c) => c.path.startsWith('/api/orders/'))).toBe(false);
  });

  it('a connection error: the SPEC §8 message and Retry', async () => {
    let fail = true;
    api('visit_scheduled', () => (fail ? 'network' : { body: rateable }));
    const user = userEvent.setup();
    renderPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'We could not load your order' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('There was a connection error.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'CONFIRM' })).toBeInTheDocument();
  });
});
