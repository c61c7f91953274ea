// SPEC §7 "POST phone-order request", §2 "A phone-order request navigates to / after being sent"
// (issue 17): the Order by phone form, its field messages, and the landing on / with a confirmation.
import { MESSAGES, PHONE_ORDER_MESSAGES } from '@store/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NavigationNotice } from '@/components/NavigationNotice';
import { expectNoAxeViolations } from '@/test/axe';
import { fakeApi, problem } from '@/test/fakeApi';
import { renderWithStore } from '@/test/render';
import { PhoneOrderPage } from './PhoneOrderPage';

afterEach(() => {
  vi.unstubAllGlobals();
});

function Home() {
  return (
    <>
      <NavigationNotice />
      <h1>Home</h1>
    </>
  );
}

const renderPage = () =>
  renderWithStore(
    <Routes>
      <Route path="/phone-order" element={<PhoneOrderPage />} />
      <Route path="/" element={<Home />} />
    </Routes>,
    { path: '/phone-order' },
  );

describe('PhoneOrderPage (issue 17)', () => {
  it('shows the spec’s messages on each field and sends nothing until they pass', async () => {
    const { calls } = fakeApi([]);
    const user = userEvent.setup();
    const { container } = renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Order by phone' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Full name/ }), 'Jordan');
    await user.type(screen.getByRole('textbox', { name: /Phone number/ }), '555-0134');
    await user.click(screen.getByRole('button', { name: 'Ask us to call me' }));
    expect(await screen.findByText(MESSAGES.FULL_NAME_INVALID)).toBeInTheDocument();
    expect(screen.getByText('Invalid format. Please enter 10 digits.')).toBeInTheDocument(); // SPEC §5 PhoneNumber
    expect(screen.getByText(PHONE_ORDER_MESSAGES.NEED_REQUIRED)).toBeInTheDocument();
    expect(screen.getByText(PHONE_ORDER_MESSAGES.BEST_TIME_REQUIRED)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    await expectNoAxeViolations(container);
  });

  it('sends the request and lands on / with the confirmation', async () => {
    const { calls } = fakeApi([['POST', '/api/phone-orders', (c) => ({ status: 201, body: { id: 'p1', bestTime: (c.body as { bestTime: string }).bestTime } })]]);
    const user = userEvent.setup();
    renderPage();
    await user.type(screen.getByRole('textbox', { name: /Full name/ }), 'Jordan Avery');
    await user.type(screen.getByRole('textbox', { name: /Phone number/ }), '(512) 555-0134');
    await user.type(screen.getByRole('textbox', { name: /What would you like to order/ }), 'A refill of Metformin');
    await user.click(screen.getByRole('radio', { name: 'Morning (9am–12pm)' }));
    await user.click(screen.getByRole('button', { name: 'Ask us to call me' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent("Your request was sent. Thanks, we'll call you in the morning to take your order.");
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'Jordan Avery', phone: '5125550134', need: 'A refill of Metformin', bestTime: 'Morning (9am–12pm)' });
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
  });

  it('takes another time as text, and keeps everything typed when sending fails', async () => {
    let fail = true;
    fakeApi([['POST', '/api/phone-orders', (c) => (fail ? problem(429, 'RATE_LIMITED', MESSAGES.RATE_LIMITED) : { status: 201, body: { id: 'p1', bestTime: (c.body as { bestTime: string }).bestTime } })]]);
    const user = userEvent.setup();
    renderPage();
    await user.type(screen.getByRole('textbox', { name: /Full name/ }), 'Jordan Avery');
    await user.type(screen.getByRole('textbox', { name: /Phone number/ }), '5125550134');
    await user.type(screen.getByRole('textbox', { name: /What would you like to order/ }), 'Sildenafil');
    await user.click(screen.getByRole('radio', { name: 'Another time' }));
    await user.type(screen.getByRole('textbox', { name: 'When should we call?' }), 'Weekdays after 6pm');
    await user.click(screen.getByRole('button', { name: 'Ask us to call me' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.RATE_LIMITED);
    expect(screen.getByRole('textbox', { name: /Full name/ })).toHaveValue('Jordan Avery');
    expect(screen.getByRole('textbox', { name: 'When should we call?' })).toHaveValue('Weekdays after 6pm');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Ask us to call me' }));
    expect(await screen.findByRole('status')).toHaveTextContent('at the time you asked for (Weekdays after 6pm)');
  });
});
