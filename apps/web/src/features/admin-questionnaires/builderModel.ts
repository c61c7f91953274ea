// The questionnaire builder's edits as pure functions over a definition (issue 18): pages and
// questions added, renamed, moved and removed, a question of any type with sensible defaults and a
// unique id, and show-if conditions as the editor shows them (all-of / any-of over rows of
// question + operator + value). The definition is checked by the domain's schema before it is sent.
import type {
  Condition,
  ConditionField,
  LeafCondition,
  QuestionnaireDefinitionInput,
  QuestionType,
} from '@store/domain';

export type Draft = QuestionnaireDefinitionInput;
export type DraftPage = Draft['pages'][number];
export type DraftQuestion = DraftPage['questions'][number];

export const QUESTION_TYPE_LABELS: Record<QuestionType, string> = {
  single_choice: 'Single choice',
  multiple_choice: 'Multiple choice',
  text: 'Text',
  number: 'Number',
  date: 'Date',
  yes_no: 'Yes / no',
  height_weight: 'Height and weight (BMI)',
  medications: 'Medication list',
  allergies: 'Allergies',
  file_upload: 'File upload',
  consent: 'Consent',
};

export function allQuestionIds(draft: Draft): string[] {
  return draft.pages.flatMap((p) => p.questions.map((q) => q.id));
}

/** `base`, or `base_2`, `base_3`… whichever is not taken. */
export function uniqueId(draft: Draft, base: string): string {
  const taken = new Set(allQuestionIds(draft));
  const clean = base.toLowerCase().replace(/[^a-z0-9_]/g, '_').replace(/^[^a-z]+/, '') || 'question';
  if (!taken.has(clean)) return clean;
  for (let n = 2; ; n += 1) if (!taken.has(`${clean}_${n}`)) return `${clean}_${n}`;
}

export function newQuestion(draft: Draft, type: QuestionType): DraftQuestion {
  const id = uniqueId(draft, type === 'height_weight' ? 'height_weight' : `${type}_question`);
  const label = `New ${QUESTION_TYPE_LABELS[type].toLowerCase()} question`;
  switch (type) {
    case 'single_choice':
    case 'multiple_choice':
      return { id, type, label, required: true, options: [{ value: 'option_1', label: 'Option 1' }, { value: 'option_2', label: 'Option 2' }] };
    case 'text':
      return { id, type, label, required: true, maxLength: 1000 };
    case 'file_upload':
      return { id, type, label, required: true, maxFiles: 1 };
    case 'consent':
      return { id, type, label: 'Consent', required: true, statement: 'I confirm that my answers are true and complete.' };
    default:
      return { id, type, label, required: true } as DraftQuestion;
  }
}

function move<T>(list: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length || from === to) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

export function addPage(draft: Draft): Draft {
  const question = newQuestion(draft, 'text');
  return { ...draft, pages: [...draft.pages, { title: `Page ${draft.pages.length + 1}`, questions: [question] }] };
}
export function updatePage(draft: Draft, p: number, patch: Partial<Omit<DraftPage, 'questions'>>): Draft {
  return { ...draft, pages: draft.pages.map((page, i) => (i === p ? { ...page, ...patch } : page)) };
}
export function movePage(draft: Draft, p: number, to: number): Draft {
  return { ...draft, pages: move(draft.pages, p, to) };
}
export function removePage(draft: Draft, p: number): Draft {
  return { ...draft, pages: draft.pages.filter((_, i) => i !== p) };
}
export function addQuestion(draft: Draft, p: number, type: QuestionType): Draft {
  const question = newQuestion(draft, type);
  return { ...draft, pages: draft.pages.map((page, i) => (i === p ? { ...page, questions: [...page.questions, question] } : page)) };
}
export function updateQuestion(draft: Draft, p: number, q: number, next: DraftQuestion): Draft {
  return {
    ...draft,
    pages: draft.pages.map((page, i) => (i === p ? { ...page, questions: page.questions.map((x, j) => (j === q ? next : x)) } : page)),
  };
}
export function moveQuestion(draft: Draft, p: number, q: number, to: number): Draft {
  return { ...draft, pages: draft.pages.map((page, i) => (i === p ? { ...page, questions: move(page.questions, q, to) } : page)) };
}
export function removeQuestion(draft: Draft, p: number, q: number): Draft {
  return { ...draft, pages: draft.pages.map((page, i) => (i === p ? { ...page, questions: page.questions.filter((_, j) => j !== q) } : page)) };
}

