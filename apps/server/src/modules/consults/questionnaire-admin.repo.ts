// The operator's console's queries over questionnaires and their versions (issue 18; private to
// the consults module, beside consults.repo.ts which the patient's consult uses).
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, max, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { consults, questionnaires, questionnaireVersions } from '../../db/schema/consults.ts';

export type QuestionnaireRow = typeof questionnaires.$inferSelect;
export type VersionRow = typeof questionnaireVersions.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function createQuestionnaireAdminRepo(db: DbOrTx) {
  return {
    async countQuestionnaires(storefrontId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(questionnaires).where(eq(questionnaires.storefrontId, storefrontId));
      return row?.n ?? 0;
    },
    async listQuestionnaires(storefrontId: string, limit: number, offset: number): Promise<QuestionnaireRow[]> {
      return db
        .select()
        .from(questionnaires)
        .where(eq(questionnaires.storefrontId, storefrontId))
        .orderBy(asc(questionnaires.title), asc(questionnaires.id))
        .limit(limit)
        .offset(offset);
    },
    /** The questionnaire of this storefront, locked until the transaction ends when asked (version changes one at a time). */
    async questionnaireIn(storefrontId: string, id: string, lock = false): Promise<QuestionnaireRow | null> {
      if (!UUID.test(id)) return null;
      const query = db
        .select()
        .from(questionnaires)
        .where(and(eq(questionnaires.id, id), eq(questionnaires.storefrontId, storefrontId)))
        .limit(1);
      const [row] = lock ? await query.for('update') : await query;
      return row ?? null;
    },
    async questionnaireById(id: string, lock = false): Promise<QuestionnaireRow | null> {
      if (!UUID.test(id)) return null;
      const query = db.select().from(questionnaires).where(eq(questionnaires.id, id)).limit(1);
      const [row] = lock ? await query.for('update') : await query;
      return row ?? null;
    },
    async touchQuestionnaire(id: string, at: Date): Promise<void> {
      await db.update(questionnaires).set({ updatedAt: at }).where(eq(questionnaires.id, id));
    },
    async slugTaken(storefrontId: string, slug: string): Promise<boolean> {
      const [row] = await db
        .select({ id: questionnaires.id })
        .from(questionnaires)
        .where(and(eq(questionnaires.storefrontId, storefrontId), eq(questionnaires.slug, slug)))
        .limit(1);
      return Boolean(row);
    },
    /** Every version of these questionnaires, newest first (the list shows the newest per questionnaire). */
    async versionsOfMany(questionnaireIds: string[]): Promise<VersionRow[]> {
      if (questionnaireIds.length === 0) return [];
      return db
        .select()
        .from(questionnaireVersions)
        .where(inArray(questionnaireVersions.questionnaireId, questionnaireIds))
        .orderBy(desc(questionnaireVersions.version));
    },
    async countVersions(questionnaireId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(questionnaireVersions).where(eq(questionnaireVersions.questionnaireId, questionnaireId));
      return row?.n ?? 0;
    },
    async versionsPage(questionnaireId: string, limit: number, offset: number): Promise<VersionRow[]> {
      return db
        .select()
        .from(questionnaireVersions)
        .where(eq(questionnaireVersions.questionnaireId, questionnaireId))
        .orderBy(desc(questionnaireVersions.version))
        .limit(limit)
        .offset(offset);
    },
    async versionIn(questionnaireId: string, versionId: string): Promise<VersionRow | null> {
      if (!UUID.test(versionId)) return null;
      const [row] = await db
        .select()
        .from(questionnaireVersions)
        .where(and(eq(questionnaireVersions.id, versionId), eq(questionnaireVersions.questionnaireId, questionnaireId)))
        .limit(1);
      return row ?? null;
    },
    async versionById(versionId: string): Promise<VersionRow | null> {
      if (!UUID.test(versionId)) return null;
      const [row] = await db.select().from(questionnaireVersions).where(eq(questionnaireVersions.id, versionId)).limit(1);
      return row ?? null;
    },
    /** The version numbered just below `version` (what a version's changes are measured against). */
    async previousVersion(questionnaireId: string, version: number): Promise<VersionRow | null> {
      const [row] = await db
        .select()
        .from(questionnaireVersions)
        .where(and(eq(questionnaireVersions.questionnaireId, questionnaireId), sql`${questionnaireVersions.version} < ${version}`))
        .orderBy(desc(questionnaireVersions.version))
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
    /** Per questionnaire, the number of the newest published version. */
    async publishedNumbers(questionnaireIds: string[]): Promise<Map<string, number>> {
      if (questionnaireIds.length === 0) return new Map();
      const rows = await db
        .select({ questionnaireId: questionnaireVersions.questionnaireId, version: max(questionnaireVersions.version) })
        .from(questionnaireVersions)
        .where(and(inArray(questionnaireVersions.questionnaireId, questionnaireIds), isNotNull(questionnaireVersions.publishedAt)))
        .groupBy(questionnaireVersions.questionnaireId);
      return new Map(rows.filter((r) => r.version !== null).map((r) => [r.questionnaireId, r.version!] as const));
    },
    async consultCounts(versionIds: string[]): Promise<Map<string, number>> {
      if (versionIds.length === 0) return new Map();
      const rows = await db
        .select({ versionId: consults.questionnaireVersionId, n: count() })
        .from(consults)
        .where(inArray(consults.questionnaireVersionId, versionIds))
        .groupBy(consults.questionnaireVersionId);
      return new Map(rows.map((r) => [r.versionId, r.n] as const));
    },
    async insertQuestionnaire(values: typeof questionnaires.$inferInsert): Promise<QuestionnaireRow> {
      const [row] = await db.insert(questionnaires).values(values).returning();
      return row!;
    },
    async insertVersion(values: typeof questionnaireVersions.$inferInsert): Promise<VersionRow> {
      const [row] = await db.insert(questionnaireVersions).values(values).returning();
      return row!;
    },
    async updateVersion(id: string, values: Partial<typeof questionnaireVersions.$inferInsert>): Promise<VersionRow> {
      const [row] = await db.update(questionnaireVersions).set(values).where(eq(questionnaireVersions.id, id)).returning();
      return row!;
    },

    // ---- The doctor's sign-off list ----

    async countAwaitingSignOff(storefrontIds: string[]): Promise<number> {
      if (storefrontIds.length === 0) return 0;
      const [row] = await db
        .select({ n: count() })
        .from(questionnaireVersions)
        .innerJoin(questionnaires, eq(questionnaires.id, questionnaireVersions.questionnaireId))
        .where(awaiting(storefrontIds));
      return row?.n ?? 0;
    },
    async awaitingSignOff(storefrontIds: string[], limit: number, offset: number) {
      if (storefrontIds.length === 0) return [];
      return db
        .select({ version: questionnaireVersions, questionnaire: questionnaires })
        .from(questionnaireVersions)
        .innerJoin(questionnaires, eq(questionnaires.id, questionnaireVersions.questionnaireId))
        .where(awaiting(storefrontIds))
        .orderBy(asc(questionnaireVersions.signOffRequestedAt), asc(questionnaireVersions.id))
        .limit(limit)
        .offset(offset);
    },
  };
}

function awaiting(storefrontIds: string[]) {
  return and(
    inArray(questionnaires.storefrontId, storefrontIds),
    isNull(questionnaireVersions.publishedAt),
    isNull(questionnaireVersions.signedOffAt),
    isNotNull(questionnaireVersions.signOffRequestedAt),
  );
}
