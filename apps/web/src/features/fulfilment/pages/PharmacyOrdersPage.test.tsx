// issue 15 "Fulfilment": the pharmacist's orders by status with counts; Fill, Ship with carrier and
// tracking number (checked before sending), Mark delivered; the prescription PDF; loading, empty,
// error states and paging.
import { MESSAGES, type PharmacyOrder, type PharmacyOrderList } from '@store/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, problem, type FakeCall } from '@/test/fakeApi';
import { renderWithStore } from '@/test/render';
import { PharmacyOrdersPage } from './PharmacyOrdersPage';

afterEach(() => {
  vi.unstubAllGlobals();
});

const order = (over: Partial<PharmacyOrder> = {}): PharmacyOrder => ({
  orderId: '11111111-1111-4111-8111-111111111111',
  orderNumber: 'EV-1001',
  patientName: 'Rosa Díaz',
  shipTo: { fullName: 'Rosa Díaz', line1: '12 Elm St', line2: null, city: 'Austin', state: 'TX', zip: '78701', phone: null },
  shippingMethod: { carrier: 'USPS', name: 'Priority' },
  items: [{ title: 'Metformin ER Weight Support', qty: 1 }],
  prescription: {
    id: 'rx-1',
    medication: 'Metformin ER',
    strength: '500 mg',
    form: 'tablet',
    quantity: 60,
    daysSupply: 30,
    directions: 'Take 1 tablet by mouth twice daily with meals.',
    refills: 2,
    substitutionAllowed: true,
    writtenAt: '2026-11-20T10:00:00.000Z',
  },
  status: 'to_fill',
  carrier: null,
  trackingNumber: null,
  trackingUrl: null,
  deliveryOverdue: false,
  dates: { sentAt: '2026-11-20T10:00:00.000Z', filledAt: null, shippedAt: null, deliveredAt: null, readyAt: null },
  ...over,
});

const counts = { to_fill: 1, filled: 1, shipped: 1, delivered: 0, ready_for_pickup: 0, all: 3 };
const list = (items: PharmacyOrder[], over: Partial<PharmacyOrderList> = {}): PharmacyOrderList => ({ items, counts, total: items.length, page: 1, pageSize: 25, ...over });

const byTab = (lists: Partial<Record<string, PharmacyOrderList>>) =>
  ['GET', '/api/pharmacy/orders', (call: FakeCall) => ({ body: lists[call.query.get('status') ?? 'to_fill'] ?? list([], { counts }) })] as const;

