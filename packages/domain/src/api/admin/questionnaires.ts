// issue 18: the operator's console, questionnaires. A questionnaire's versions go draft → awaiting
// sign-off → signed off (by a doctor who serves the storefront) → published; the newest published
// version is what new consults get, and a published version is never edited again (a consult may use
// it). Editing a draft clears its sign-off request and sign-off, so a doctor signs what is published.
import { z } from 'zod';
import type { Condition, QuestionnaireDefinition, QuestionnaireDefinitionInput } from '../../consult/questionnaire.ts';
import { conditionQuestionIds, questionnaireDefinitionSchema } from '../../consult/questionnaire.ts';
import { adminPageSchema } from './common.ts';

export const QUESTIONNAIRE_VERSION_STATUSES = ['draft', 'awaiting_sign_off', 'signed_off', 'published', 'superseded'] as const;
export type QuestionnaireVersionStatus = (typeof QUESTIONNAIRE_VERSION_STATUSES)[number];

export const QUESTIONNAIRE_STATUS_LABELS: Record<QuestionnaireVersionStatus, string> = {
  draft: 'Draft',
  awaiting_sign_off: 'Awaiting sign-off',
  signed_off: 'Signed off',
  published: 'Published',
  superseded: 'Superseded',
};

/** What the console's questionnaire routes answer in words (problem+json `detail`). */
export const QUESTIONNAIRE_ADMIN_MESSAGES = {
  QUESTIONNAIRE_SLUG_TAKEN: 'Another questionnaire of this storefront already uses this slug.',
  QUESTIONNAIRE_VERSION_PUBLISHED: 'This version is published and can no longer be changed. Make a new draft instead.',
  QUESTIONNAIRE_DRAFT_EXISTS: 'This questionnaire already has a draft. Edit that draft, or publish it first.',
  QUESTIONNAIRE_NOT_A_DRAFT: 'Only a draft can be changed, signed off or published.',
  QUESTIONNAIRE_SIGN_OFF_REQUIRED: 'A doctor must sign off this draft before it can be published.',
  QUESTIONNAIRE_SIGN_OFF_NOT_REQUESTED: 'The operator has not asked for a sign-off of this draft yet.',
  QUESTIONNAIRE_DRAFT_CHANGED: 'The draft was changed since you opened it. Read it again before signing off.',
} as const;

/** A questionnaire's slug: what products refer to (products.questionnaire_ref). */
export const questionnaireSlugSchema = z
  .string()
  .trim()
  .min(1, 'Enter a slug.')
  .max(64, 'Use at most 64 characters.')
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lower-case letters, digits and single hyphens (e.g. weight-care-intake).');

export const adminQuestionnaireCreateSchema = z
  .object({
    title: z.string().trim().min(1, 'Enter a title.').max(200, 'Use at most 200 characters.'),
    slug: questionnaireSlugSchema,
  })
  .meta({ id: 'AdminQuestionnaireCreate' });
export type AdminQuestionnaireCreate = z.infer<typeof adminQuestionnaireCreateSchema>;

export const adminPersonSchema = z.object({ id: z.uuid(), name: z.string() });
export type AdminPerson = z.infer<typeof adminPersonSchema>;

