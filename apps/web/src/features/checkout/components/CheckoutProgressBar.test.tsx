// SPEC §2 "Progress steps" and SPEC §4 labels: which steps an order shows and with which label.
import { Stage } from '@store/domain';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CONSULT_STAGES, makeProgress } from '../test-helpers';
import { CheckoutProgressBar, stepsFor } from './CheckoutProgressBar';

const { Consult, Shipping, Payment } = Stage;
const labels = (p: Parameters<typeof stepsFor>[0]) =>
  stepsFor(p).map((s) => `${s.label}:${s.status}`);

describe('stepsFor', () => {
  it.each<[string, Parameters<typeof makeProgress>[0], string[]]>([
    [
      'a consult order, nothing done (guest)',
      {},
      [
        'Consult:Pending',
        'Shipping:Incomplete',
        'Doctor:Incomplete',
        'Payment:Incomplete',
        'Confirmation:Incomplete',
      ],
    ],
    [
      'shipping done, pharmacy pending: the Shipping step stays Pending',
      { completed: Consult | Shipping, loggedIn: true },
      [
        'Consult:completed',
        'Shipping:Pending',
        'Doctor:Incomplete',
        'Payment:Incomplete',
        'Confirmation:Incomplete',
      ],
    ],
    [
      'a guest with all but Payment done: the Payment step (Register) is Pending',
      { completed: CONSULT_STAGES & ~Payment },
      [
        'Consult:completed',
        'Shipping:completed',
        'Doctor:completed',
        'Payment:Pending',
        'Confirmation:Incomplete',
      ],
    ],
    [
      'a shipped product',
      { required: Shipping | Payment, loggedIn: true },
      ['Shipping:Pending', 'Payment:Incomplete', 'Confirmation:Incomplete'],
    ],
    [
      'everything done',
      { required: Shipping | Payment, completed: Shipping | Payment, loggedIn: true },
      ['Shipping:completed', 'Payment:completed', 'Confirmation:completed'],
    ],
  ])('%s', (_name, opts, expected) => {
    expect(labels(makeProgress(opts))).toEqual(expected);
  });

  it('lists all five steps before the progress is known', () => {
    expect(stepsFor(null).map((s) => s.step)).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('CheckoutProgressBar', () => {
  it('counts the steps when there are several, and does not say "Step 1 of 1" after payment', () => {
    const { rerender } = render(<CheckoutProgressBar progress={makeProgress({})} current={2} />);
    expect(screen.getByRole('progressbar', { name: 'Checkout progress' })).toHaveAttribute('aria-valuetext', 'Step 2 of 5: Shipping');
    // After payment only Confirmation is shown (CheckoutLayout's PAID).
    rerender(<CheckoutProgressBar progress={{ stages: [], missingStages: [] }} current={5} />);
    expect(screen.getByRole('progressbar', { name: 'Checkout progress' })).toHaveAttribute('aria-valuetext', 'Confirmation');
  });
});
