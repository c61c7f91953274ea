// The operator's shipping methods and tax rates of one storefront (issue 18). Each change is written
// with its audit event (before and after) in one transaction; then the shipping service's cache is
// dropped, so the next cart is priced with the new cost or rate. Orders already priced keep theirs
// until they are re-priced (a draft) or forever (a paid order's snapshot).
import {
  changedFields,
  COMMERCE_MESSAGES,
  pageOffset,
  US_STATES,
  type AdminPage,
  type AdminPageQuery,
  type AdminShippingMethod,
  type AdminShippingMethodInput,
  type AdminTaxRate,
  type AdminTaxRateInput,
} from '@store/domain';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/problem.ts';
import type { AuditContext, AuditService } from '../audit/audit.service.ts';
import { shippingAdminRepo as repo, type ShippingMethodRow, type TaxRateRow } from './shipping.repo.ts';
import type { ShippingService } from './shipping.service.ts';

const methodView = (row: ShippingMethodRow): AdminShippingMethod => ({
  id: row.id,
  carrier: row.carrier,
  name: row.name,
  costCents: row.costCents,
  minDays: row.minDays,
  maxDays: row.maxDays,
  freeAboveCents: row.freeAboveCents,
  sortOrder: row.sortOrder,
  active: row.active,
});

/** What a method's change is audited with: its configuration (the view without the id). */
function methodConfig(row: ShippingMethodRow): Record<string, unknown> {
  const { id: _id, ...config } = methodView(row);
  return config;
}

const rateConfig = (row: TaxRateRow | undefined): Record<string, unknown> | null =>
  row ? { ratePercent: Number(row.ratePercent), appliesToConsultFee: row.appliesToConsultFee } : null;

const lastActiveMethod = () =>
  new AppError(409, 'LAST_ACTIVE_METHOD', COMMERCE_MESSAGES.LAST_ACTIVE_METHOD, {
    errors: [{ field: 'active', message: COMMERCE_MESSAGES.LAST_ACTIVE_METHOD }],
  });

export function createShippingAdmin(deps: { db: Db; audit: Pick<AuditService, 'record'>; shipping: Pick<ShippingService, 'invalidate'> }) {
  const { db, audit, shipping } = deps;

  /** Runs a change, then drops the store's cached methods and rates (after the commit, so no reload sees the old rows). */
  async function change<T>(work: (tx: Parameters<Parameters<Db['transaction']>[0]>[0]) => Promise<T>): Promise<T> {
    const result = await db.transaction(work);
    shipping.invalidate();
    return result;
  }

  return {
    async methods(storefrontId: string, query: AdminPageQuery): Promise<AdminPage<AdminShippingMethod>> {
      const { rows, total } = await repo.methodsPage(db, storefrontId, pageOffset(query), query.pageSize);
      return { items: rows.map(methodView), total, page: query.page, pageSize: query.pageSize };
    },

    async createMethod(storefrontId: string, input: AdminShippingMethodInput, by: AuditContext): Promise<AdminShippingMethod> {
      const row = await change(async (tx) => {
        const created = await repo.insertMethod(tx, { ...input, storefrontId });
        await audit.record(
          { ...by, storefrontId, action: 'admin.shipping_method.created', subject: { type: 'shipping_method', id: created.id }, change: { before: null, after: methodConfig(created) } },
          tx,
        );
        return created;
      });
      return methodView(row);
    },

    async updateMethod(
      storefrontId: string,
      id: string,
      input: AdminShippingMethodInput | { active: boolean },
      by: AuditContext,
    ): Promise<AdminShippingMethod> {
      const row = await change(async (tx) => {
        const before = await repo.method(tx, id);
        if (!before || before.storefrontId !== storefrontId) throw notFound();
        // A store whose orders ship needs a method to price them with.
        if (before.active && input.active === false && (await repo.activeMethodCount(tx, storefrontId)) <= 1) throw lastActiveMethod();
        const after = await repo.updateMethod(tx, id, input);
        const diff = changedFields(methodConfig(before), methodConfig(after));
        if (Object.keys(diff.after ?? {}).length > 0) {
          const action =
            'carrier' in input ? 'admin.shipping_method.updated' : input.active ? 'admin.shipping_method.activated' : 'admin.shipping_method.deactivated';
          await audit.record({ ...by, storefrontId, action, subject: { type: 'shipping_method', id }, change: diff }, tx);
        }
        return after;
      });
      return methodView(row);
    },

    /** Every state (50 and DC, in the order of their names) with this storefront's rate, or none. */
    async taxRates(storefrontId: string, query: AdminPageQuery): Promise<AdminPage<AdminTaxRate>> {
      const rates = new Map((await repo.taxRates(db, storefrontId)).map((r) => [r.state, r]));
      const start = pageOffset(query);
      const items = US_STATES.slice(start, start + query.pageSize).map((s) => {
        const rate = rates.get(s.code);
        return {
          state: s.code,
          stateName: s.name,
          ratePercent: rate ? Number(rate.ratePercent) : null,
          appliesToConsultFee: rate ? rate.appliesToConsultFee : null,
        };
      });
      return { items, total: US_STATES.length, page: query.page, pageSize: query.pageSize };
    },

    async setTaxRate(storefrontId: string, state: string, input: AdminTaxRateInput, by: AuditContext): Promise<AdminTaxRate> {
      const saved = await change(async (tx) => {
        const before = await repo.taxRate(tx, storefrontId, state);
        const after = await repo.upsertTaxRate(tx, { storefrontId, state, ...input });
        const diff = changedFields(rateConfig(before), rateConfig(after));
        if (!before || Object.keys(diff.after ?? {}).length > 0) {
          await audit.record(
            { ...by, storefrontId, action: before ? 'admin.tax_rate.updated' : 'admin.tax_rate.created', subject: { type: 'tax_rate', id: `${storefrontId}:${state}` }, change: diff },
            tx,
          );
        }
        return after;
      });
      return {
        state: saved.state as AdminTaxRate['state'],
        stateName: US_STATES.find((s) => s.code === state)!.name,
        ratePercent: Number(saved.ratePercent),
        appliesToConsultFee: saved.appliesToConsultFee,
      };
    },

    /** The storefront no longer collects tax in the state (404 when it did not). */
    async removeTaxRate(storefrontId: string, state: string, by: AuditContext): Promise<void> {
      await change(async (tx) => {
        const before = await repo.taxRate(tx, storefrontId, state);
        if (!before) throw notFound();
        await repo.deleteTaxRate(tx, storefrontId, state);
        await audit.record(
          { ...by, storefrontId, action: 'admin.tax_rate.removed', subject: { type: 'tax_rate', id: `${storefrontId}:${state}` }, change: { before: rateConfig(before), after: null } },
          tx,
        );
      });
    },
  };
}
export type ShippingAdmin = ReturnType<typeof createShippingAdmin>;
