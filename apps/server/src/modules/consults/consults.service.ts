// The consult (issue 8): questionnaires stored as versioned data, and a patient's answers saved page
// by page, resumed on the page they left, and frozen with their version at submit. Disqualifying
// answers freeze the consult at once with the operator's reason. A save or submit answers the
// consult it froze, and the consult-frozen workflow has the checkout engine complete the Consult
// stage or mark the order disqualified in the same transaction.
import {
  disqualification,
  fieldErrors,
  firstIncompletePage,
  mergePageAnswers,
  MESSAGES,
  nextPageIndex,
  pruneAnswers,
  questionnaireDefinitionSchema,
  validateAnswer,
  validatePage,
  visibleQuestions,
  type AnswerError,
  type Answers,
  type Disqualification,
  type QuestionnaireDefinition,
} from '@store/domain';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, notFound, problem } from '../../lib/problem.ts';
import type { Identity } from '../auth/sessions.service.ts';
import type { UploadService } from '../uploads/uploads.service.ts';
import { createConsultsRepo, type ConsultRow, type QuestionnaireRow, type RenewalRow, type VersionRow } from './consults.repo.ts';

export interface QuestionnaireVersionView {
  id: string;
  version: number;
  publishedAt: string | null;
  definition: QuestionnaireDefinition;
}

export interface QuestionnaireView {
  id: string;
  slug: string;
  title: string;
  version: QuestionnaireVersionView;
}

/** A submitted consult as the reviewing doctor reads it (issue 15). */
export interface FrozenConsult {
  consultId: string;
  orderItemId: string;
  questionnaire: { id: string; title: string; versionId: string; version: number };
  submittedAt: string;
  /** `optionLabels`: for a choice question, the words of the options the patient picked. */
  answers: { questionId: string; label: string; type: string; answer: unknown; optionLabels?: string[] }[];
  uploadIds: string[];
}

export type ConsultStatus = 'in_progress' | 'submitted' | 'disqualified';

/** A renewal consult's link to what it renews (issue 17). */
export interface ConsultRenewal {
  consultId: string;
  orderId: string;
  prescriptionId: string;
  planId: string | null;
  sourceOrderId: string;
  copiedFromConsultId: string | null;
  droppedQuestionIds: string[];
  createdAt: string;
}

const renewalView = (row: RenewalRow): ConsultRenewal => ({
  consultId: row.consultId,
  orderId: row.orderId,
  prescriptionId: row.prescriptionId,
  planId: row.planId,
  sourceOrderId: row.sourceOrderId,
  copiedFromConsultId: row.copiedFromConsultId,
  droppedQuestionIds: row.droppedQuestionIds,
  createdAt: row.createdAt.toISOString(),
});

/**
 * issue 17 renewal: the previous answers a new version of the questionnaire can take. An answer is
 * copied when its question still exists with the same type and the answer is still valid for it
 * (an option that was removed is asked again); uploads (a file belongs to one consult) and consents
 * (given again for these answers) are asked again; answers to questions now hidden are pruned.
 * `dropped` names the previous questions the current version no longer asks.
 */
export function carryOverAnswers(
  definition: QuestionnaireDefinition,
  previous: Answers,
  previousDefinition: QuestionnaireDefinition | null,
  today: string,
): { answers: Answers; dropped: string[] } {
  const current = new Map(definition.pages.flatMap((p) => p.questions).map((q) => [q.id, q] as const));
  const before = new Map((previousDefinition?.pages ?? []).flatMap((p) => p.questions).map((q) => [q.id, q] as const));
  const copied: Answers = {};
  const dropped: string[] = [];
  for (const [id, answer] of Object.entries(previous)) {
    const question = current.get(id);
    if (!question) {
      dropped.push(id);
      continue;
    }
    if (question.type === 'file_upload' || question.type === 'consent') continue;
    const old = before.get(id);
    if (old && old.type !== question.type) continue;
    if (validateAnswer(question, answer, { today }).length > 0) continue;
    copied[id] = answer;
  }
  return { answers: pruneAnswers(definition, copied), dropped };
}

export interface ConsultView {
  id: string;
  orderItemId: string;
  status: ConsultStatus;
  /** issue 17: a renewal consult, prefilled from the previous one (the page says so). */
  renewal: { prescriptionId: string } | null;
  questionnaire: QuestionnaireView;
  answers: Answers;
  /** The page to show when the patient comes back. */
  currentPage: number;
  submittedAt: string | null;
  disqualified: Disqualification | null;
}

