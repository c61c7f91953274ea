// The registration form's names from elsewhere (the checkout's shipping name at the Register stage,
// SPEC §2 "Register: /register"): filled into empty fields, editable, and never over what the
// patient typed, even when they arrive after the patient has started.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithStore } from '@/test/render';
import { RegistrationForm, type RegistrationValues } from './RegistrationForm';

const firstName = () => screen.getByRole('textbox', { name: /^First name/ });
const lastName = () => screen.getByRole('textbox', { name: /^Last name/ });

/** The form with names that arrive when "Names arrive" is pressed (a read finishing late). */
function LatePrefill({ onSubmit }: { onSubmit: (values: RegistrationValues) => Promise<void> }) {
  const [prefill, setPrefill] = useState<{ firstName: string; lastName: string } | null>(null);
  return (
    <>
      <button
        type="button"
        onClick={() => setPrefill({ firstName: 'Mary Ann', lastName: 'Smith' })}
      >
        Names arrive
      </button>
      <RegistrationForm prefill={prefill} onSubmit={onSubmit} />
    </>
  );
}

async function fillAccount(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: /^Email/ }), 'mary@example.com');
  await user.type(screen.getByLabelText(/^Password/, { selector: 'input' }), 'Juniper#Trail58');
}

describe('RegistrationForm prefill', () => {
  it('fills the empty name fields, which the patient can still edit (SPEC §5 FirstName, LastName)', async () => {
    const onSubmit = vi.fn(async () => {});
    const user = userEvent.setup();
    renderWithStore(
      <RegistrationForm
        prefill={{ firstName: 'Mary Ann', lastName: 'Smith' }}
        onSubmit={onSubmit}
      />,
    );
    await waitFor(() => expect(firstName()).toHaveValue('Mary Ann'));
    expect(lastName()).toHaveValue('Smith');

    await user.clear(firstName());
    await user.type(firstName(), 'Maryanne');
    await fillAccount(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ firstName: 'Maryanne', lastName: 'Smith' }),
    );
  });

  it('never replaces a name the patient typed before the names arrived', async () => {
    const onSubmit = vi.fn(async () => {});
    const user = userEvent.setup();
    renderWithStore(<LatePrefill onSubmit={onSubmit} />);
    expect(firstName()).toHaveValue('');
    await user.type(firstName(), 'Molly');

    await user.click(screen.getByRole('button', { name: 'Names arrive' }));
    await waitFor(() => expect(lastName()).toHaveValue('Smith'));
    expect(firstName()).toHaveValue('Molly');
  });

  it('clears a missing-name message once the name arrives (SPEC §5 lastNameError)', async () => {
    const user = userEvent.setup();
    renderWithStore(<LatePrefill onSubmit={vi.fn(async () => {})} />);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(lastName()).toHaveAttribute('aria-invalid', 'true'));

    await user.click(screen.getByRole('button', { name: 'Names arrive' }));
    await waitFor(() => expect(lastName()).toHaveAttribute('aria-invalid', 'false'));
    expect(lastName()).toHaveValue('Smith');
  });
});
