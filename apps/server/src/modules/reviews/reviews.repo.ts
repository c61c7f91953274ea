// Review claims and decisions (private to the reviews module).
import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { decisions, flaggedAnswers, infoRequests, reviewClaims, type DecisionKind } from '../../db/schema/reviews.ts';

export type ClaimRow = typeof reviewClaims.$inferSelect;
export type DecisionRow = typeof decisions.$inferSelect;
export type InfoRequestRow = typeof infoRequests.$inferSelect;
export type FlaggedAnswerRow = typeof flaggedAnswers.$inferSelect;

export const reviewsRepo = {
  /** The live claims (not released, lease not run out at `at`) on these orders. */
  async liveClaims(db: DbOrTx, orderIds: readonly string[], at: Date): Promise<ClaimRow[]> {
    if (orderIds.length === 0) return [];
    return db
      .select()
      .from(reviewClaims)
      .where(and(inArray(reviewClaims.orderId, [...orderIds]), isNull(reviewClaims.releasedAt), sql`${reviewClaims.leaseExpiresAt} > ${at}`));
  },

  /**
   * Takes the order for `doctorId` until `until`, in one statement: a new claim, the doctor's own
   * (renewed), or one released or lapsed; another doctor's live claim is left alone (undefined).
   */
  async take(db: DbOrTx, input: { orderId: string; doctorId: string; at: Date; until: Date }): Promise<ClaimRow | undefined> {
    const [row] = await db
      .insert(reviewClaims)
      .values({ orderId: input.orderId, doctorId: input.doctorId, claimedAt: input.at, leaseExpiresAt: input.until })
      .onConflictDoUpdate({
        target: reviewClaims.orderId,
        set: {
          doctorId: input.doctorId,
          // A renewal keeps when the doctor first took it.
          claimedAt: sql`case when ${reviewClaims.doctorId} = ${input.doctorId} and ${reviewClaims.releasedAt} is null then ${reviewClaims.claimedAt} else ${input.at} end`,
          leaseExpiresAt: input.until,
          releasedAt: null,
        },
        setWhere: or(
          and(eq(reviewClaims.doctorId, input.doctorId), isNull(reviewClaims.releasedAt)),
          sql`${reviewClaims.releasedAt} is not null`,
          lt(reviewClaims.leaseExpiresAt, input.at),
        ),
      })
      .returning();
    return row;
  },

  /** Gives the doctor's live claim back; false when they hold none. */
  async release(db: DbOrTx, orderId: string, doctorId: string, at: Date): Promise<boolean> {
    const rows = await db
      .update(reviewClaims)
      .set({ releasedAt: at })
      .where(and(eq(reviewClaims.orderId, orderId), eq(reviewClaims.doctorId, doctorId), isNull(reviewClaims.releasedAt), sql`${reviewClaims.leaseExpiresAt} > ${at}`))
      .returning({ orderId: reviewClaims.orderId });
    return rows.length > 0;
  },

  /**
   * The doctor's claim on the order, locked for the decision's transaction: live at `at`, or, with
   * `at` null, not released whatever its lease (the decision's last step, after its money moved).
   */
  async heldBy(db: DbOrTx, orderId: string, doctorId: string, at: Date | null): Promise<ClaimRow | undefined> {
    const [row] = await db
      .select()
      .from(reviewClaims)
      .where(
        and(
          eq(reviewClaims.orderId, orderId),
          eq(reviewClaims.doctorId, doctorId),
          isNull(reviewClaims.releasedAt),
          at ? sql`${reviewClaims.leaseExpiresAt} > ${at}` : undefined,
        ),
      )
      .for('update');
    return row;
  },

  async extendLease(db: DbOrTx, orderId: string, until: Date): Promise<void> {
    await db.update(reviewClaims).set({ leaseExpiresAt: until }).where(eq(reviewClaims.orderId, orderId));
  },

  async insertDecision(
    db: DbOrTx,
    values: { orderId: string; doctorId: string; kind: DecisionKind; reasonCode: string | null; noteForPatient: string | null; clinicalNote: string | null; at: Date },
  ): Promise<DecisionRow> {
    const [row] = await db.insert(decisions).values(values).returning();
    return row!;
  },
  async insertInfoRequest(db: DbOrTx, values: { orderId: string; doctorId: string; question: string; askedAt: Date }): Promise<InfoRequestRow> {
    const [row] = await db.insert(infoRequests).values(values).returning();
    return row!;
  },

  /** The orders' questions, oldest first. */
  async infoRequestsOf(db: DbOrTx, orderIds: readonly string[]): Promise<InfoRequestRow[]> {
    if (orderIds.length === 0) return [];
    return db.select().from(infoRequests).where(inArray(infoRequests.orderId, [...orderIds])).orderBy(asc(infoRequests.askedAt), asc(infoRequests.id));
  },

  /** The orders where this doctor's question waits for the patient. */
  async openRequestsBy(db: DbOrTx, doctorId: string): Promise<string[]> {
    const rows = await db
      .selectDistinct({ orderId: infoRequests.orderId })
      .from(infoRequests)
      .where(and(eq(infoRequests.doctorId, doctorId), isNull(infoRequests.answeredAt)));
    return rows.map((r) => r.orderId);
  },

  /** The order's question, locked for answering. */
  async infoRequestForUpdate(db: DbOrTx, orderId: string, id: string): Promise<InfoRequestRow | undefined> {
    const [row] = await db.select().from(infoRequests).where(and(eq(infoRequests.id, id), eq(infoRequests.orderId, orderId))).for('update');
    return row;
  },

  /** Records the answer once: undefined when it was answered already. */
  async answerInfoRequest(db: DbOrTx, id: string, values: { answer: string; answerUploadIds: string[]; answeredAt: Date }): Promise<InfoRequestRow | undefined> {
    const [row] = await db.update(infoRequests).set(values).where(and(eq(infoRequests.id, id), isNull(infoRequests.answeredAt))).returning();
    return row;
  },

  async decisionsOf(db: DbOrTx, orderIds: readonly string[]): Promise<DecisionRow[]> {
    if (orderIds.length === 0) return [];
    return db.select().from(decisions).where(inArray(decisions.orderId, [...orderIds])).orderBy(desc(decisions.at));
  },

  /** The last decision's time per order (answers after it are new to the doctor). */
  async lastDecisionAt(db: DbOrTx, orderIds: readonly string[]): Promise<Map<string, Date>> {
    if (orderIds.length === 0) return new Map();
    const rows = await db
      .select({ orderId: decisions.orderId, at: sql<string>`max(${decisions.at})` })
      .from(decisions)
      .where(inArray(decisions.orderId, [...orderIds]))
      .groupBy(decisions.orderId);
    return new Map(rows.map((r) => [r.orderId, new Date(r.at)]));
  },

  /** The answered questions of these orders (for "new answer" in the queue). */
  async answeredOf(db: DbOrTx, orderIds: readonly string[]): Promise<{ orderId: string; answeredAt: Date }[]> {
    if (orderIds.length === 0) return [];
    const rows = await db
      .select({ orderId: infoRequests.orderId, answeredAt: infoRequests.answeredAt })
      .from(infoRequests)
      .where(and(inArray(infoRequests.orderId, [...orderIds]), isNotNull(infoRequests.answeredAt)));
    return rows.map((r) => ({ orderId: r.orderId, answeredAt: r.answeredAt! }));
  },

  /** issue 18: the flags of one questionnaire version, one of them, add and remove. */
  async flagsOfVersion(db: DbOrTx, versionId: string): Promise<FlaggedAnswerRow[]> {
    return db.select().from(flaggedAnswers).where(eq(flaggedAnswers.questionnaireVersionId, versionId)).orderBy(asc(flaggedAnswers.questionId), asc(flaggedAnswers.id));
  },
  async insertFlag(db: DbOrTx, row: typeof flaggedAnswers.$inferInsert): Promise<FlaggedAnswerRow> {
    const [inserted] = await db.insert(flaggedAnswers).values(row).returning();
    return inserted!;
  },
  async deleteFlag(db: DbOrTx, versionId: string, id: string): Promise<FlaggedAnswerRow | undefined> {
    const [deleted] = await db
      .delete(flaggedAnswers)
      .where(and(eq(flaggedAnswers.id, id), eq(flaggedAnswers.questionnaireVersionId, versionId)))
      .returning();
    return deleted;
  },

  async flaggedFor(db: DbOrTx, versionIds: readonly string[]): Promise<FlaggedAnswerRow[]> {
    if (versionIds.length === 0) return [];
    return db.select().from(flaggedAnswers).where(inArray(flaggedAnswers.questionnaireVersionId, [...versionIds]));
  },
};