export interface SaveResult {
  consult: ConsultView;
  /** Where to go next: a page index, or null when the last page was saved. */
  nextPageIndex: number | null;
  disqualified: Disqualification | null;
}

const validationFailed = (errors: AnswerError[]) =>
  new AppError(400, 'VALIDATION_FAILED', MESSAGES.VALIDATION_FAILED, { errors });

/** The latest calendar date anywhere (UTC+14), so "today" in any patient's time zone is never "the future". */
function latestToday(now: Date): string {
  return new Date(now.getTime() + 14 * 3_600_000).toISOString().slice(0, 10);
}

function versionView(row: VersionRow): QuestionnaireVersionView {
  return {
    id: row.id,
    version: row.version,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    definition: row.definition,
  };
}

function statusOf(row: ConsultRow): ConsultStatus {
  if (row.disqualifiedReason) return 'disqualified';
  return row.submittedAt ? 'submitted' : 'in_progress';
}

function uploadIdsIn(definition: QuestionnaireDefinition, answers: Answers, onlyIds?: Set<string>): string[] {
  const ids: string[] = [];
  for (const q of visibleQuestions(definition, answers)) {
    if (q.type !== 'file_upload' || (onlyIds && !onlyIds.has(q.id))) continue;
    const a = answers[q.id];
    if (Array.isArray(a)) for (const v of a) if (typeof v === 'string') ids.push(v);
  }
  return ids;
}