describe('PharmacyOrdersPage', () => {
  it('lists the orders to fill with their prescription, ship-to and method, and the counts per status', async () => {
    fakeApi([[...byTab({ to_fill: list([order()]) })]]);
    renderWithStore(<PharmacyOrdersPage />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading orders…');
    const row = await screen.findByTestId('order-EV-1001');
    expect(within(row).getAllByText('Rosa Díaz')).toHaveLength(2); // the patient, and the ship-to name
    expect(within(row).getByText('Metformin ER Weight Support × 1')).toBeInTheDocument();
    expect(within(row).getByText('Metformin ER 500 mg tablet')).toBeInTheDocument();
    expect(within(row).getByText('Austin, TX 78701')).toBeInTheDocument();
    expect(within(row).getByText('USPS Priority')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'To fill (1)' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Shipped (1)' })).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Open the prescription PDF of order EV-1001' })).toHaveAttribute(
      'href',
      '/api/pharmacy/orders/11111111-1111-4111-8111-111111111111/prescription.pdf',
    );
  });

  it('says so when there is nothing to fill', async () => {
    fakeApi([[...byTab({})]]);
    renderWithStore(<PharmacyOrdersPage />);
    expect(await screen.findByText('Nothing to fill right now.')).toBeInTheDocument();
  });

  it('shows the connection message when the list cannot be read, and tries again', async () => {
    let fail = true;
    fakeApi([['GET', '/api/pharmacy/orders', () => (fail ? 'network' : { body: list([order()]) })]]);
    const user = userEvent.setup();
    renderWithStore(<PharmacyOrdersPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.CONNECTION_ERROR);
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('order-EV-1001')).toBeInTheDocument();
  });

  it('fills an order and reads the list again', async () => {
    let filled = false;
    const { calls } = fakeApi([
      ['GET', '/api/pharmacy/orders', () => ({ body: filled ? list([]) : list([order()]) })],
      ['POST', /\/fill$/, () => ((filled = true), { body: { status: 'filled' } })],
    ]);
    const user = userEvent.setup();
    renderWithStore(<PharmacyOrdersPage />);
    await user.click(await screen.findByRole('button', { name: 'Fill order EV-1001' }));
    expect(await screen.findByText('Nothing to fill right now.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/pharmacy/orders/11111111-1111-4111-8111-111111111111/fill']);
  });

  it("shows the server's refusal of a step out of order", async () => {
    fakeApi([
      [...byTab({ shipped: list([order({ status: 'shipped', carrier: 'UPS', trackingNumber: '1Z999AA10123456784' })]) })],
      ['POST', /\/deliver$/, () => problem(409, 'FULFILMENT_NOT_SHIPPED', 'Ship this order before marking it delivered.')],
    ]);
    const user = userEvent.setup();
    renderWithStore(<PharmacyOrdersPage />);
    await user.click(await screen.findByRole('tab', { name: 'Shipped (1)' }));
    await user.click(await screen.findByRole('button', { name: 'Mark order EV-1001 delivered' }));
    expect(await screen.findByText('Ship this order before marking it delivered.')).toBeInTheDocument();
  });

  it('ships with a carrier and a checked tracking number', async () => {
    const { calls } = fakeApi([
      [...byTab({ filled: list([order({ status: 'filled', dates: { ...order().dates, filledAt: '2026-11-21T10:00:00.000Z' } })]) })],
      ['POST', /\/ship$/, () => ({ body: { status: 'shipped' } })],
    ]);
    const user = userEvent.setup();
    renderWithStore(<PharmacyOrdersPage />);
    await user.click(await screen.findByRole('tab', { name: 'Filled (1)' }));
    await user.click(await screen.findByRole('button', { name: 'Ship order EV-1001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ship order EV-1001' });
    await user.click(within(dialog).getByRole('combobox', { name: /carrier/i }));
    await user.click(await screen.findByRole('option', { name: 'UPS' }));
    const tracking = within(dialog).getByRole('textbox', { name: /tracking number/i });
    await user.type(tracking, 'abc');
    await user.click(within(dialog).getByRole('button', { name: 'Ship' }));
    expect(await within(dialog).findByText('Enter the tracking number: 8 to 40 letters and digits.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.clear(tracking);
    await user.type(tracking, '1Z 999 AA1 0123456784');
    await user.click(within(dialog).getByRole('button', { name: 'Ship' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const posted = calls.find((c) => c.method === 'POST');
    expect(posted?.path).toBe('/api/pharmacy/orders/11111111-1111-4111-8111-111111111111/ship');
    expect(posted?.body).toEqual({ carrier: 'UPS', trackingNumber: '1Z999AA10123456784' });
  });

  // issue 15: refunded reached by a user action — the pharmacy cannot fill, the patient is refunded.
  it('cannot fill an order: asks why, shows what the patient reads, refunds and reads the list again', async () => {
    let refunded = false;
    const { calls } = fakeApi([
      ['GET', '/api/pharmacy/orders', () => ({ body: refunded ? list([]) : list([order()]) })],
      ['POST', /\/cannot-fill$/, () => ((refunded = true), { body: { status: 'refunded', refundedCents: 4900 } })],
    ]);
    const user = userEvent.setup();
    renderWithStore(<PharmacyOrdersPage />);
    await user.click(await screen.findByRole('button', { name: 'Cannot fill order EV-1001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cannot fill order EV-1001' });
    await user.click(within(dialog).getByRole('button', { name: 'Refund and cancel' }));
    expect(await within(dialog).findByText('Choose a reason.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.click(within(dialog).getByRole('combobox', { name: /reason/i }));
    await user.click(await screen.findByRole('option', { name: 'Out of stock' }));
    expect(within(dialog).getByRole('note')).toHaveTextContent('The pharmacy does not have your medication in stock.');
    await user.click(within(dialog).getByRole('button', { name: 'Refund and cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Nothing to fill right now.')).toBeInTheDocument();
    const posted = calls.find((c) => c.method === 'POST');
    expect(posted?.path).toBe('/api/pharmacy/orders/11111111-1111-4111-8111-111111111111/cannot-fill');
    expect(posted?.body).toEqual({ reason: 'out_of_stock' });
  });

  it("shows the server's refusal in the dialog, offers Cannot fill on filled orders only until shipped", async () => {
    fakeApi([
      [...byTab({ filled: list([order({ status: 'filled' })]), shipped: list([order({ orderId: '22222222-2222-4222-8222-222222222222', orderNumber: 'EV-1002', status: 'shipped', carrier: 'UPS', trackingNumber: '1Z999AA10123456784' })]) })],
      ['POST', /\/cannot-fill$/, () => problem(409, 'FULFILMENT_CANNOT_FILL_SHIPPED', 'This order has already shipped, so it can no longer be refunded as not filled.')],
    ]);
    const user = userEvent.setup();
    renderWithStore(<PharmacyOrdersPage />);
    await user.click(await screen.findByRole('tab', { name: 'Filled (1)' }));
    await user.click(await screen.findByRole('button', { name: 'Cannot fill order EV-1001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cannot fill order EV-1001' });
    await user.click(within(dialog).getByRole('combobox', { name: /reason/i }));
    await user.click(await screen.findByRole('option', { name: 'Problem with the prescription' }));
    await user.click(within(dialog).getByRole('button', { name: 'Refund and cancel' }));
    expect(await within(dialog).findByText('This order has already shipped, so it can no longer be refunded as not filled.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('tab', { name: 'Shipped (1)' }));
    await screen.findByTestId('order-EV-1002');
    expect(screen.queryByRole('button', { name: 'Cannot fill order EV-1002' })).not.toBeInTheDocument();
  });

  it('flags a shipment not delivered after 14 days', async () => {
    fakeApi([[...byTab({ shipped: list([order({ status: 'shipped', carrier: 'UPS', trackingNumber: '1Z999AA10123456784', trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784', deliveryOverdue: true })]) })]]);
    const user = userEvent.setup();
    renderWithStore(<PharmacyOrdersPage />);
    await user.click(await screen.findByRole('tab', { name: 'Shipped (1)' }));
    const row = await screen.findByTestId('order-EV-1001');
    expect(within(row).getByText('Not delivered after 14 days')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: '1Z999AA10123456784' })).toHaveAttribute('href', 'https://www.ups.com/track?tracknum=1Z999AA10123456784');
  });

  it('pages through a long list', async () => {
    const { calls } = fakeApi([
      ['GET', '/api/pharmacy/orders', (call) => ({ body: list([order({ orderNumber: `EV-P${call.query.get('page')}` })], { total: 30, page: Number(call.query.get('page')) }) })],
    ]);
    const user = userEvent.setup();
    renderWithStore(<PharmacyOrdersPage />);
    expect(await screen.findByTestId('order-EV-P1')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /page 2/i }));
    expect(await screen.findByTestId('order-EV-P2')).toBeInTheDocument();
    expect(calls.at(-1)?.query.get('page')).toBe('2');
  });
});
