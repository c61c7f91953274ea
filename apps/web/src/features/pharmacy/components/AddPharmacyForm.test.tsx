import { MESSAGES } from '@store/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '@/test/axe';
import { fakeApi, problem } from '@/test/fakeApi';
import { renderWithStore } from '@/test/render';
import { AddPharmacyForm } from './AddPharmacyForm';
import { pharmacy } from './fixtures';

// Typing into MUI forms in jsdom is slow on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  vi.unstubAllGlobals();
});

async function fill(user: ReturnType<typeof userEvent.setup>, npi: string) {
  await user.type(screen.getByLabelText(/pharmacy name/i), 'Cornerstone Compounding');
  await user.type(screen.getByLabelText(/street address/i), '77 Congress Ave');
  await user.type(screen.getByLabelText(/^city/i), 'Austin');
  await user.selectOptions(screen.getByLabelText(/^state/i), 'TX');
  await user.type(screen.getByLabelText(/zip code/i), '78701');
  await user.type(screen.getByLabelText(/phone number/i), '(512) 555-0199');
  await user.type(screen.getByLabelText(/^NPI/), npi);
}

describe('AddPharmacyForm', () => {
  it("refuses an NPI whose check digit is wrong with the NPI message", async () => {
    // issue 5 "NPI checked with the NPI check digit"; AddPharmacyForm 'Please enter a valid 10-digit NPI.'
    const { calls } = fakeApi([]);
    const user = userEvent.setup({ delay: null });
    renderWithStore(<AddPharmacyForm onAdded={vi.fn()} />);
    await fill(user, '1234567890');
    await user.click(screen.getByRole('button', { name: 'Add pharmacy' }));
    expect(await screen.findByText('Please enter a valid 10-digit NPI.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^NPI/)).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toHaveLength(0);
  });

  it('gives every missing field its own message', async () => {
    fakeApi([]);
    const user = userEvent.setup({ delay: null });
    renderWithStore(<AddPharmacyForm onAdded={vi.fn()} />);
    await user.type(screen.getByLabelText(/fax/i), '123');
    await user.click(screen.getByRole('button', { name: 'Add pharmacy' }));
    for (const message of [
      MESSAGES.PHARMACY_NAME_REQUIRED,
      MESSAGES.ADDRESS_LINE1_REQUIRED,
      MESSAGES.CITY_REQUIRED,
      MESSAGES.STATE_INVALID,
      MESSAGES.ZIP_INVALID,
      MESSAGES.NPI_INVALID,
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    // SPEC §5 PhoneNumber for the phone and the fax
    expect(screen.getAllByText('Invalid format. Please enter 10 digits.')).toHaveLength(2);
  });

  it('adds the pharmacy and hands back what the server stored', async () => {
    // issue 5 "adding the patient's own pharmacy ... stored as patient-created"
    const stored = pharmacy('own1', 'Cornerstone Compounding', null, { isPatientCreated: true });
    const { calls } = fakeApi([['POST', '/api/pharmacies', () => ({ status: 201, body: stored })]]);
    const onAdded = vi.fn();
    const user = userEvent.setup({ delay: null });
    const { container } = renderWithStore(<AddPharmacyForm onAdded={onAdded} />);
    await fill(user, '1234567893');
    await user.click(screen.getByRole('button', { name: 'Add pharmacy' }));
    await waitFor(() => expect(onAdded).toHaveBeenCalledWith(stored));
    expect(calls[0]!.body).toEqual({
      name: 'Cornerstone Compounding',
      address: '77 Congress Ave',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      phone: '5125550199',
      fax: null,
      npi: '1234567893',
    });
    await expectNoAxeViolations(container);
  });

  it("shows the server's field message, or its connection message", async () => {
    let down = false;
    fakeApi([['POST', '/api/pharmacies', () =>
      down ? { status: 500 } : problem(400, 'VALIDATION_FAILED', MESSAGES.VALIDATION_FAILED, [{ field: 'npi', message: MESSAGES.NPI_INVALID }])]]);
    const user = userEvent.setup({ delay: null });
    renderWithStore(<AddPharmacyForm onAdded={vi.fn()} />);
    await fill(user, '1234567893');
    await user.click(screen.getByRole('button', { name: 'Add pharmacy' }));
    expect(await screen.findByText(MESSAGES.NPI_INVALID)).toBeInTheDocument();
    down = true;
    await user.click(screen.getByRole('button', { name: 'Add pharmacy' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.CONNECTION_ERROR);
  });
});