export function createConsultService(deps: {
  db: Db;
  now: () => Date;
  uploads: Pick<UploadService, 'owned' | 'attachToConsult' | 'adoptGuest'>;
}) {
  const { db, now } = deps;
  const repo = createConsultsRepo(db);

  async function view(row: ConsultRow, tx: DbOrTx = db): Promise<ConsultView> {
    const r = createConsultsRepo(tx);
    const version = (await r.versionById(row.questionnaireVersionId))!;
    const questionnaire = (await r.questionnaireById(version.questionnaireId))!;
    const renewal = await r.renewalOfConsult(row.id);
    return {
      id: row.id,
      orderItemId: row.orderItemId,
      status: statusOf(row),
      renewal: renewal ? { prescriptionId: renewal.prescriptionId } : null,
      questionnaire: { id: questionnaire.id, slug: questionnaire.slug, title: questionnaire.title, version: versionView(version) },
      answers: row.answers,
      currentPage: row.currentPage,
      submittedAt: row.submittedAt?.toISOString() ?? null,
      disqualified:
        row.disqualifiedReason && row.disqualifiedQuestionId
          ? { questionId: row.disqualifiedQuestionId, reason: row.disqualifiedReason }
          : null,
    };
  }

  /** A submitted consult as the reviewing doctor reads it. */
  async function frozenView(row: ConsultRow, submittedAt: Date): Promise<FrozenConsult> {
    const version = (await repo.versionById(row.questionnaireVersionId))!;
    const questionnaire = (await repo.questionnaireById(version.questionnaireId))!;
    const answers = visibleQuestions(version.definition, row.answers)
      .filter((q) => row.answers[q.id] !== undefined)
      .map((q) => {
        const answer = row.answers[q.id];
        if (q.type !== 'single_choice' && q.type !== 'multiple_choice') return { questionId: q.id, label: q.label, type: q.type, answer };
        // The doctor reads the option's words ("Type 2 diabetes"), not its stored value.
        const picked = Array.isArray(answer) ? answer : [answer];
        const optionLabels = picked.map((v) => q.options.find((o) => o.value === v)?.label ?? String(v));
        return { questionId: q.id, label: q.label, type: q.type, answer, optionLabels };
      });
    return {
      consultId: row.id,
      orderItemId: row.orderItemId,
      questionnaire: { id: questionnaire.id, title: questionnaire.title, versionId: version.id, version: version.version },
      submittedAt: submittedAt.toISOString(),
      answers,
      uploadIds: uploadIdsIn(version.definition, row.answers),
    };
  }

  /**
   * issue 13 #4: every file a file answer names must be the caller's own upload (their person or
   * guest session, this storefront) and not part of another of their consults; anything else is
   * refused as if the file did not exist. Checked on every save (draft too) and again at freeze,
   * with the rows locked so two consults frozen at once cannot both take one file.
   */
  async function fileAnswerErrors(
    tx: DbOrTx,
    identity: Identity,
    consultId: string,
    definition: QuestionnaireDefinition,
    answers: Answers,
    options: { onlyIds?: Set<string>; lock?: boolean } = {},
  ): Promise<AnswerError[]> {
    const questions = visibleQuestions(definition, answers).filter(
      (q) => q.type === 'file_upload' && (!options.onlyIds || options.onlyIds.has(q.id)) && answers[q.id] != null,
    );
    if (questions.length === 0) return [];
    const named = questions.flatMap((q) => [answers[q.id]].flat().filter((v): v is string => typeof v === 'string'));
    const owned = new Map(
      (await deps.uploads.owned(identity, named, tx, options.lock)).map((u) => [u.id, u.consultId] as const),
    );
    const errors: AnswerError[] = [];
    for (const q of questions) {
      const files: unknown[] = [answers[q.id]].flat();
      if (files.some((id) => typeof id !== 'string' || !owned.has(id))) {
        errors.push({ field: q.id, message: MESSAGES.ANSWER_UPLOAD_UNKNOWN });
      } else if (files.some((id) => ![null, consultId].includes(owned.get(id as string)!))) {
        errors.push({ field: q.id, message: MESSAGES.ANSWER_UPLOAD_IN_OTHER_CONSULT });
      }
    }
    return errors;
  }

  /** Freezes the consult with its answers and version (the caller's workflow then moves the order on). */
  async function freeze(
    tx: DbOrTx,
    identity: Identity,
    row: ConsultRow,
    definition: QuestionnaireDefinition,
    outcome: Disqualification | null,
  ) {
    // Answers saved before this rule existed, or a file moved on since, are caught here.
    const errors = await fileAnswerErrors(tx, identity, row.id, definition, row.answers, { lock: true });
    if (errors.length > 0) throw validationFailed(errors);
    const at = now();
    const frozen = await createConsultsRepo(tx).updateConsult(row.id, {
      submittedAt: at,
      disqualifiedReason: outcome?.reason ?? null,
      disqualifiedQuestionId: outcome?.questionId ?? null,
      updatedAt: at,
    });
    await deps.uploads.attachToConsult(uploadIdsIn(definition, frozen.answers), frozen, tx);
    return frozen;
  }

  function parseDefinition(definition: unknown): QuestionnaireDefinition {
    const parsed = questionnaireDefinitionSchema.safeParse(definition);
    if (!parsed.success) {
      throw new AppError(400, 'QUESTIONNAIRE_INVALID', MESSAGES.QUESTIONNAIRE_INVALID, { errors: fieldErrors(parsed.error) });
    }
    return parsed.data;
  }

  return {
    // ---- Questionnaires ----

    async createQuestionnaire(input: { storefrontId: string; slug: string; title: string }, tx: DbOrTx = db): Promise<QuestionnaireRow> {
      const at = now();
      return createConsultsRepo(tx).insertQuestionnaire({ ...input, createdAt: at, updatedAt: at });
    },

    /**
     * A new version of a questionnaire (definition validated by the domain schema), published at
     * once unless `publish: false`. Versions are never changed once a consult uses them.
     */
    async createVersion(
      input: { questionnaireId: string; definition: unknown; publish?: boolean },
      tx: DbOrTx = db,
    ): Promise<QuestionnaireVersionView> {
      const definition = parseDefinition(input.definition);
      const r = createConsultsRepo(tx);
      const latest = await r.latestVersion(input.questionnaireId);
      const row = await r.insertVersion({
        questionnaireId: input.questionnaireId,
        version: (latest?.version ?? 0) + 1,
        definition,
        publishedAt: input.publish === false ? null : now(),
        createdAt: now(),
      });
      return versionView(row);
    },

    /**
     * An operator's edit: the latest version is changed in place only while it is an unpublished
     * draft no consult uses; otherwise the edit becomes a new version (frozen once used).
     */
    async editDefinition(input: { questionnaireId: string; definition: unknown; publish?: boolean }): Promise<QuestionnaireVersionView> {
      const definition = parseDefinition(input.definition);
      return db.transaction(async (tx) => {
        const r = createConsultsRepo(tx);
        const latest = await r.latestVersion(input.questionnaireId);
        if (latest && !latest.publishedAt && !(await r.versionInUse(latest.id))) {
          const row = await r.updateVersion(latest.id, { definition, publishedAt: input.publish === false ? null : now() });
          return versionView(row);
        }
        const row = await r.insertVersion({
          questionnaireId: input.questionnaireId,
          version: (latest?.version ?? 0) + 1,
          definition,
          publishedAt: input.publish === false ? null : now(),
          createdAt: now(),
        });
        return versionView(row);
      });
    },

    async publishVersion(versionId: string): Promise<QuestionnaireVersionView> {
      const row = await repo.versionById(versionId);
      if (!row) throw notFound();
      if (row.publishedAt) return versionView(row);
      return versionView(await repo.updateVersion(versionId, { publishedAt: now() }));
    },

    /** The version patients get now: the newest published one. */
    async getPublishedVersion(questionnaireId: string): Promise<QuestionnaireVersionView | null> {
      const row = await repo.publishedVersion(questionnaireId);
      return row ? versionView(row) : null;
    },

    /** issue 18: the storefront's questionnaires a product may use (slug, the products' reference, and title). */
    async questionnaireChoices(storefrontId: string): Promise<{ slug: string; title: string }[]> {
      return (await repo.questionnairesOf(storefrontId)).map((q) => ({ slug: q.slug, title: q.title }));
    },

    /** A storefront's questionnaire (by id or slug) with its current version; 404 when none is published. */
    async getQuestionnaire(storefrontId: string, idOrSlug: string): Promise<QuestionnaireView> {
      const questionnaire = await repo.findQuestionnaire(storefrontId, idOrSlug);
      if (!questionnaire) throw notFound();
      const version = await repo.publishedVersion(questionnaire.id);
      if (!version) throw notFound();
      return { id: questionnaire.id, slug: questionnaire.slug, title: questionnaire.title, version: versionView(version) };
    },

    // ---- Consults ----

    /**
     * The consult of an order item for its owner, made with the questionnaire's current version on
     * first call and returned as it is afterwards. The checkout engine calls this once it has
     * checked that the identity owns the order item.
     */
    async startConsult(input: { identity: Identity; orderItemId: string; questionnaireId: string }): Promise<ConsultView> {
      const { identity } = input;
      return db.transaction(async (tx) => {
        const r = createConsultsRepo(tx);
        const existing = await r.consultByOrderItem(input.orderItemId);
        if (existing) {
          const mine = await r.ownedConsult(existing.id, identity);
          if (!mine) throw notFound();
          return view(mine, tx);
        }
        const questionnaire = await r.findQuestionnaire(identity.storefrontId, input.questionnaireId);
        if (!questionnaire) throw notFound();
        const version = await r.publishedVersion(questionnaire.id);
        if (!version) throw notFound();
        const at = now();
        const row = await r.insertConsult({
          storefrontId: identity.storefrontId,
          orderItemId: input.orderItemId,
          userId: identity.kind === 'user' ? identity.userId : null,
          guestSessionId: identity.kind === 'guest' ? identity.sessionId : null,
          questionnaireVersionId: version.id,
          createdAt: at,
          updatedAt: at,
        });
        return view(row, tx);
      });
    },

    /** The consult for its owner; anyone else gets a 404. */
    async getForOwner(input: { consultId: string; identity: Identity }): Promise<ConsultView> {
      const row = await repo.ownedConsult(input.consultId, input.identity);
      if (!row) throw notFound();
      return view(row);
    },

    /** The owner's consult of an order item, or null when none was started. */
    async getByOrderItem(input: { orderItemId: string; identity: Identity }): Promise<ConsultView | null> {
      const row = await repo.ownedConsultByOrderItem(input.orderItemId, input.identity);
      return row ? view(row) : null;
    },

    /**
     * Saves one page. `next` (default) checks the page and every page before it, then moves the
     * patient on; `draft` keeps what was typed without checking and stays (or goes back) to that
     * page. Answers to hidden questions are dropped. A disqualifying answer freezes the consult.
     */
    async saveAnswers(input: {
      consultId: string;
      identity: Identity;
      pageIndex: number;
      answers: Answers;
      mode?: 'next' | 'draft';
    }, tx: DbOrTx): Promise<SaveResult & { frozen: ConsultRow | null }> {
      const mode = input.mode ?? 'next';
      {
        const r = createConsultsRepo(tx);
        const row = await r.ownedConsult(input.consultId, input.identity, true);
        if (!row) throw notFound();
        if (row.submittedAt) throw problem(409, 'QUESTIONNAIRE_SUBMITTED');
        const definition = (await r.versionById(row.questionnaireVersionId))!.definition;
        if (!Number.isInteger(input.pageIndex) || input.pageIndex < 0 || input.pageIndex >= definition.pages.length) {
          throw notFound();
        }
        const answers = mergePageAnswers(definition, input.pageIndex, row.answers, input.answers);
        const at = now();

        const today = latestToday(at);
        const pageIds = new Set(definition.pages[input.pageIndex]!.questions.map((q) => q.id));
        const fileErrors = await fileAnswerErrors(tx, input.identity, row.id, definition, answers, { onlyIds: pageIds });
        if (mode === 'draft') {
          // A draft keeps what was typed, but never a file that is not the patient's own.
          if (fileErrors.length > 0) throw validationFailed(fileErrors);
          // Resume here, but never past a page that still needs answers.
          const incomplete = firstIncompletePage(definition, answers, { today });
          const currentPage = Math.min(input.pageIndex, incomplete ?? input.pageIndex);
          const saved = await r.updateConsult(row.id, { answers, currentPage, updatedAt: at });
          return { consult: await view(saved, tx), nextPageIndex: currentPage, disqualified: null, frozen: null };
        }

        const errors = validatePage(definition, input.pageIndex, answers, { today });
        // One message per field: a file answer of the wrong shape already says "Please upload a file."
        errors.push(...fileErrors.filter((f) => !errors.some((e) => e.field === f.field)));
        if (errors.length > 0) throw validationFailed(errors);

        // No skipping ahead: every shown page before this one must be complete.
        const incomplete = firstIncompletePage(definition, answers, { today });
        if (incomplete !== null && incomplete < input.pageIndex) {
          throw problem(409, 'QUESTIONNAIRE_INCOMPLETE');
        }

        const outcome = disqualification(definition, answers);
        const next = nextPageIndex(definition, input.pageIndex, answers);
        let saved = await r.updateConsult(row.id, {
          answers,
          currentPage: next ?? input.pageIndex,
          updatedAt: at,
        });
        if (outcome) saved = await freeze(tx, input.identity, saved, definition, outcome);
        return { consult: await view(saved, tx), nextPageIndex: outcome ? null : next, disqualified: outcome, frozen: outcome ? saved : null };
      }
    },

    /**
     * Freezes the answers with their version. Every shown question must be answered; returns the
     * disqualification (or null), and the consult it froze now (null when it was frozen before).
     * Submitting again returns the same outcome.
     */
    async submit(
      input: { consultId: string; identity: Identity },
      tx: DbOrTx,
    ): Promise<{ consult: ConsultView; disqualified: Disqualification | null; frozen: ConsultRow | null }> {
      {
        const r = createConsultsRepo(tx);
        const row = await r.ownedConsult(input.consultId, input.identity, true);
        if (!row) throw notFound();
        const current = await view(row, tx);
        if (row.submittedAt) return { consult: current, disqualified: current.disqualified, frozen: null };
        const definition = current.questionnaire.version.definition;
        const incomplete = firstIncompletePage(definition, row.answers, { today: latestToday(now()) });
        if (incomplete !== null) {
          throw problem(409, 'QUESTIONNAIRE_INCOMPLETE');
        }
        const outcome = disqualification(definition, row.answers);
        const frozen = await freeze(tx, input.identity, row, definition, outcome);
        return { consult: await view(frozen, tx), disqualified: outcome, frozen };
      }
    },

    /** A frozen consult for its reviewer (the doctor side checks who may call this). */
    async getFrozen(consultId: string): Promise<ConsultView | null> {
      const row = await repo.consultById(consultId);
      return row?.submittedAt ? view(row) : null;
    },

    /**
     * issue 15: the frozen consults of these order items for the reviewing doctor (the caller checks
     * who may see them): each answer shown to the patient, in questionnaire order, with its question's
     * text and type, the questionnaire's version, and the upload ids its file answers name.
     */
    async frozenAnswers(orderItemIds: readonly string[]): Promise<FrozenConsult[]> {
      const found: FrozenConsult[] = [];
      for (const orderItemId of orderItemIds) {
        const row = await repo.consultByOrderItem(orderItemId);
        if (row?.submittedAt) found.push(await frozenView(row, row.submittedAt));
      }
      return found;
    },

    /** issue 17: one submitted consult by id for the reviewing doctor (a renewal's previous consult; the caller checks who may see it). */
    async frozenConsult(consultId: string): Promise<FrozenConsult | null> {
      const row = await repo.consultById(consultId);
      return row?.submittedAt ? frozenView(row, row.submittedAt) : null;
    },

    // ---- Renewal consults (issue 17) ----

    /** The renewal consult opened for a prescription, if any (one per prescription). */
    async renewalOfPrescription(tx: DbOrTx, prescriptionId: string): Promise<ConsultRenewal | null> {
      const row = await createConsultsRepo(tx).renewalOfPrescription(prescriptionId);
      return row ? renewalView(row) : null;
    },

    /** The renewal consults of an order (none: not a renewal). */
    async renewalsOfOrder(executor: DbOrTx, orderId: string): Promise<ConsultRenewal[]> {
      return (await createConsultsRepo(executor).renewalsOfOrder(orderId)).map(renewalView);
    },

    /** Holds renewals of this prescription back until the caller's transaction ends (two opens at once make one). */
    async lockRenewal(tx: DbOrTx, prescriptionId: string): Promise<void> {
      await createConsultsRepo(tx).lockRenewal(prescriptionId);
    },

    /** A plan takes over a renewal the patient asked for (the plan follows its new prescription). */
    async setRenewalPlan(tx: DbOrTx, consultId: string, planId: string): Promise<void> {
      await createConsultsRepo(tx).setRenewalPlan(consultId, planId);
    },

    /**
     * issue 17: the renewal consult of a patient's order item, on the questionnaire's current
     * published version, prefilled with the answers of the consult of `fromOrderItemId` that version can take
     * (`carryOverAnswers`), and marked as renewing the prescription. An item that already has a
     * consult (the patient had started one) keeps its answers and is marked. The patient resumes
     * on the first page, so every answer is seen again.
     */
    async prefillRenewal(
      tx: DbOrTx,
      input: {
        storefrontId: string;
        userId: string;
        orderId: string;
        orderItemId: string;
        questionnaireRef: string;
        /** The previous order's item whose consult is copied (null: nothing to copy). */
        fromOrderItemId: string | null;
        prescriptionId: string;
        planId: string | null;
        sourceOrderId: string;
      },
    ): Promise<{ consult: ConsultView; renewal: ConsultRenewal }> {
      const r = createConsultsRepo(tx);
      const at = now();
      let copiedFrom: ConsultRow | null = input.fromOrderItemId ? await r.consultByOrderItem(input.fromOrderItemId) : null;
      if (copiedFrom && (copiedFrom.userId !== input.userId || !copiedFrom.submittedAt)) copiedFrom = null;
      let dropped: string[] = [];
      let row = await r.consultByOrderItem(input.orderItemId);
      if (!row) {
        const questionnaire = await r.findQuestionnaire(input.storefrontId, input.questionnaireRef);
        const version = questionnaire ? await r.publishedVersion(questionnaire.id) : null;
        if (!version) throw notFound();
        let answers: Answers = {};
        if (copiedFrom) {
          const previousVersion = await r.versionById(copiedFrom.questionnaireVersionId);
          const carried = carryOverAnswers(version.definition, copiedFrom.answers, previousVersion?.definition ?? null, latestToday(at));
          answers = carried.answers;
          dropped = carried.dropped;
        }
        row = await r.insertConsult({
          storefrontId: input.storefrontId,
          orderItemId: input.orderItemId,
          userId: input.userId,
          guestSessionId: null,
          questionnaireVersionId: version.id,
          answers,
          currentPage: 0,
          createdAt: at,
          updatedAt: at,
        });
      }
      const renewal = await r.insertRenewal({
        consultId: row.id,
        orderId: input.orderId,
        prescriptionId: input.prescriptionId,
        planId: input.planId,
        sourceOrderId: input.sourceOrderId,
        copiedFromConsultId: copiedFrom?.id ?? null,
        droppedQuestionIds: dropped,
        createdAt: at,
      });
      return { consult: await view(row, tx), renewal: renewalView(renewal) };
    },

    /** When a guest signs in or registers mid-checkout, their consults and files become the person's. */
    async adoptGuest(input: { guestSessionId: string; userId: string }, tx: DbOrTx = db): Promise<void> {
      await createConsultsRepo(tx).adoptGuest(input.guestSessionId, input.userId);
      await deps.uploads.adoptGuest(input.guestSessionId, input.userId, tx);
    },
  };
}
export type ConsultService = ReturnType<typeof createConsultService>;
