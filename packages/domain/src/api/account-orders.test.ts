// issue 17 / decision 010: when a paid order's shipping address may change (SPEC §7 edit shipping address).
import { describe, expect, it } from 'vitest';
import { addressChangeRule, type AddressChangeFacts } from './account-orders.ts';

const facts = (over: Partial<AddressChangeFacts>): AddressChangeFacts => ({ status: 'awaiting_review', ships: true, prescribed: false, fulfilmentStatus: null, ...over });

describe('addressChangeRule (decision 010)', () => {
  it.each([
    [facts({}), true, false, null],
    [facts({ status: 'paid' }), true, false, null],
    [facts({ status: 'prescribed', prescribed: true }), true, true, null],
    [facts({ status: 'fulfilling', prescribed: true, fulfilmentStatus: 'filled' }), true, true, null],
    [facts({ status: 'draft' }), false, true, 'ADDRESS_UNPAID'],
    [facts({ status: 'cancelled' }), false, true, 'ADDRESS_CLOSED'],
    [facts({ ships: false }), false, true, 'ADDRESS_NOT_SHIPPING'],
    [facts({ status: 'shipped', fulfilmentStatus: 'shipped' }), false, true, 'ADDRESS_SHIPPED'],
    [facts({ status: 'fulfilling', fulfilmentStatus: 'ready_for_pickup' }), false, true, 'ADDRESS_PICKUP'],
  ])('%o → allowed %s, same state only %s, %s', (input, allowed, sameStateOnly, code) => {
    expect(addressChangeRule(input)).toMatchObject({ allowed, sameStateOnly, code });
  });
});
