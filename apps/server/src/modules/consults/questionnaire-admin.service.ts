// The operator's questionnaires (issue 18): a storefront's questionnaires and their versions, drafts
// made from the latest version and edited (checked by the domain's questionnaireDefinitionSchema,
// with messages naming the page and question at fault), a doctor's sign-off asked for and given,
// and publishing. Rules:
// - A published version is never changed (409): a consult may use it, and the patient answered it.
// - New consults get the newest published version (consults.service startConsult); a consult in
//   progress keeps the version it started with, so publishing never changes a patient's questions.
// - One draft at a time, always the newest version. Editing a draft clears its sign-off request and
//   sign-off; publishing needs a sign-off of exactly what is published (the doctor's sign-off names
//   the hash of the definition they read, and an edit since is refused).
// - Every change is audited with before and after in its transaction; a definition is recorded as
//   its version number and page and question counts, never the whole JSON.
import { createHash } from 'node:crypto';
import {
  changedFields,
  definitionChanges,
  definitionIssues,
  definitionSummary,
  pageOffset,
  QUESTIONNAIRE_ADMIN_MESSAGES,
  questionnaireDefinitionSchema,
  type AdminPage,
  type AdminPageQuery,
  type AdminPerson,
  type AdminQuestionnaireSummary,
  type AdminQuestionnaireVersion,
  type AdminQuestionnaireVersionDetail,
  type DoctorQuestionnaireDraft,
  type QuestionnaireDefinition,
  type QuestionnaireDefinitionInput,
  type QuestionnaireVersionStatus,
} from '@store/domain';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/problem.ts';
import type { AuditContext, AuditService } from '../audit/audit.service.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { createQuestionnaireAdminRepo, type QuestionnaireRow, type VersionRow } from './questionnaire-admin.repo.ts';

/** Postgres unique_violation, from `pg` or PGlite (which may wrap it). */
function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}

type Code = keyof typeof QUESTIONNAIRE_ADMIN_MESSAGES;
const refuse = (status: number, code: Code, field?: string) =>
  new AppError(status, code, QUESTIONNAIRE_ADMIN_MESSAGES[code], field ? { errors: [{ field, message: QUESTIONNAIRE_ADMIN_MESSAGES[code] }] } : {});

/** Who made the change (the admin or the doctor) and from where. */
export interface Actor {
  userId: string;
  audit: AuditContext;
}

/** The first draft of a new questionnaire: one page, one question, for the operator to replace. */
export function starterDefinition(title: string): QuestionnaireDefinition {
  return questionnaireDefinitionSchema.parse({
    title,
    pages: [{ title: 'About you', questions: [{ id: 'question_1', type: 'text', label: 'Tell us about your health goals.' }] }],
  });
}

export function statusOf(row: VersionRow, newestPublished: number | null): QuestionnaireVersionStatus {
  if (row.publishedAt) return row.version === newestPublished ? 'published' : 'superseded';
  if (row.signedOffAt) return 'signed_off';
  return row.signOffRequestedAt ? 'awaiting_sign_off' : 'draft';
}

export function definitionHash(definition: unknown): string {
  return createHash('sha256').update(JSON.stringify(definition)).digest('hex');
}

/** What the audit log keeps of a version: numbers and status, never the whole definition. */
function auditRecord(row: VersionRow, newestPublished: number | null) {
  const s = definitionSummary(row.definition);
  return {
    version: row.version,
    status: statusOf(row, newestPublished),
    pages: s.pages,
    questions: s.questions,
    definitionHash: definitionHash(row.definition).slice(0, 16),
    changeNote: row.changeNote,
    signedOffBy: row.signedOffBy,
  };
}

