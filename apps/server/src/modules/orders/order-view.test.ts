// The order's stage masks from its items (SPEC §4: required and completed per item and per order).
import { Stage } from '@store/domain';
import { describe, expect, it } from 'vitest';
import { orderStages, orderVisitType } from './order-view.ts';

const CONSULT = Stage.Consult | Stage.Shipping | Stage.Pharmacy | Stage.Scheduling | Stage.Payment;
const OTC = Stage.Shipping | Stage.Payment;
const item = (productId: string, requiredStages: number, completedStages = 0) => ({
  productId,
  requiredStages,
  completedStages,
  consultRequired: (requiredStages & Stage.Consult) !== 0,
});

describe('orderStages', () => {
  it('requires the union of the items’ stages', () => {
    expect(orderStages(0, [item('a', OTC), item('b', Stage.Payment)]).required).toBe(OTC);
    expect(orderStages(0, [item('a', CONSULT), item('b', OTC)]).required).toBe(CONSULT);
    expect(orderStages(0, []).required).toBe(0);
  });

  it('completes a stage every item needing it has done (Consult per item)', () => {
    const s = orderStages(0, [item('a', CONSULT, Stage.Consult), item('b', OTC)]);
    expect(s.completed).toBe(Stage.Consult);
    expect(s.pendingConsultProductIds).toEqual([]);
  });

  it('keeps a stage pending while one item needing it has not done it', () => {
    const s = orderStages(0, [item('a', CONSULT, Stage.Consult), item('b', CONSULT)]);
    expect(s.completed).toBe(0);
    expect(s.pendingConsultProductIds).toEqual(['b']);
  });

  it('adds the order-level completed stages, limited to the required ones', () => {
    const s = orderStages(Stage.Shipping | Stage.Pharmacy | Stage.Register, [item('a', OTC)]);
    expect(s.completed).toBe(Stage.Shipping);
  });
});

describe('orderVisitType', () => {
  it('takes the visit type of the item that needs scheduling', () => {
    expect(orderVisitType([{ requiredStages: OTC, visitType: null }, { requiredStages: CONSULT, visitType: 2 }])).toBe(2);
    expect(orderVisitType([{ requiredStages: OTC, visitType: null }])).toBeNull();
  });
});
