// Many due refill plans in bulk (issue 17: two workers renewing ~50 plans; the 10,000-plan bench).
// One real plan, made the way a patient makes it (a prescribed order, a saved card, "activate"), is
// copied N times in SQL, a few statements in all: for each copy a patient of its own (the original's
// row with its own id and email), the source order, the prescription, the sandbox gateway's saved
// payment method and our saved card row, and the plan itself, due at `dueAt`. Every column is
// copied as it is except the keys and the columns that must stay unique, so the copies are as real
// as the original (same storefront, product, pharmacy, prescriber, address, refills left).
// No vitest import here: the bench (bench/refills.bench.ts) uses it too.
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';

/** The rows of a raw query, whichever driver answered it. */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return Array.isArray(result) ? (result as T[]) : (result as { rows: T[] }).rows;
}

/** Copies one table's row(s) matching `where` once per row of the clone map `m`, with overrides. */
async function copyRows(db: Db, table: string, alias: string, where: string, overrides: Record<string, string>): Promise<void> {
  const cols = await rowsOf<{ column_name: string }>(
    db,
    sql`select column_name from information_schema.columns where table_schema = current_schema() and table_name = ${table} and is_generated = 'NEVER' order by ordinal_position`,
  );
  const names = cols.map((c) => c.column_name);
  for (const key of Object.keys(overrides)) if (!names.includes(key)) throw new Error(`${table} has no column ${key}`);
  const select = names.map((c) => overrides[c] ?? `${alias}."${c}"`).join(', ');
  await db.execute(sql.raw(`insert into "${table}" (${names.map((c) => `"${c}"`).join(', ')}) select ${select} from "${table}" ${alias} cross join refill_clone_map m where ${where}`));
}

/**
 * Copies the plan `planId` `count` times, every copy due at `dueAt`; answers the new plans' ids.
 * The plan must charge a saved card: its own (`card_id`) or its patient's current one.
 */
export async function copyDuePlans(db: Db, planId: string, count: number, dueAt: Date): Promise<string[]> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [plan] = await rowsOf<{ patient_id: string; prescription_id: string; source_order_id: string; card_id: string | null }>(t, sql`select patient_id, prescription_id, source_order_id, card_id from refill_plans where id = ${planId}`);
    if (!plan) throw new Error('no such plan');
    const [card] = await rowsOf<{ id: string; gateway_payment_method_id: string }>(
      t,
      plan.card_id
        ? sql`select id, gateway_payment_method_id from payment_methods where id = ${plan.card_id}`
        : sql`select id, gateway_payment_method_id from payment_methods where user_id = ${plan.patient_id} and is_current`,
    );
    if (!card) throw new Error('the plan has no card to charge');
    await t.execute(sql`create temp table refill_clone_map on commit drop as
      select g as i, gen_random_uuid() as user_id, gen_random_uuid() as order_id, gen_random_uuid() as rx_id,
             gen_random_uuid() as card_id, gen_random_uuid() as plan_id, md5(random()::text) as tag
      from generate_series(1, ${count}::int) g`);
    const q = (v: string) => `'${v.replace(/'/g, "''")}'`;
    await copyRows(t, 'users', 'u', `u.id = ${q(plan.patient_id)}`, { id: 'm.user_id', email: `'copy' || m.tag || '.' || u.email` });
    await copyRows(t, 'orders', 'o', `o.id = ${q(plan.source_order_id)}`, { id: 'm.order_id', user_id: 'm.user_id' });
    await copyRows(t, 'order_items', 'oi', `oi.order_id = ${q(plan.source_order_id)}`, { id: 'gen_random_uuid()', order_id: 'm.order_id' });
    await copyRows(t, 'prescriptions', 'p', `p.id = ${q(plan.prescription_id)}`, {
      id: 'm.rx_id',
      order_id: 'm.order_id',
      patient_id: 'm.user_id',
      verification_code_hash: `p.verification_code_hash || ':' || m.tag`,
    });
    await copyRows(t, 'sandbox_gateway_payment_methods', 'spm', `spm.id = ${q(card.gateway_payment_method_id)}`, { id: `spm.id || '_' || m.tag` });
    await copyRows(t, 'payment_methods', 'pm', `pm.id = ${q(card.id)}`, {
      id: 'm.card_id',
      user_id: 'm.user_id',
      gateway_payment_method_id: `pm.gateway_payment_method_id || '_' || m.tag`,
    });
    await copyRows(t, 'refill_plans', 'rp', `rp.id = ${q(planId)}`, {
      id: 'm.plan_id',
      prescription_id: 'm.rx_id',
      source_order_id: 'm.order_id',
      patient_id: 'm.user_id',
      card_id: plan.card_id ? 'm.card_id' : 'null',
      next_date: `${q(dueAt.toISOString())}::timestamptz`,
    });
    return (await rowsOf<{ plan_id: string }>(t, sql`select plan_id from refill_clone_map order by i`)).map((r) => r.plan_id);
  });
}