export const adminQuestionnaireSummarySchema = z
  .object({
    id: z.uuid(),
    storefrontId: z.uuid(),
    slug: z.string(),
    title: z.string(),
    /** The version new consults get (null: none published yet). */
    publishedVersion: z.number().int().nullable(),
    latest: z.object({ id: z.uuid(), version: z.number().int(), status: z.enum(QUESTIONNAIRE_VERSION_STATUSES) }).nullable(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'AdminQuestionnaireSummary' });
export type AdminQuestionnaireSummary = z.infer<typeof adminQuestionnaireSummarySchema>;
export const adminQuestionnaireListSchema = adminPageSchema(adminQuestionnaireSummarySchema, 'AdminQuestionnaireList');

/** A definition in numbers (the audit log and the versions list keep this, not the whole JSON). */
export const definitionSummarySchema = z.object({ pages: z.number().int(), questions: z.number().int() });
export type DefinitionSummary = z.infer<typeof definitionSummarySchema>;

/** Question ids added, removed and changed since the previous version (null for the first). */
export const definitionChangesSchema = z.object({
  added: z.array(z.string()),
  removed: z.array(z.string()),
  changed: z.array(z.string()),
  /** Pages added (+) or removed (−). */
  pagesDelta: z.number().int(),
});
export type DefinitionChanges = z.infer<typeof definitionChangesSchema>;

export const adminQuestionnaireVersionSchema = z
  .object({
    id: z.uuid(),
    questionnaireId: z.uuid(),
    version: z.number().int(),
    status: z.enum(QUESTIONNAIRE_VERSION_STATUSES),
    changeNote: z.string(),
    summary: definitionSummarySchema,
    changes: definitionChangesSchema.nullable(),
    createdAt: z.iso.datetime(),
    createdBy: adminPersonSchema.nullable(),
    signOffRequestedAt: z.iso.datetime().nullable(),
    signedOffAt: z.iso.datetime().nullable(),
    signedOffBy: adminPersonSchema.nullable(),
    publishedAt: z.iso.datetime().nullable(),
    publishedBy: adminPersonSchema.nullable(),
    /** Consults made with this version (a version in use is frozen). */
    consults: z.number().int(),
  })
  .meta({ id: 'AdminQuestionnaireVersion' });
export type AdminQuestionnaireVersion = z.infer<typeof adminQuestionnaireVersionSchema>;
export const adminQuestionnaireVersionListSchema = adminPageSchema(adminQuestionnaireVersionSchema, 'AdminQuestionnaireVersionList');

/** One version with its definition, and a hash a doctor's sign-off names (what they read is what they sign). */
export const adminQuestionnaireVersionDetailSchema = adminQuestionnaireVersionSchema
  .extend({
    questionnaire: z.object({ id: z.uuid(), storefrontId: z.uuid(), slug: z.string(), title: z.string() }),
    definition: z.custom<QuestionnaireDefinition>((v) => typeof v === 'object' && v !== null),
    definitionHash: z.string(),
  })
  .meta({ id: 'AdminQuestionnaireVersionDetail' });
export type AdminQuestionnaireVersionDetail = z.infer<typeof adminQuestionnaireVersionDetailSchema>;

/** PUT a draft: its definition (checked by questionnaireDefinitionSchema, see definitionIssues) and the change note. */
export const adminDraftUpdateSchema = z
  .object({
    definition: z.custom<QuestionnaireDefinitionInput>((v) => typeof v === 'object' && v !== null && !Array.isArray(v), {
      error: 'Send the questionnaire definition as an object.',
    }),
    changeNote: z.string().trim().max(500, 'Use at most 500 characters.').default(''),
  })
  .meta({ id: 'AdminQuestionnaireDraftUpdate' });
export type AdminDraftUpdate = z.input<typeof adminDraftUpdateSchema>;

export const doctorSignOffSchema = z.object({ definitionHash: z.string().min(1).max(128) }).meta({ id: 'DoctorQuestionnaireSignOff' });

/** A draft a doctor is asked to sign off (the doctor's area). */
export const doctorQuestionnaireDraftSchema = z
  .object({
    versionId: z.uuid(),
    questionnaireId: z.uuid(),
    storefrontName: z.string(),
    title: z.string(),
    slug: z.string(),
    version: z.number().int(),
    changeNote: z.string(),
    summary: definitionSummarySchema,
    changes: definitionChangesSchema.nullable(),
    signOffRequestedAt: z.iso.datetime(),
  })
  .meta({ id: 'DoctorQuestionnaireDraft' });
export type DoctorQuestionnaireDraft = z.infer<typeof doctorQuestionnaireDraftSchema>;
export const doctorQuestionnaireDraftListSchema = adminPageSchema(doctorQuestionnaireDraftSchema, 'DoctorQuestionnaireDraftList');

// ---- Pure helpers shared by server and web ----

export function definitionSummary(definition: Pick<QuestionnaireDefinitionInput, 'pages'>): DefinitionSummary {
  return { pages: definition.pages.length, questions: definition.pages.reduce((n, p) => n + p.questions.length, 0) };
}

/** Which questions were added, removed or changed between two definitions. */
export function definitionChanges(previous: QuestionnaireDefinitionInput, next: QuestionnaireDefinitionInput): DefinitionChanges {
  const index = (d: QuestionnaireDefinitionInput) =>
    new Map(d.pages.flatMap((p, pageIndex) => p.questions.map((q) => [q.id, JSON.stringify({ ...q, pageIndex })] as const)));
  const before = index(previous);
  const after = index(next);
  return {
    added: [...after.keys()].filter((id) => !before.has(id)),
    removed: [...before.keys()].filter((id) => !after.has(id)),
    changed: [...after.keys()].filter((id) => before.has(id) && before.get(id) !== after.get(id)),
    pagesDelta: next.pages.length - previous.pages.length,
  };
}

/** "2 added (a, b), 1 changed (c)" or "No question changes". */
export function describeChanges(changes: DefinitionChanges | null): string {
  if (!changes) return 'First version';
  const parts: string[] = [];
  const list = (ids: string[]) => (ids.length > 3 ? `${ids.slice(0, 3).join(', ')}…` : ids.join(', '));
  if (changes.added.length) parts.push(`${changes.added.length} added (${list(changes.added)})`);
  if (changes.removed.length) parts.push(`${changes.removed.length} removed (${list(changes.removed)})`);
  if (changes.changed.length) parts.push(`${changes.changed.length} changed (${list(changes.changed)})`);
  if (changes.pagesDelta) parts.push(`${changes.pagesDelta > 0 ? '+' : ''}${changes.pagesDelta} page${Math.abs(changes.pagesDelta) === 1 ? '' : 's'}`);
  return parts.length ? parts.join(', ') : 'No question changes';
}

export interface DefinitionIssue {
  /** The path in the definition, e.g. `pages.0.questions.2.label`. */
  field: string;
  /** Names the page and question at fault: `Page 1 "About you", question 3 "weight": label: …`. */
  message: string;
}

const FIELD_WORDS: Record<string, string> = {
  label: 'the question text',
  help: 'the help text',
  title: 'the title',
  description: 'the description',
  options: 'the answers',
  value: 'the stored value',
  disqualifyReason: 'the message shown when it disqualifies',
  showIf: 'the show-if condition',
  disqualifyIf: 'a disqualifying rule',
  statement: 'the consent statement',
  id: 'the question id',
  min: 'the minimum',
  max: 'the maximum',
  maxLength: 'the maximum length',
  maxFiles: 'the number of files',
  unit: 'the unit',
  questions: 'the questions',
  pages: 'the pages',
  introduction: 'the introduction',
};

function describeZodMessage(issue: z.core.$ZodIssue): string {
  if (issue.code === 'too_small') {
    if (issue.origin === 'string') return 'cannot be empty';
    if (issue.origin === 'array') return `needs at least ${String(issue.minimum)}`;
  }
  if (issue.code === 'too_big') {
    if (issue.origin === 'string') return `is too long (at most ${String(issue.maximum)} characters)`;
    if (issue.origin === 'array') return `has too many (at most ${String(issue.maximum)})`;
  }
  if (issue.code === 'invalid_type' && issue.input === undefined) return 'is missing';
  return issue.message;
}

/**
 * The definition's problems in words that name the page and question at fault (the builder shows
 * them beside the question; the server answers them as the 400's errors). Empty when it is valid.
 */
export function definitionIssues(input: unknown): DefinitionIssue[] {
  const parsed = questionnaireDefinitionSchema.safeParse(input);
  if (parsed.success) return [];
  const definition = (typeof input === 'object' && input !== null ? input : {}) as Partial<QuestionnaireDefinitionInput>;
  const seen = new Set<string>();
  const issues: DefinitionIssue[] = [];
  for (const issue of parsed.error.issues) {
    const path = issue.path.map(String);
    let where = 'The questionnaire';
    let rest = path;
    if (path[0] === 'pages' && path[1] !== undefined) {
      const p = Number(path[1]);
      const page = definition.pages?.[p];
      where = `Page ${p + 1}${page?.title ? ` "${page.title}"` : ''}`;
      rest = path.slice(2);
      if (rest[0] === 'questions' && rest[1] !== undefined) {
        const q = Number(rest[1]);
        const question = page?.questions?.[q];
        where += `, question ${q + 1}${question?.id ? ` "${question.id}"` : ''}`;
        rest = rest.slice(2);
        if (rest[0] === 'options' && rest[1] !== undefined) {
          where += `, answer ${Number(rest[1]) + 1}`;
          rest = rest.slice(2);
        }
      }
    }
    const named = rest.find((part) => FIELD_WORDS[part]);
    const message = `${where}: ${named ? `${FIELD_WORDS[named]} ` : ''}${describeZodMessage(issue)}`;
    const field = path.join('.');
    const key = `${field}\u0000${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    issues.push({ field, message });
  }
  return issues;
}

/** Question ids the definition's conditions refer to (for the builder's "used by" warnings). */
export function conditionsReferring(definition: QuestionnaireDefinitionInput, questionId: string): string[] {
  const users: string[] = [];
  for (const page of definition.pages) {
    for (const q of page.questions) {
      const conditions = [...(q.showIf ? [q.showIf] : []), ...(q.disqualifyIf ?? []).map((r) => r.when)] as Condition[];
      if (conditions.some((c) => conditionQuestionIds(c).includes(questionId))) users.push(q.id);
    }
  }
  return users;
}