export function createQuestionnaireAdminService(deps: {
  db: Db;
  now: () => Date;
  audit: Pick<AuditService, 'record'>;
  auth: Pick<AuthService, 'patientDetails'>;
}) {
  const { db, now, audit } = deps;
  const repo = createQuestionnaireAdminRepo(db);

  async function people(ids: (string | null)[]): Promise<Map<string, AdminPerson>> {
    const unique = [...new Set(ids.filter((id): id is string => Boolean(id)))];
    const found = await Promise.all(unique.map(async (id) => [id, await deps.auth.patientDetails(id)] as const));
    return new Map(found.map(([id, d]) => [id, { id, name: d?.name || 'Unknown' }] as const));
  }

  async function versionViews(rows: VersionRow[], r = repo): Promise<AdminQuestionnaireVersion[]> {
    if (rows.length === 0) return [];
    const questionnaireId = rows[0]!.questionnaireId;
    const newest = (await r.publishedNumbers([questionnaireId])).get(questionnaireId) ?? null;
    const counts = await r.consultCounts(rows.map((v) => v.id));
    const names = await people(rows.flatMap((v) => [v.createdBy, v.signedOffBy, v.publishedBy]));
    const views: AdminQuestionnaireVersion[] = [];
    for (const row of rows) {
      const previous = await r.previousVersion(row.questionnaireId, row.version);
      views.push({
        id: row.id,
        questionnaireId: row.questionnaireId,
        version: row.version,
        status: statusOf(row, newest),
        changeNote: row.changeNote,
        summary: definitionSummary(row.definition),
        changes: previous ? definitionChanges(previous.definition, row.definition) : null,
        createdAt: row.createdAt.toISOString(),
        createdBy: row.createdBy ? (names.get(row.createdBy) ?? null) : null,
        signOffRequestedAt: row.signOffRequestedAt?.toISOString() ?? null,
        signedOffAt: row.signedOffAt?.toISOString() ?? null,
        signedOffBy: row.signedOffBy ? (names.get(row.signedOffBy) ?? null) : null,
        publishedAt: row.publishedAt?.toISOString() ?? null,
        publishedBy: row.publishedBy ? (names.get(row.publishedBy) ?? null) : null,
        consults: counts.get(row.id) ?? 0,
      });
    }
    return views;
  }

  async function detail(questionnaire: QuestionnaireRow, row: VersionRow, r = repo): Promise<AdminQuestionnaireVersionDetail> {
    const [view] = await versionViews([row], r);
    return {
      ...view!,
      questionnaire: { id: questionnaire.id, storefrontId: questionnaire.storefrontId, slug: questionnaire.slug, title: questionnaire.title },
      definition: row.definition,
      definitionHash: definitionHash(row.definition),
    };
  }

  /** The questionnaire (locked) and its version, or 404; the version must be an unpublished draft. */
  async function lockedDraft(tx: DbOrTx, storefrontId: string, questionnaireId: string, versionId: string) {
    const r = createQuestionnaireAdminRepo(tx);
    const questionnaire = await r.questionnaireIn(storefrontId, questionnaireId, true);
    if (!questionnaire) throw notFound();
    const row = await r.versionIn(questionnaire.id, versionId);
    if (!row) throw notFound();
    if (row.publishedAt) throw refuse(409, 'QUESTIONNAIRE_VERSION_PUBLISHED');
    const newest = (await r.publishedNumbers([questionnaire.id])).get(questionnaire.id) ?? null;
    return { r, questionnaire, row, newest };
  }

  async function recordChange(
    tx: DbOrTx,
    actor: Actor,
    action: string,
    storefrontId: string,
    versionId: string,
    before: Record<string, unknown> | null,
    after: Record<string, unknown> | null,
  ) {
    const change = changedFields(before, after);
    // The version number always goes with the change, even when it did not change.
    const version = (after ?? before)?.version;
    if (change.before) change.before = { version, ...change.before };
    if (change.after) change.after = { version, ...change.after };
    await audit.record({ ...actor.audit, storefrontId, action, subject: { type: 'questionnaire_version', id: versionId }, change }, tx);
  }

  return {
    async list(storefrontId: string, query: AdminPageQuery): Promise<AdminPage<AdminQuestionnaireSummary>> {
      const [total, rows] = await Promise.all([
        repo.countQuestionnaires(storefrontId),
        repo.listQuestionnaires(storefrontId, query.pageSize, pageOffset(query)),
      ]);
      const ids = rows.map((q) => q.id);
      const [versions, published] = await Promise.all([repo.versionsOfMany(ids), repo.publishedNumbers(ids)]);
      const items = rows.map((q) => {
        const latest = versions.find((v) => v.questionnaireId === q.id) ?? null;
        const newest = published.get(q.id) ?? null;
        return {
          id: q.id,
          storefrontId: q.storefrontId,
          slug: q.slug,
          title: q.title,
          publishedVersion: newest,
          latest: latest ? { id: latest.id, version: latest.version, status: statusOf(latest, newest) } : null,
          updatedAt: q.updatedAt.toISOString(),
        };
      });
      return { items, total, page: query.page, pageSize: query.pageSize };
    },

    async get(storefrontId: string, questionnaireId: string): Promise<AdminQuestionnaireSummary> {
      const q = await repo.questionnaireIn(storefrontId, questionnaireId);
      if (!q) throw notFound();
      const latest = await repo.latestVersion(q.id);
      const newest = (await repo.publishedNumbers([q.id])).get(q.id) ?? null;
      return {
        id: q.id,
        storefrontId: q.storefrontId,
        slug: q.slug,
        title: q.title,
        publishedVersion: newest,
        latest: latest ? { id: latest.id, version: latest.version, status: statusOf(latest, newest) } : null,
        updatedAt: q.updatedAt.toISOString(),
      };
    },

    /** A new questionnaire with a first draft (v1) to build on; 409 with the slug's message when it is taken. */
    async create(actor: Actor, storefrontId: string, input: { title: string; slug: string }): Promise<AdminQuestionnaireSummary> {
      const at = now();
      try {
        return await db.transaction(async (tx) => {
          const r = createQuestionnaireAdminRepo(tx);
          if (await r.slugTaken(storefrontId, input.slug)) throw refuse(409, 'QUESTIONNAIRE_SLUG_TAKEN', 'slug');
          const q = await r.insertQuestionnaire({ storefrontId, slug: input.slug, title: input.title, createdAt: at, updatedAt: at });
          const v = await r.insertVersion({
            questionnaireId: q.id,
            version: 1,
            definition: starterDefinition(input.title),
            createdAt: at,
            createdBy: actor.userId,
            changeNote: 'First draft',
          });
          await audit.record(
            { ...actor.audit, storefrontId, action: 'questionnaire.created', subject: { type: 'questionnaire', id: q.id }, change: changedFields(null, { title: q.title, slug: q.slug }) },
            tx,
          );
          await recordChange(tx, actor, 'questionnaire.draft_created', storefrontId, v.id, null, auditRecord(v, null));
          return {
            id: q.id,
            storefrontId,
            slug: q.slug,
            title: q.title,
            publishedVersion: null,
            latest: { id: v.id, version: v.version, status: 'draft' as const },
            updatedAt: at.toISOString(),
          };
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw refuse(409, 'QUESTIONNAIRE_SLUG_TAKEN', 'slug');
        throw err;
      }
    },

    async versions(storefrontId: string, questionnaireId: string, query: AdminPageQuery): Promise<AdminPage<AdminQuestionnaireVersion>> {
      const q = await repo.questionnaireIn(storefrontId, questionnaireId);
      if (!q) throw notFound();
      const [total, rows] = await Promise.all([repo.countVersions(q.id), repo.versionsPage(q.id, query.pageSize, pageOffset(query))]);
      return { items: await versionViews(rows), total, page: query.page, pageSize: query.pageSize };
    },

    async version(storefrontId: string, questionnaireId: string, versionId: string): Promise<AdminQuestionnaireVersionDetail> {
      const q = await repo.questionnaireIn(storefrontId, questionnaireId);
      if (!q) throw notFound();
      const row = await repo.versionIn(q.id, versionId);
      if (!row) throw notFound();
      return detail(q, row);
    },

    /** A draft copied from the latest version; 409 while a draft exists (there is one draft at a time). */
    async createDraft(actor: Actor, storefrontId: string, questionnaireId: string, input: { changeNote?: string } = {}): Promise<AdminQuestionnaireVersionDetail> {
      const done = await db.transaction(async (tx) => {
        const r = createQuestionnaireAdminRepo(tx);
        const q = await r.questionnaireIn(storefrontId, questionnaireId, true);
        if (!q) throw notFound();
        const latest = await r.latestVersion(q.id);
        if (latest && !latest.publishedAt) throw refuse(409, 'QUESTIONNAIRE_DRAFT_EXISTS');
        const at = now();
        const row = await r.insertVersion({
          questionnaireId: q.id,
          version: (latest?.version ?? 0) + 1,
          definition: latest?.definition ?? starterDefinition(q.title),
          createdAt: at,
          createdBy: actor.userId,
          changeNote: input.changeNote?.trim() ?? '',
        });
        await r.touchQuestionnaire(q.id, at);
        const newest = (await r.publishedNumbers([q.id])).get(q.id) ?? null;
        await recordChange(tx, actor, 'questionnaire.draft_created', storefrontId, row.id, null, { ...auditRecord(row, newest), from: latest?.version ?? null });
        return { q, row };
      });
      return detail(done.q, done.row);
    },

    /**
     * A draft's new definition and change note. 400 with one message per problem naming the page and
     * question (`definitionIssues`), 409 for a published version. Clears the sign-off request and the
     * sign-off: a doctor signs what is published.
     */
    async updateDraft(
      actor: Actor,
      storefrontId: string,
      questionnaireId: string,
      versionId: string,
      input: { definition: QuestionnaireDefinitionInput; changeNote: string },
    ): Promise<AdminQuestionnaireVersionDetail> {
      const issues = definitionIssues(input.definition);
      if (issues.length > 0) {
        throw new AppError(400, 'QUESTIONNAIRE_INVALID', `${issues.length === 1 ? 'One problem' : `${issues.length} problems`} to fix: ${issues[0]!.message}`, {
          errors: issues.map((i) => ({ field: `definition.${i.field}`, message: i.message })),
        });
      }
      const definition = questionnaireDefinitionSchema.parse(input.definition);
      const done = await db.transaction(async (tx) => {
        const { r, questionnaire, row, newest } = await lockedDraft(tx, storefrontId, questionnaireId, versionId);
        const at = now();
        const saved = await r.updateVersion(row.id, {
          definition,
          changeNote: input.changeNote,
          signOffRequestedAt: null,
          signOffRequestedBy: null,
          signedOffAt: null,
          signedOffBy: null,
        });
        await r.touchQuestionnaire(questionnaire.id, at);
        await recordChange(tx, actor, 'questionnaire.draft_updated', storefrontId, row.id, auditRecord(row, newest), auditRecord(saved, newest));
        return { q: questionnaire, row: saved };
      });
      return detail(done.q, done.row);
    },

    /** The operator asks for a doctor's sign-off (the draft shows in the doctors' list). */
    async requestSignOff(actor: Actor, storefrontId: string, questionnaireId: string, versionId: string): Promise<AdminQuestionnaireVersionDetail> {
      const done = await db.transaction(async (tx) => {
        const { r, questionnaire, row, newest } = await lockedDraft(tx, storefrontId, questionnaireId, versionId);
        if (row.signOffRequestedAt || row.signedOffAt) return { q: questionnaire, row };
        const saved = await r.updateVersion(row.id, { signOffRequestedAt: now(), signOffRequestedBy: actor.userId });
        await recordChange(tx, actor, 'questionnaire.sign_off_requested', storefrontId, row.id, auditRecord(row, newest), auditRecord(saved, newest));
        return { q: questionnaire, row: saved };
      });
      return detail(done.q, done.row);
    },

    /** Publishes a signed-off draft: new consults get it from now on; consults in progress keep theirs. */
    async publish(actor: Actor, storefrontId: string, questionnaireId: string, versionId: string): Promise<AdminQuestionnaireVersionDetail> {
      const done = await db.transaction(async (tx) => {
        const { r, questionnaire, row, newest } = await lockedDraft(tx, storefrontId, questionnaireId, versionId);
        if (!row.signedOffAt) throw refuse(409, 'QUESTIONNAIRE_SIGN_OFF_REQUIRED');
        const at = now();
        const saved = await r.updateVersion(row.id, { publishedAt: at, publishedBy: actor.userId });
        await r.touchQuestionnaire(questionnaire.id, at);
        const before = auditRecord(row, newest);
        const after = auditRecord(saved, saved.version);
        await recordChange(tx, actor, 'questionnaire.published', storefrontId, row.id, { ...before, replaces: newest }, { ...after, replaces: newest });
        return { q: questionnaire, row: saved };
      });
      return detail(done.q, done.row);
    },

    // ---- The doctor's side: drafts awaiting sign-off in the storefronts the doctor serves ----

    async awaitingSignOff(
      storefronts: { id: string; name: string }[],
      query: AdminPageQuery,
    ): Promise<AdminPage<DoctorQuestionnaireDraft>> {
      const ids = storefronts.map((s) => s.id);
      const [total, rows] = await Promise.all([
        repo.countAwaitingSignOff(ids),
        repo.awaitingSignOff(ids, query.pageSize, pageOffset(query)),
      ]);
      const items: DoctorQuestionnaireDraft[] = [];
      for (const { version: v, questionnaire: q } of rows) {
        const previous = await repo.previousVersion(q.id, v.version);
        items.push({
          versionId: v.id,
          questionnaireId: q.id,
          storefrontName: storefronts.find((s) => s.id === q.storefrontId)?.name ?? '',
          title: q.title,
          slug: q.slug,
          version: v.version,
          changeNote: v.changeNote,
          summary: definitionSummary(v.definition),
          changes: previous ? definitionChanges(previous.definition, v.definition) : null,
          signOffRequestedAt: v.signOffRequestedAt!.toISOString(),
        });
      }
      return { items, total, page: query.page, pageSize: query.pageSize };
    },

    /** A draft for a doctor who serves its storefront (else 404), to read before signing off. */
    async draftForDoctor(storefrontIds: string[], versionId: string): Promise<AdminQuestionnaireVersionDetail> {
      const row = await repo.versionById(versionId);
      const q = row ? await repo.questionnaireById(row.questionnaireId) : null;
      if (!row || !q || !storefrontIds.includes(q.storefrontId) || row.publishedAt) throw notFound();
      return detail(q, row);
    },

    /**
     * A doctor who serves the storefront signs off the draft they read: `definitionHash` must be the
     * draft's current one (409 when it was edited since). 404 for a doctor who does not serve it.
     */
    async signOff(actor: Actor, storefrontIds: string[], versionId: string, hash: string): Promise<AdminQuestionnaireVersionDetail> {
      const done = await db.transaction(async (tx) => {
        const r = createQuestionnaireAdminRepo(tx);
        const peek = await r.versionById(versionId);
        const q = peek ? await r.questionnaireById(peek.questionnaireId, true) : null;
        if (!peek || !q || !storefrontIds.includes(q.storefrontId)) throw notFound();
        const row = (await r.versionById(versionId))!;
        if (row.publishedAt) throw refuse(409, 'QUESTIONNAIRE_VERSION_PUBLISHED');
        if (!row.signOffRequestedAt) throw refuse(409, 'QUESTIONNAIRE_SIGN_OFF_NOT_REQUESTED');
        if (definitionHash(row.definition) !== hash) throw refuse(409, 'QUESTIONNAIRE_DRAFT_CHANGED');
        if (row.signedOffAt) return { q, row };
        const newest = (await r.publishedNumbers([q.id])).get(q.id) ?? null;
        const saved = await r.updateVersion(row.id, { signedOffAt: now(), signedOffBy: actor.userId });
        await recordChange(tx, actor, 'questionnaire.signed_off', q.storefrontId, row.id, auditRecord(row, newest), auditRecord(saved, newest));
        return { q, row: saved };
      });
      return detail(done.q, done.row);
    },
  };
}
export type QuestionnaireAdminService = ReturnType<typeof createQuestionnaireAdminService>;
