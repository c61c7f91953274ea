// The order's money in one list (SPEC §6 "the highest consult fee … is added once to the order
// total"; issue 7 summary: consult fee, shipping, tax, discount, donation, total).
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '@/test/axe';
import { makeCart } from '@/test/storeFixtures';
import { OrderTotals } from './OrderTotals';

const priced = makeCart({
  shipping: { state: 'OR', methodId: 'm1', carrier: 'USPS', methodName: 'Standard', costCents: 500, allowedMethodIds: null },
  promoCode: { code: 'WELCOME10', discountCents: 300 },
  isSalesTaxApplied: false,
  taxRatePercent: 0,
  totals: { subtotalCents: 3000, consultFeeCents: 2500, discountCents: 300, shippingCents: 500, taxCents: 0, donationCents: 100, totalCents: 5800 },
});

describe('OrderTotals', () => {
  it('lists every charge the server priced, a state with no sales tax as $0.00, and the total last', async () => {
    const { container } = render(<OrderTotals order={priced} ships />);
    const list = screen.getByLabelText('Order total');
    const rows = Array.from(list.children).map((row) => row.textContent);
    expect(rows).toEqual([
      'Subtotal$30.00',
      'Doctor’s consult$25.00',
      'Discount (WELCOME10)−$3.00',
      'Shipping$5.00',
      'Tax (OR)$0.00',
      'Donation$1.00',
      'Total$58.00',
    ]);
    // A <dl> holds only dt/dd groups: no divider element between the rows (axe definition-list).
    expect(list.querySelector('hr')).toBeNull();
    await expectNoAxeViolations(container);
  });

  it('asks for the state before it can say the tax, and has no Shipping row when nothing ships', () => {
    render(<OrderTotals order={makeCart({ shipping: { state: null, methodId: null, carrier: null, methodName: null, costCents: 0, allowedMethodIds: null } })} ships={false} />);
    const list = screen.getByLabelText('Order total');
    expect(within(list).getByText('Calculated from your state')).toBeInTheDocument();
    expect(within(list).queryByText('Shipping')).not.toBeInTheDocument();
  });

  it('announces a changed total only where asked', () => {
    const { rerender } = render(<OrderTotals order={priced} ships />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    rerender(<OrderTotals order={priced} ships liveTotal />);
    expect(screen.getByRole('status')).toHaveTextContent('$58.00');
  });
});