/** Questions before (page p, question q), which a show-if condition may read. */
export function earlierQuestions(draft: Draft, p: number, q: number): DraftQuestion[] {
  const before: DraftQuestion[] = [];
  draft.pages.forEach((page, i) =>
    page.questions.forEach((question, j) => {
      if (i < p || (i === p && j < q)) before.push(question);
    }),
  );
  return before;
}

// ---- Conditions as the editor shows them ----

export type ConditionOp = LeafCondition['op'];
export const CONDITION_OPS: { value: ConditionOp; label: string }[] = [
  { value: 'equals', label: 'is' },
  { value: 'notEquals', label: 'is not' },
  { value: 'includes', label: 'includes' },
  { value: 'greaterThan', label: 'is more than' },
  { value: 'lessThan', label: 'is less than' },
];
export const CONDITION_FIELD_LABELS: Record<ConditionField, string> = { bmi: 'BMI', heightInches: 'height (inches)', weightPounds: 'weight (pounds)' };

export interface ConditionRow {
  questionId: string;
  field: ConditionField | '';
  op: ConditionOp;
  /** As typed; a number for number and height/weight questions. */
  value: string;
}
export interface EditableCondition {
  mode: 'allOf' | 'anyOf';
  rows: ConditionRow[];
}

function leafToRow(leaf: LeafCondition): ConditionRow {
  return { questionId: leaf.questionId, field: leaf.field ?? '', op: leaf.op, value: String(leaf.value) };
}

/**
 * A stored condition as rows. One level of all-of / any-of is editable; a deeper condition (written
 * by hand or by an older tool) answers null, and the editor shows it read-only.
 */
export function toEditable(condition: Condition | undefined): EditableCondition | null {
  if (!condition) return { mode: 'allOf', rows: [] };
  if ('allOf' in condition || 'anyOf' in condition) {
    const mode = 'allOf' in condition ? 'allOf' : 'anyOf';
    const list = 'allOf' in condition ? condition.allOf : condition.anyOf;
    if (list.some((c) => 'allOf' in c || 'anyOf' in c)) return null;
    return { mode, rows: (list as LeafCondition[]).map(leafToRow) };
  }
  return { mode: 'allOf', rows: [leafToRow(condition)] };
}

/** The value a row compares, typed for the question it reads. */
function typedValue(row: ConditionRow, target: DraftQuestion | undefined): string | number | boolean {
  const numeric = row.op === 'greaterThan' || row.op === 'lessThan' || target?.type === 'number' || target?.type === 'height_weight';
  if (numeric && row.value.trim() !== '' && Number.isFinite(Number(row.value))) return Number(row.value);
  if (target?.type === 'consent' && (row.value === 'true' || row.value === 'false')) return row.value === 'true';
  return row.value;
}

/** Rows back to a stored condition (undefined when there are none). */
export function fromEditable(editable: EditableCondition, draft: Draft): Condition | undefined {
  const byId = new Map(draft.pages.flatMap((p) => p.questions).map((q) => [q.id, q] as const));
  const leaves = editable.rows.map((row) => {
    const target = byId.get(row.questionId);
    const leaf = { questionId: row.questionId, op: row.op, value: typedValue(row, target) } as LeafCondition;
    return row.field ? ({ ...leaf, field: row.field } as LeafCondition) : leaf;
  });
  if (leaves.length === 0) return undefined;
  if (leaves.length === 1) return leaves[0];
  return editable.mode === 'allOf' ? { allOf: leaves } : { anyOf: leaves };
}

/** The answers a row may compare with, for a question that has a fixed set of them. */
export function answerChoices(question: DraftQuestion | undefined): { value: string; label: string }[] | null {
  if (!question) return null;
  if (question.type === 'single_choice' || question.type === 'multiple_choice') return question.options.map((o) => ({ value: o.value, label: o.label }));
  if (question.type === 'yes_no') return [{ value: 'yes', label: 'Yes' }, { value: 'no', label: 'No' }];
  return null;
}

/** Removes the questions' show-if rows that read `questionId` (when that question is removed). */
export function conditionsWithout(condition: Condition | undefined, questionId: string): Condition | undefined {
  if (!condition) return undefined;
  if ('allOf' in condition || 'anyOf' in condition) {
    const list = ('allOf' in condition ? condition.allOf : condition.anyOf)
      .map((c) => conditionsWithout(c, questionId))
      .filter((c): c is Condition => Boolean(c));
    if (list.length === 0) return undefined;
    if (list.length === 1) return list[0];
    return 'allOf' in condition ? { allOf: list } : { anyOf: list };
  }
  return condition.questionId === questionId ? undefined : condition;
}
