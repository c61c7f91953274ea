// Formulary, prescriptions, their transmissions (private to the prescriptions module).
import { and, asc, desc, eq, gt, inArray, like, notLike, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { prescriptions, prescriptionTransmissions, productFormulary } from '../../db/schema/prescriptions.ts';

export type FormularyRow = typeof productFormulary.$inferSelect;
export type PrescriptionRow = typeof prescriptions.$inferSelect;
export type NewPrescriptionRow = typeof prescriptions.$inferInsert;
export type TransmissionRow = typeof prescriptionTransmissions.$inferSelect;

export const prescriptionsRepo = {
  async formularyOf(db: DbOrTx, productIds: readonly string[]): Promise<FormularyRow[]> {
    if (productIds.length === 0) return [];
    return db
      .select()
      .from(productFormulary)
      .where(and(inArray(productFormulary.productId, [...productIds]), eq(productFormulary.active, true)))
      .orderBy(asc(productFormulary.productId), asc(productFormulary.medication), asc(productFormulary.strength));
  },

  async formularyRow(db: DbOrTx, id: string): Promise<FormularyRow | undefined> {
    const [row] = await db.select().from(productFormulary).where(and(eq(productFormulary.id, id), eq(productFormulary.active, true)));
    return row;
  },

  /** issue 18: the operator's formulary rows of one product (active ones), and one of them. */
  async adminFormulary(db: DbOrTx, productId: string): Promise<FormularyRow[]> {
    return db
      .select()
      .from(productFormulary)
      .where(and(eq(productFormulary.productId, productId), eq(productFormulary.active, true)))
      .orderBy(asc(productFormulary.medication), asc(productFormulary.strength), asc(productFormulary.createdAt));
  },
  async adminFormularyRow(db: DbOrTx, productId: string, id: string): Promise<FormularyRow | undefined> {
    const [row] = await db
      .select()
      .from(productFormulary)
      .where(and(eq(productFormulary.id, id), eq(productFormulary.productId, productId), eq(productFormulary.active, true)))
      .for('update');
    return row;
  },
  async insertFormulary(db: DbOrTx, row: typeof productFormulary.$inferInsert): Promise<FormularyRow> {
    const [inserted] = await db.insert(productFormulary).values(row).returning();
    return inserted!;
  },
  async updateFormulary(db: DbOrTx, id: string, patch: Partial<typeof productFormulary.$inferInsert>): Promise<FormularyRow> {
    const [updated] = await db.update(productFormulary).set(patch).where(eq(productFormulary.id, id)).returning();
    return updated!;
  },

  async insert(db: DbOrTx, row: NewPrescriptionRow): Promise<PrescriptionRow> {
    const [inserted] = await db.insert(prescriptions).values(row).returning();
    return inserted!;
  },

  async insertTransmission(db: DbOrTx, row: typeof prescriptionTransmissions.$inferInsert): Promise<TransmissionRow> {
    const [inserted] = await db.insert(prescriptionTransmissions).values(row).onConflictDoNothing({ target: prescriptionTransmissions.idempotencyKey }).returning();
    if (inserted) return inserted;
    const [existing] = await db.select().from(prescriptionTransmissions).where(eq(prescriptionTransmissions.idempotencyKey, row.idempotencyKey));
    return existing!;
  },

  async byId(db: DbOrTx, id: string, lock = false): Promise<PrescriptionRow | undefined> {
    const q = db.select().from(prescriptions).where(eq(prescriptions.id, id));
    const [row] = lock ? await q.for('update') : await q;
    return row;
  },

  /** issue 17 health records: a patient's prescriptions, newest first. */
  async latestOfOrder(db: DbOrTx, orderId: string): Promise<PrescriptionRow | undefined> {
    const [row] = await db.select().from(prescriptions).where(eq(prescriptions.orderId, orderId)).orderBy(desc(prescriptions.writtenAt)).limit(1);
    return row;
  },

  async byCodeHash(db: DbOrTx, hash: string, lock = false): Promise<PrescriptionRow | undefined> {
    const q = db.select().from(prescriptions).where(eq(prescriptions.verificationCodeHash, hash));
    const [row] = lock ? await q.for('update') : await q;
    return row;
  },

  async setReceived(db: DbOrTx, id: string, at: Date): Promise<void> {
    await db.update(prescriptions).set({ receivedAt: at }).where(eq(prescriptions.id, id));
  },

  /** Revokes an active prescription; false when it was not active (already revoked or expired). */
  async revoke(db: DbOrTx, id: string, at: Date): Promise<boolean> {
    const rows = await db
      .update(prescriptions)
      .set({ status: 'revoked', revokedAt: at })
      .where(and(eq(prescriptions.id, id), eq(prescriptions.status, 'active')))
      .returning({ id: prescriptions.id });
    return rows.length > 0;
  },

  async setCodeHash(db: DbOrTx, id: string, hash: string): Promise<void> {
    await db.update(prescriptions).set({ verificationCodeHash: hash }).where(eq(prescriptions.id, id));
  },

  async transmissionOf(db: DbOrTx, prescriptionId: string, lock = false): Promise<TransmissionRow | undefined> {
    const q = db
      .select()
      .from(prescriptionTransmissions)
      // The prescription's own transmission: a refill's (issue 17, `rx:<id>:refill:…`) is not it.
      .where(and(eq(prescriptionTransmissions.prescriptionId, prescriptionId), notLike(prescriptionTransmissions.idempotencyKey, 'rx:%:refill:%')))
      .orderBy(desc(prescriptionTransmissions.createdAt))
      .limit(1);
    const [row] = lock ? await q.for('update') : await q;
    return row;
  },

  async updateTransmission(db: DbOrTx, id: string, set: Partial<Omit<TransmissionRow, 'id' | 'prescriptionId' | 'idempotencyKey' | 'createdAt'>>): Promise<void> {
    await db.update(prescriptionTransmissions).set(set).where(eq(prescriptionTransmissions.id, id));
  },

  // ---- issue 17: refills ------------------------------------------------------------------------

  /** A patient's prescriptions with the product their formulary choice belongs to, newest first. */
  async ofPatient(db: DbOrTx, patientId: string): Promise<(PrescriptionRow & { productId: string | null })[]> {
    const rows = await db
      .select({ rx: prescriptions, productId: productFormulary.productId })
      .from(prescriptions)
      .leftJoin(productFormulary, eq(productFormulary.id, prescriptions.formularyId))
      .where(eq(prescriptions.patientId, patientId))
      .orderBy(desc(prescriptions.writtenAt));
    return rows.map((r) => ({ ...r.rx, productId: r.productId }));
  },

  /** One refill used: refills left down by one while active, not expired and some left; the new count, or null. */
  async useRefill(db: DbOrTx, id: string, at: Date): Promise<number | null> {
    const [row] = await db
      .update(prescriptions)
      .set({ refillsLeft: sql`${prescriptions.refillsLeft} - 1` })
      .where(and(eq(prescriptions.id, id), eq(prescriptions.status, 'active'), gt(prescriptions.refillsLeft, 0), gt(prescriptions.expiresAt, at)))
      .returning({ refillsLeft: prescriptions.refillsLeft });
    return row ? row.refillsLeft : null;
  },

  /** A refill cycle's transmission (issue 17: keyed `rx:<prescription>:refill:<plan>:<cycle>`), on whichever prescription it was sent. */
  async refillTransmissionOf(db: DbOrTx, planId: string, cycle: number): Promise<TransmissionRow | undefined> {
    const [row] = await db
      .select()
      .from(prescriptionTransmissions)
      .where(like(prescriptionTransmissions.idempotencyKey, `rx:%:refill:${planId}:${cycle}`))
      .limit(1);
    return row;
  },

  async transmissionByKey(db: DbOrTx, key: string): Promise<TransmissionRow | undefined> {
    const [row] = await db.select().from(prescriptionTransmissions).where(eq(prescriptionTransmissions.idempotencyKey, key));
    return row;
  },
};
