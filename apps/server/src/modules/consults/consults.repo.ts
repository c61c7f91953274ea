// Questionnaires, their versions, consults and the medication list (private to this module).
import { and, asc, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { consultRenewals, consults, medications, questionnaires, questionnaireVersions } from '../../db/schema/consults.ts';
import type { Identity } from '../auth/sessions.service.ts';

export type QuestionnaireRow = typeof questionnaires.$inferSelect;
export type VersionRow = typeof questionnaireVersions.$inferSelect;
export type ConsultRow = typeof consults.$inferSelect;
export type MedicationRow = typeof medications.$inferSelect;
export type RenewalRow = typeof consultRenewals.$inferSelect;

/** Consults the identity owns: a person's own, or a guest session's that nobody has adopted. */
function ownedBy(identity: Identity): SQL {
  return identity.kind === 'user'
    ? and(eq(consults.userId, identity.userId), eq(consults.storefrontId, identity.storefrontId))!
    : and(eq(consults.guestSessionId, identity.sessionId), isNull(consults.userId), eq(consults.storefrontId, identity.storefrontId))!;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function createConsultsRepo(db: DbOrTx) {
  return {
    async insertQuestionnaire(values: typeof questionnaires.$inferInsert): Promise<QuestionnaireRow> {
      const [row] = await db.insert(questionnaires).values(values).returning();
      return row!;
    },
    async questionnaireById(id: string): Promise<QuestionnaireRow | null> {
      if (!UUID.test(id)) return null;
      const [row] = await db.select().from(questionnaires).where(eq(questionnaires.id, id)).limit(1);
      return row ?? null;
    },
    /** issue 18: a storefront's questionnaires by title (the catalog editor's choice). */
    async questionnairesOf(storefrontId: string): Promise<QuestionnaireRow[]> {
      return db.select().from(questionnaires).where(eq(questionnaires.storefrontId, storefrontId)).orderBy(asc(questionnaires.title));
    },
    /** By id or by slug, within one storefront. */
    async findQuestionnaire(storefrontId: string, idOrSlug: string): Promise<QuestionnaireRow | null> {
      const match = UUID.test(idOrSlug) ? eq(questionnaires.id, idOrSlug) : eq(questionnaires.slug, idOrSlug);
      const [row] = await db
        .select()
        .from(questionnaires)
        .where(and(eq(questionnaires.storefrontId, storefrontId), match))
        .limit(1);
      return row ?? null;
    },
    async latestVersion(questionnaireId: string): Promise<VersionRow | null> {
      const [row] = await db
        .select()
        .from(questionnaireVersions)
        .where(eq(questionnaireVersions.questionnaireId, questionnaireId))
        .orderBy(desc(questionnaireVersions.version))
        .limit(1);
      return row ?? null;
    },
    async publishedVersion(questionnaireId: string): Promise<VersionRow | null> {
      const [row] = await db
        .select()
        .from(questionnaireVersions)
        .where(and(eq(questionnaireVersions.questionnaireId, questionnaireId), isNotNull(questionnaireVersions.publishedAt)))
        .orderBy(desc(questionnaireVersions.version))
        .limit(1);
      return row ?? null;
    },
    async versionById(id: string): Promise<VersionRow | null> {
      const [row] = await db.select().from(questionnaireVersions).where(eq(questionnaireVersions.id, id)).limit(1);
      return row ?? null;
    },
    async insertVersion(values: typeof questionnaireVersions.$inferInsert): Promise<VersionRow> {
      const [row] = await db.insert(questionnaireVersions).values(values).returning();
      return row!;
    },
    async updateVersion(id: string, values: Partial<typeof questionnaireVersions.$inferInsert>): Promise<VersionRow> {
      const [row] = await db.update(questionnaireVersions).set(values).where(eq(questionnaireVersions.id, id)).returning();
      return row!;
    },
    async versionInUse(versionId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: consults.id })
        .from(consults)
        .where(eq(consults.questionnaireVersionId, versionId))
        .limit(1);
      return Boolean(row);
    },

    async insertConsult(values: typeof consults.$inferInsert): Promise<ConsultRow> {
      const [row] = await db.insert(consults).values(values).returning();
      return row!;
    },
    async consultByOrderItem(orderItemId: string): Promise<ConsultRow | null> {
      const [row] = await db.select().from(consults).where(eq(consults.orderItemId, orderItemId)).limit(1);
      return row ?? null;
    },
    /** The consult if the identity owns it, locked for update when asked (inside a transaction). */
    async ownedConsult(id: string, identity: Identity, lock = false): Promise<ConsultRow | null> {
      if (!UUID.test(id)) return null;
      const query = db.select().from(consults).where(and(eq(consults.id, id), ownedBy(identity))).limit(1);
      const [row] = lock ? await query.for('update') : await query;
      return row ?? null;
    },
    async ownedConsultByOrderItem(orderItemId: string, identity: Identity): Promise<ConsultRow | null> {
      if (!UUID.test(orderItemId)) return null;
      const [row] = await db
        .select()
        .from(consults)
        .where(and(eq(consults.orderItemId, orderItemId), ownedBy(identity)))
        .limit(1);
      return row ?? null;
    },
    async consultById(id: string): Promise<ConsultRow | null> {
      if (!UUID.test(id)) return null;
      const [row] = await db.select().from(consults).where(eq(consults.id, id)).limit(1);
      return row ?? null;
    },
    async updateConsult(id: string, values: Partial<typeof consults.$inferInsert>): Promise<ConsultRow> {
      const [row] = await db.update(consults).set(values).where(eq(consults.id, id)).returning();
      return row!;
    },
    async adoptGuest(guestSessionId: string, userId: string): Promise<void> {
      await db
        .update(consults)
        .set({ userId })
        .where(and(eq(consults.guestSessionId, guestSessionId), isNull(consults.userId)));
    },

    /** Serialises renewals of one prescription until the caller's transaction ends. */
    async lockRenewal(prescriptionId: string): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`renewal:${prescriptionId}`}, 0))`);
    },
    async renewalOfPrescription(prescriptionId: string): Promise<RenewalRow | null> {
      const [row] = await db.select().from(consultRenewals).where(eq(consultRenewals.prescriptionId, prescriptionId)).limit(1);
      return row ?? null;
    },
    async renewalsOfOrder(orderId: string): Promise<RenewalRow[]> {
      if (!UUID.test(orderId)) return [];
      return db.select().from(consultRenewals).where(eq(consultRenewals.orderId, orderId));
    },
    async renewalOfConsult(consultId: string): Promise<RenewalRow | null> {
      const [row] = await db.select().from(consultRenewals).where(eq(consultRenewals.consultId, consultId)).limit(1);
      return row ?? null;
    },
    async insertRenewal(values: typeof consultRenewals.$inferInsert): Promise<RenewalRow> {
      const [row] = await db.insert(consultRenewals).values(values).returning();
      return row!;
    },
    async setRenewalPlan(consultId: string, planId: string): Promise<void> {
      await db.update(consultRenewals).set({ planId }).where(eq(consultRenewals.consultId, consultId));
    },

    async medicationCount(): Promise<number> {
      const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(medications);
      return row?.count ?? 0;
    },
    async insertMedications(rows: (typeof medications.$inferInsert)[]): Promise<void> {
      if (rows.length === 0) return;
      await db.insert(medications).values(rows).onConflictDoNothing();
    },
    /** Names containing the text, those starting with it first, then alphabetically. */
    async searchMedications(text: string, limit: number): Promise<MedicationRow[]> {
      const escaped = text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
      const contains = `%${escaped}%`;
      const prefix = `${escaped}%`;
      return db
        .select()
        .from(medications)
        .where(sql`lower(${medications.name}) like ${contains}`)
        .orderBy(sql`case when lower(${medications.name}) like ${prefix} then 0 else 1 end`, sql`lower(${medications.name})`)
        .limit(limit);
    },
  };
}
