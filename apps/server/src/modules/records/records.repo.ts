// Lab orders and documents (private to the records module; db/schema/records.ts).
import { and, asc, desc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { documents, labOrders, type DocumentKind } from '../../db/schema/records.ts';

export type LabOrderRow = typeof labOrders.$inferSelect;
export type NewLabOrder = typeof labOrders.$inferInsert;
export type DocumentRow = typeof documents.$inferSelect;
export type NewDocument = typeof documents.$inferInsert;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (id: string) => UUID.test(id);

export const recordsRepo = {
  /** One lab order per (order, product): a repeat inserts nothing and answers the row there. */
  async ensureLabOrder(db: DbOrTx, values: NewLabOrder): Promise<{ row: LabOrderRow; created: boolean }> {
    const [inserted] = await db.insert(labOrders).values(values).onConflictDoNothing({ target: [labOrders.orderId, labOrders.productId] }).returning();
    if (inserted) return { row: inserted, created: true };
    const [existing] = await db
      .select()
      .from(labOrders)
      .where(and(eq(labOrders.orderId, values.orderId), eq(labOrders.productId, values.productId)))
      .limit(1);
    return { row: existing!, created: false };
  },

  async labOrderById(db: DbOrTx, id: string, lock = false): Promise<LabOrderRow | undefined> {
    if (!isUuid(id)) return undefined;
    const q = db.select().from(labOrders).where(eq(labOrders.id, id)).limit(1);
    const [row] = lock ? await q.for('update') : await q;
    return row;
  },

  async setRequisition(db: DbOrTx, labOrderId: string, documentId: string, at: Date): Promise<void> {
    await db.update(labOrders).set({ requisitionDocumentId: documentId, updatedAt: at }).where(and(eq(labOrders.id, labOrderId), isNull(labOrders.requisitionDocumentId)));
  },

  /** Resulted once: a second upload for a resulted lab order changes nothing (answers undefined). */
  async markResulted(db: DbOrTx, labOrderId: string, values: { documentId: string; by: string; at: Date }): Promise<LabOrderRow | undefined> {
    const [row] = await db
      .update(labOrders)
      .set({ status: 'resulted', resultDocumentId: values.documentId, resultedBy: values.by, resultedAt: values.at, updatedAt: values.at })
      .where(and(eq(labOrders.id, labOrderId), ne(labOrders.status, 'resulted')))
      .returning();
    return row;
  },

  /** The patient's lab orders on one storefront, newest first. */
  async labsOfPatient(db: DbOrTx, patientId: string, storefrontId: string): Promise<LabOrderRow[]> {
    return db
      .select()
      .from(labOrders)
      .where(and(eq(labOrders.patientId, patientId), eq(labOrders.storefrontId, storefrontId)))
      .orderBy(desc(labOrders.createdAt), desc(labOrders.id))
      .limit(200);
  },

  /**
   * Lab orders a doctor may result: on the storefronts they serve, ordered by them or by no doctor;
   * awaiting results first (oldest first), then the latest resulted.
   */
  async labsForDoctor(db: DbOrTx, storefrontIds: readonly string[], doctorId: string, limit: number): Promise<LabOrderRow[]> {
    if (storefrontIds.length === 0) return [];
    return db
      .select()
      .from(labOrders)
      .where(and(inArray(labOrders.storefrontId, [...storefrontIds]), or(isNull(labOrders.orderingDoctorId), eq(labOrders.orderingDoctorId, doctorId))))
      .orderBy(sql`case when ${labOrders.status} = 'resulted' then 1 else 0 end`, sql`case when ${labOrders.status} = 'resulted' then ${labOrders.resultedAt} end desc`, asc(labOrders.createdAt))
      .limit(limit);
  },

  /** Inserts the document unless one of this kind for this source exists; answers the row there. */
  async ensureDocument(db: DbOrTx, values: NewDocument): Promise<{ row: DocumentRow; created: boolean }> {
    const [inserted] = await db.insert(documents).values(values).onConflictDoNothing({ target: [documents.kind, documents.sourceId] }).returning();
    if (inserted) return { row: inserted, created: true };
    const [existing] = await db
      .select()
      .from(documents)
      .where(and(eq(documents.kind, values.kind), eq(documents.sourceId, values.sourceId!)))
      .limit(1);
    return { row: existing!, created: false };
  },

  async documentById(db: DbOrTx, id: string): Promise<DocumentRow | undefined> {
    if (!isUuid(id)) return undefined;
    const [row] = await db.select().from(documents).where(eq(documents.id, id)).limit(1);
    return row;
  },

  /** The patient's stored documents the patient sees, of these kinds, newest first. */
  async documentsOfPatient(db: DbOrTx, patientId: string, storefrontId: string, kinds: readonly DocumentKind[]): Promise<DocumentRow[]> {
    if (kinds.length === 0) return [];
    return db
      .select()
      .from(documents)
      .where(and(eq(documents.patientId, patientId), eq(documents.storefrontId, storefrontId), eq(documents.visibleToPatient, true), inArray(documents.kind, [...kinds])))
      .orderBy(desc(documents.createdAt))
      .limit(500);
  },
};
