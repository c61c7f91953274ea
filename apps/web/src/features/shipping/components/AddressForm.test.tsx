import { MESSAGES } from '@store/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api';
import { expectNoAxeViolations } from '@/test/axe';
import { renderWithStore } from '@/test/render';
import { AddressForm } from './AddressForm';

// Typing into MUI forms in jsdom is slow on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  vi.unstubAllGlobals();
});

async function fill(user: ReturnType<typeof userEvent.setup>, values: Record<string, string>) {
  const labels: Record<string, RegExp> = {
    fullName: /full name/i,
    line1: /street address/i,
    line2: /apartment/i,
    city: /^city/i,
    zip: /zip code/i,
    phone: /phone number/i,
  };
  for (const [key, value] of Object.entries(values)) {
    if (key === 'state') await user.selectOptions(screen.getByLabelText(/^state/i), value);
    else {
      const input = screen.getByLabelText(labels[key]!);
      await user.clear(input);
      if (value) await user.type(input, value);
    }
  }
}

const good = { fullName: 'Jane Doe', line1: '12 Oak Street', line2: 'Apt 4', city: 'Austin', state: 'TX', zip: '78701', phone: '(512) 555-0134' };

describe('AddressForm', () => {
  it('shows each field its own message and does not submit', async () => {
    // issue 5 "address validation messages"; SPEC §5 FullName and PhoneNumber
    const onSubmit = vi.fn();
    const user = userEvent.setup({ delay: null });
    renderWithStore(<AddressForm onSubmit={onSubmit} />);
    await fill(user, { fullName: 'Jane', phone: '512555013', zip: '787' });
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    expect(await screen.findByText(MESSAGES.FULL_NAME_INVALID)).toBeInTheDocument();
    expect(screen.getByText('Invalid format. Please enter 10 digits.')).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.ZIP_INVALID)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.ADDRESS_LINE1_REQUIRED)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.CITY_REQUIRED)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.STATE_INVALID)).toBeInTheDocument();
    expect(screen.getByLabelText(/phone number/i)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/phone number/i)).toHaveAccessibleDescription('Invalid format. Please enter 10 digits.');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits the normalised address: single-spaced name, 10-digit phone, no empty line 2', async () => {
    const onSubmit = vi.fn(async () => {});
    const user = userEvent.setup({ delay: null });
    renderWithStore(<AddressForm onSubmit={onSubmit} />);
    await fill(user, { ...good, fullName: 'Jane   Doe', line2: '' });
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith({
      fullName: 'Jane Doe',
      line1: '12 Oak Street',
      line2: null,
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      phone: '5125550134',
    });
    // StatusButton shows the done tick
    expect(await screen.findByTitle('Saved')).toBeInTheDocument();
  });

  it('offers every US state and says so when the products cannot ship to the chosen one', async () => {
    // issue 5 "state restrictions of the products (clear message, no silent failure)"
    const onSubmit = vi.fn();
    const user = userEvent.setup({ delay: null });
    renderWithStore(<AddressForm onSubmit={onSubmit} shipsTo={['TX', 'CA']} />);
    const state = screen.getByLabelText(/^state/i);
    expect(state.querySelectorAll('option')).toHaveLength(52); // placeholder + 50 states + DC
    await fill(user, { ...good, state: 'NY' });
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    expect(await screen.findByText(MESSAGES.SHIPPING_STATE_UNAVAILABLE)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("puts the server's field messages on the fields", async () => {
    const onSubmit = vi.fn(async () => {
      throw new ApiError(400, { code: 'VALIDATION_FAILED', detail: MESSAGES.VALIDATION_FAILED, errors: [{ field: 'zip', message: 'We could not find that ZIP code.' }] });
    });
    const user = userEvent.setup({ delay: null });
    renderWithStore(<AddressForm onSubmit={onSubmit} />);
    await fill(user, good);
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    expect(await screen.findByText('We could not find that ZIP code.')).toBeInTheDocument();
    expect(screen.getByLabelText(/zip code/i)).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the connection message when the save fails without an answer', async () => {
    const { ConnectionError } = await import('@/lib/api');
    const user = userEvent.setup({ delay: null });
    renderWithStore(<AddressForm onSubmit={async () => { throw new ConnectionError(null); }} />);
    await fill(user, good);
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.CONNECTION_ERROR);
  });

  it('has labelled, axe-clean markup', async () => {
    const { container } = renderWithStore(<AddressForm onSubmit={vi.fn()} />);
    expect(screen.getByRole('form', { name: 'Shipping address' })).toBeInTheDocument();
    await expectNoAxeViolations(container);
  });
});
