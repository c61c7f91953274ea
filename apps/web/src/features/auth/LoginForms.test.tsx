// The login forms show the spec's messages (SPEC §5, §8), the button states (SPEC §4) and the
// connection error on no answer or 5xx; the code form says where the code went.
import { MESSAGES } from '@store/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, type FakeAnswer, type FakeCall } from '@/test/fakeApi';
import { renderWithStore } from '@/test/render';
import { LoginForms } from './components/LoginForms';

function json(status: number, body: unknown): FakeAnswer {
  return { status, body };
}

/** Every call, whatever its path, gets `reply`'s answer. */
function answerAll(reply: (call: FakeCall) => FakeAnswer | Promise<FakeAnswer>) {
  return fakeApi([
    ['GET', /.*/, reply],
    ['POST', /.*/, reply],
  ]).fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

const passwordField = () => screen.getByLabelText(/^Password/, { selector: 'input' });

describe('password login', () => {
  it('shows the spec email-format message without calling the server (SPEC §5)', async () => {
    const fetchMock = answerAll(() => json(200, {}));
    renderWithStore(<LoginForms />);
    await userEvent.type(screen.getByRole('textbox', { name: /Email/ }), 'nope');
    await userEvent.type(passwordField(), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText(MESSAGES.EMAIL_INVALID)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the wrong-password message from the server (SPEC §8)', async () => {
    answerAll(() =>
      json(401, {
        status: 401,
        code: 'LOGIN_WRONG_PASSWORD',
        detail: MESSAGES.LOGIN_WRONG_PASSWORD,
      }),
    );
    renderWithStore(<LoginForms />);
    await userEvent.type(screen.getByRole('textbox', { name: /Email/ }), 'pat@example.com');
    await userEvent.type(passwordField(), 'Wrong#Pass1');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.LOGIN_WRONG_PASSWORD);
    expect(screen.getByRole('link', { name: "Don't have an account?" })).toHaveAttribute(
      'href',
      '/register',
    );
  });

  it('puts the unknown-email message under the email field (SPEC §8)', async () => {
    answerAll(() =>
      json(401, {
        status: 401,
        code: 'LOGIN_UNKNOWN_EMAIL',
        detail: MESSAGES.LOGIN_UNKNOWN_EMAIL,
        errors: [{ field: 'email', message: MESSAGES.LOGIN_UNKNOWN_EMAIL }],
      }),
    );
    renderWithStore(<LoginForms />);
    await userEvent.type(screen.getByRole('textbox', { name: /Email/ }), 'ghost@example.com');
    await userEvent.type(passwordField(), 'Whatever#1');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    const email = screen.getByRole('textbox', { name: /Email/ });
    await waitFor(() => expect(email).toHaveAccessibleDescription(MESSAGES.LOGIN_UNKNOWN_EMAIL));
    expect(email).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the connection error on a 500 or no answer (SPEC §8)', async () => {
    answerAll(() => json(500, { status: 500, code: 'INTERNAL', detail: 'x' }));
    renderWithStore(<LoginForms />);
    await userEvent.type(screen.getByRole('textbox', { name: /Email/ }), 'pat@example.com');
    await userEvent.type(passwordField(), 'Right#Pass1');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(MESSAGES.CONNECTION_ERROR);
    expect(alert).toHaveTextContent(MESSAGES.CONNECTION_ERROR_SUPPORT);
  });

  it('shows the loading state while the call runs (SPEC §4 button states)', async () => {
    let release: (r: FakeAnswer) => void = () => {};
    const fetchMock = answerAll(() => new Promise<FakeAnswer>((resolve) => (release = resolve)));
    renderWithStore(<LoginForms />);
    await userEvent.type(screen.getByRole('textbox', { name: /Email/ }), 'pat@example.com');
    await userEvent.type(passwordField(), 'Right#Pass1');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    const button = screen.getByRole('button', { name: /Log in/ });
    await waitFor(() => expect(button).toHaveAttribute('data-status', 'loading'));
    // Busy and unavailable, yet it keeps keyboard focus: a second press sends nothing.
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveFocus();
    await userEvent.click(button);
    expect(fetchMock).toHaveBeenCalledOnce();
    release(
      json(401, {
        status: 401,
        code: 'LOGIN_WRONG_PASSWORD',
        detail: MESSAGES.LOGIN_WRONG_PASSWORD,
      }),
    );
    await waitFor(() => expect(button).toHaveAttribute('data-status', 'idle'));
  });
});

describe('one-time passcode login', () => {
  it('sends to the chosen channels, says where it went, and shows the invalid-passcode message (SPEC §8)', async () => {
    const fetchMock = answerAll(({ path }) => {
      if (path === '/api/auth/otp/send') {
        return json(200, {
          sentTo: { email: 'p*****t@example.com', sms: '(***) ***-4567' },
          failures: [],
          expiresInSeconds: 600,
        });
      }
      return json(400, {
        status: 400,
        code: 'PASSCODE_INVALID',
        detail: MESSAGES.PASSCODE_INVALID,
        errors: [{ field: 'code', message: MESSAGES.PASSCODE_INVALID }],
      });
    });
    renderWithStore(<LoginForms />);
    await userEvent.click(screen.getByRole('tab', { name: 'One-time passcode' }));
    await userEvent.type(screen.getByRole('textbox', { name: /Email/ }), 'patient@example.com');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Text message (SMS)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send passcode' }));
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]!.body))).toEqual({
      email: 'patient@example.com',
      channels: ['email'],
    });

    const hint = await screen.findByTestId('passcode-hint');
    expect(hint).toHaveTextContent('(***) ***-4567');
    expect(hint).toHaveTextContent('p*****t@example.com');
    expect(hint).toHaveTextContent('expires in 10 minutes');

    await userEvent.type(screen.getByRole('textbox', { name: /Passcode/ }), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    const code = screen.getByRole('textbox', { name: /Passcode/ });
    await waitFor(() => expect(code).toHaveAccessibleDescription(MESSAGES.PASSCODE_INVALID));

    await userEvent.click(screen.getByRole('button', { name: 'Send a new passcode' }));
    expect(await screen.findByTestId('passcode-hint')).toHaveTextContent('We sent a new passcode.');
    expect(fetchMock.mock.calls.filter(([u]) => String(u) === '/api/auth/otp/send')).toHaveLength(
      2,
    );
  });

  it('shows "Error sending OTP to SMS." when SMS failed but email worked', async () => {
    answerAll(() =>
      json(200, {
        sentTo: { email: 'p*****t@example.com' },
        failures: [{ channel: 'sms', code: 'OTP_SMS_FAILED', message: MESSAGES.OTP_SMS_FAILED }],
        expiresInSeconds: 600,
      }),
    );
    renderWithStore(<LoginForms />);
    await userEvent.click(screen.getByRole('tab', { name: 'One-time passcode' }));
    await userEvent.type(screen.getByRole('textbox', { name: /Email/ }), 'patient@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send passcode' }));
    const form = await screen.findByRole('form', { name: 'Enter your passcode' });
    expect(within(form).getByText(MESSAGES.OTP_SMS_FAILED)).toBeInTheDocument();
  });
});

describe('two forms on one page (issue 13 #16)', () => {
  it('the login forms beside another copy share no ids, and each email field keeps its name', async () => {
    answerAll(() => json(200, {}));
    // As the login drawer over /register (or over /login): two forms with an Email field each.
    renderWithStore(
      <>
        <section aria-label="page">
          <LoginForms />
        </section>
        <section aria-label="drawer">
          <LoginForms />
        </section>
      </>,
    );
    const ids = [...document.querySelectorAll('[id]')].map((el) => el.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    for (const name of ['page', 'drawer']) {
      const region = screen.getByRole('region', { name });
      expect(within(region).getByRole('textbox', { name: /Email/ })).toBeInTheDocument();
      expect(within(region).getByLabelText(/^Password/, { selector: 'input' })).toBeInTheDocument();
      expect(within(region).getByRole('tabpanel')).toHaveAccessibleName('Password');
    }
  });
});
