// What a patient sees and may send for a questionnaire (issue 8 "Branching", "Disqualification",
// "Answers are saved as the patient goes"). Pure functions over a validated definition and the
// answers so far; answers to questions that are not shown are ignored everywhere and dropped on save.
import { MESSAGES } from '../messages.ts';
import { MAX_NUMERIC_VALUE } from '../validation/fields.ts';
import type { Answers, Condition, Question, QuestionnaireDefinition } from './questionnaire.ts';
import { LIST_ANSWER_MAX_ITEMS, LIST_ITEM_MAX_LENGTH } from './questionnaire.ts';

export interface AnswerError {
  /** The question id, or `<id>.heightInches` / `<id>.weightPounds` for the two halves of a height-and-weight answer. */
  field: string;
  message: string;
}

export interface Disqualification {
  questionId: string;
  reason: string;
}

/** Height and weight a person can have (inches, pounds); outside these we ask again. */
export const HEIGHT_INCHES_RANGE = { min: 36, max: 96 } as const;
export const WEIGHT_POUNDS_RANGE = { min: 50, max: 1000 } as const;

/** Body mass index from inches and pounds (703 × lb / in²), to one decimal; null for impossible input. */
export function bmi(heightInches: number, weightPounds: number): number | null {
  if (!Number.isFinite(heightInches) || !Number.isFinite(weightPounds)) return null;
  if (heightInches <= 0 || weightPounds <= 0) return null;
  return Math.round(((703 * weightPounds) / (heightInches * heightInches)) * 10) / 10;
}

export function textTooLongMessage(maxLength: number): string {
  return `Please keep your answer to ${maxLength} characters or fewer.`;
}

export function numberRangeMessage(min: number | undefined, max: number | undefined): string {
  if (min !== undefined && max !== undefined) return `Please enter a number from ${min} to ${max}.`;
  if (min !== undefined) return `Please enter a number of at least ${min}.`;
  return `Please enter a number no larger than ${max ?? MAX_NUMERIC_VALUE}.`;
}

export function tooManyFilesMessage(maxFiles: number): string {
  return maxFiles === 1 ? 'Please upload one file only.' : `Please upload no more than ${maxFiles} files.`;
}

export const EXCLUSIVE_OPTION_MESSAGE = 'This answer cannot be combined with your other choices.';
export const LIST_TOO_LONG_MESSAGE = `Please list no more than ${LIST_ANSWER_MAX_ITEMS} entries.`;
export const LIST_ITEM_TOO_LONG_MESSAGE = `Please keep each entry to ${LIST_ITEM_MAX_LENGTH} characters or fewer.`;

// ---- Reading answers ----

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isIsoDate = (v: string): boolean => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
};

/** An answer counts as given unless it is missing, null, blank text or an empty list. */
function isBlank(question: Question, answer: unknown): boolean {
  if (answer === undefined || answer === null) return true;
  if (typeof answer === 'string') return answer.trim() === '';
  if (Array.isArray(answer)) return answer.length === 0;
  if (question.type === 'consent') return answer !== true;
  if (question.type === 'height_weight' && isRecord(answer)) {
    return answer.heightInches == null && answer.weightPounds == null;
  }
  if ((question.type === 'medications' || question.type === 'allergies') && isRecord(answer)) {
    return answer.none !== true && (!Array.isArray(answer.items) || answer.items.length === 0);
  }
  return false;
}

/** The value a condition compares, or undefined when it cannot be read. */
function comparable(question: Question, answer: unknown, field: string | undefined): unknown {
  if (answer === undefined || answer === null) return undefined;
  switch (question.type) {
    case 'height_weight': {
      if (!isRecord(answer)) return undefined;
      const h = answer.heightInches;
      const w = answer.weightPounds;
      if (field === 'heightInches') return typeof h === 'number' ? h : undefined;
      if (field === 'weightPounds') return typeof w === 'number' ? w : undefined;
      if (field === 'bmi' && typeof h === 'number' && typeof w === 'number') return bmi(h, w) ?? undefined;
      return undefined;
    }
    case 'medications':
      return isRecord(answer) && Array.isArray(answer.items)
        ? answer.items.map((i) => (isRecord(i) && typeof i.name === 'string' ? i.name.trim().toLowerCase() : ''))
        : undefined;
    case 'allergies':
      return isRecord(answer) && Array.isArray(answer.items)
        ? answer.items.map((i) => (typeof i === 'string' ? i.trim().toLowerCase() : ''))
        : undefined;
    default:
      return answer;
  }
}

/**
 * Whether a condition holds. A comparison with an unanswered or hidden question is false, whatever
 * the operator (so "not equals" never fires on a question the patient has not reached).
 */
export function evaluateCondition(
  condition: Condition,
  answers: Answers,
  questions: ReadonlyMap<string, Question>,
): boolean {
  if ('allOf' in condition) return condition.allOf.every((c) => evaluateCondition(c, answers, questions));
  if ('anyOf' in condition) return condition.anyOf.some((c) => evaluateCondition(c, answers, questions));
  const question = questions.get(condition.questionId);
  if (!question) return false;
  const value = comparable(question, answers[condition.questionId], condition.field);
  if (value === undefined || (typeof value === 'string' && value.trim() === '')) return false;
  switch (condition.op) {
    case 'equals':
      return !Array.isArray(value) && value === condition.value;
    case 'notEquals':
      return !Array.isArray(value) && value !== condition.value;
    case 'includes':
      return Array.isArray(value) && value.some((v) => String(v).toLowerCase() === condition.value.toLowerCase());
    case 'greaterThan':
      return typeof value === 'number' && value > condition.value;
    case 'lessThan':
      return typeof value === 'number' && value < condition.value;
  }
}

// ---- Visibility ----

function allQuestions(version: QuestionnaireDefinition): Question[] {
  return version.pages.flatMap((p) => p.questions);
}

/**
 * The questions shown for these answers, in order. A question's condition reads only earlier
 * questions that are themselves shown, so an answer left behind on a hidden branch changes nothing.
 */
export function visibleQuestions(version: QuestionnaireDefinition, answers: Answers): Question[] {
  const shown = new Map<string, Question>();
  const visible: Question[] = [];
  for (const question of allQuestions(version)) {
    if (!question.showIf || evaluateCondition(question.showIf, answers, shown)) {
      shown.set(question.id, question);
      visible.push(question);
    }
  }
  return visible;
}

/** The questions of one page that are shown for these answers. */
export function visibleQuestionsOnPage(
  version: QuestionnaireDefinition,
  pageIndex: number,
  answers: Answers,
): Question[] {
  const page = version.pages[pageIndex];
  if (!page) return [];
  const ids = new Set(page.questions.map((q) => q.id));
  return visibleQuestions(version, answers).filter((q) => ids.has(q.id));
}

/** Indexes of the pages that have at least one question shown; pages with none are skipped. */
export function visiblePageIndexes(version: QuestionnaireDefinition, answers: Answers): number[] {
  return version.pages.map((_, i) => i).filter((i) => visibleQuestionsOnPage(version, i, answers).length > 0);
}

/** The next page with questions shown after `pageIndex`, or null at the end. */
export function nextPageIndex(version: QuestionnaireDefinition, pageIndex: number, answers: Answers): number | null {
  return visiblePageIndexes(version, answers).find((i) => i > pageIndex) ?? null;
}

/** The page with questions shown before `pageIndex`, or null at the start. */
export function previousPageIndex(version: QuestionnaireDefinition, pageIndex: number, answers: Answers): number | null {
  const before = visiblePageIndexes(version, answers).filter((i) => i < pageIndex);
  return before.length > 0 ? before[before.length - 1]! : null;
}

// ---- Validation ----

function normaliseList(answer: unknown): { none: boolean; items: unknown[] } | null {
  if (!isRecord(answer)) return null;
  if (typeof answer.none !== 'boolean' && answer.none !== undefined) return null;
  if (answer.items !== undefined && !Array.isArray(answer.items)) return null;
  return { none: answer.none === true, items: (answer.items as unknown[] | undefined) ?? [] };
}

/** The errors of one answer; [] when it is acceptable (a blank optional answer is acceptable). */
export function validateAnswer(question: Question, answer: unknown, options: { today?: string } = {}): AnswerError[] {
  const error = (message: string, field: string = question.id): AnswerError[] => [{ field, message }];
  if (isBlank(question, answer)) {
    if (!question.required) return [];
    switch (question.type) {
      case 'multiple_choice':
        return error(MESSAGES.ANSWER_CHOOSE_AT_LEAST_ONE);
      case 'medications':
        return error(MESSAGES.MEDICATIONS_REQUIRED);
      case 'allergies':
        return error(MESSAGES.ALLERGIES_REQUIRED);
      case 'file_upload':
        return error(MESSAGES.ANSWER_UPLOAD_REQUIRED);
      case 'consent':
        return error(MESSAGES.CONSENT_REQUIRED);
      case 'height_weight':
        return [
          { field: `${question.id}.heightInches`, message: MESSAGES.HEIGHT_INVALID },
          { field: `${question.id}.weightPounds`, message: MESSAGES.WEIGHT_INVALID },
        ];
      default:
        return error(MESSAGES.ANSWER_REQUIRED);
    }
  }
  switch (question.type) {
    case 'single_choice':
      return typeof answer === 'string' && question.options.some((o) => o.value === answer)
        ? []
        : error(MESSAGES.ANSWER_CHOOSE_OPTION);
    case 'multiple_choice': {
      if (!Array.isArray(answer) || !answer.every((v) => typeof v === 'string')) return error(MESSAGES.ANSWER_CHOOSE_OPTION);
      const chosen = question.options.filter((o) => answer.includes(o.value));
      if (chosen.length !== new Set(answer).size) return error(MESSAGES.ANSWER_CHOOSE_OPTION);
      if (chosen.length > 1 && chosen.some((o) => o.exclusive)) return error(EXCLUSIVE_OPTION_MESSAGE);
      return [];
    }
    case 'text':
      if (typeof answer !== 'string') return error(MESSAGES.ANSWER_REQUIRED);
      return answer.trim().length > question.maxLength ? error(textTooLongMessage(question.maxLength)) : [];
    case 'number': {
      if (typeof answer !== 'number' || !Number.isFinite(answer)) return error(MESSAGES.ANSWER_NUMBER_INVALID);
      if (question.integer && !Number.isInteger(answer)) return error(MESSAGES.ANSWER_NUMBER_INVALID);
      // SPEC §9 "Maximum numeric value 99999999" applies to every number answer.
      if (answer > MAX_NUMERIC_VALUE) return error(MESSAGES.NUMBER_TOO_LARGE);
      if (answer < 0 && question.min === undefined) return error(MESSAGES.NUMBER_NEGATIVE);
      if ((question.min !== undefined && answer < question.min) || (question.max !== undefined && answer > question.max)) {
        return error(numberRangeMessage(question.min, question.max));
      }
      return [];
    }
    case 'date':
      if (typeof answer !== 'string' || !isIsoDate(answer)) return error(MESSAGES.ANSWER_DATE_INVALID);
      if (question.notInFuture && options.today && answer > options.today) return error(MESSAGES.ANSWER_DATE_IN_FUTURE);
      return [];
    case 'yes_no':
      return answer === 'yes' || answer === 'no' ? [] : error(MESSAGES.ANSWER_CHOOSE_OPTION);
    case 'height_weight': {
      const a = isRecord(answer) ? answer : {};
      const errors: AnswerError[] = [];
      const h = a.heightInches;
      const w = a.weightPounds;
      if (typeof h !== 'number' || !Number.isFinite(h) || h < HEIGHT_INCHES_RANGE.min || h > HEIGHT_INCHES_RANGE.max) {
        errors.push({ field: `${question.id}.heightInches`, message: MESSAGES.HEIGHT_INVALID });
      }
      if (typeof w !== 'number' || !Number.isFinite(w) || w < WEIGHT_POUNDS_RANGE.min || w > WEIGHT_POUNDS_RANGE.max) {
        errors.push({ field: `${question.id}.weightPounds`, message: MESSAGES.WEIGHT_INVALID });
      }
      return errors;
    }
    case 'medications':
    case 'allergies': {
      const list = normaliseList(answer);
      const required = question.type === 'medications' ? MESSAGES.MEDICATIONS_REQUIRED : MESSAGES.ALLERGIES_REQUIRED;
      if (!list) return error(required);
      // "None" and a list contradict each other: ask the patient to choose.
      if (list.none && list.items.length > 0) return error(required);
      if (list.items.length > LIST_ANSWER_MAX_ITEMS) return error(LIST_TOO_LONG_MESSAGE);
      for (const item of list.items) {
        const name = question.type === 'medications' ? (isRecord(item) ? item.name : undefined) : item;
        if (typeof name !== 'string' || name.trim() === '') return error(required);
        if (name.trim().length > LIST_ITEM_MAX_LENGTH) return error(LIST_ITEM_TOO_LONG_MESSAGE);
        if (question.type === 'medications' && isRecord(item) && typeof item.manual !== 'boolean') return error(required);
      }
      return [];
    }
    case 'file_upload':
      if (!Array.isArray(answer) || !answer.every((v) => typeof v === 'string' && v.length > 0)) {
        return error(MESSAGES.ANSWER_UPLOAD_REQUIRED);
      }
      return answer.length > question.maxFiles ? error(tooManyFilesMessage(question.maxFiles)) : [];
    case 'consent':
      return answer === true ? [] : error(MESSAGES.CONSENT_REQUIRED);
  }
}

/** Field errors of one page for these answers: only its shown questions are checked. */
export function validatePage(
  version: QuestionnaireDefinition,
  pageIndex: number,
  answers: Answers,
  options: { today?: string } = {},
): AnswerError[] {
  return visibleQuestionsOnPage(version, pageIndex, answers).flatMap((q) => validateAnswer(q, answers[q.id], options));
}

/** The first page (with questions shown) that still has errors, or null when every page is complete. */
export function firstIncompletePage(
  version: QuestionnaireDefinition,
  answers: Answers,
  options: { today?: string } = {},
): number | null {
  return visiblePageIndexes(version, answers).find((i) => validatePage(version, i, answers, options).length > 0) ?? null;
}

export function isComplete(version: QuestionnaireDefinition, answers: Answers, options: { today?: string } = {}): boolean {
  return firstIncompletePage(version, answers, options) === null;
}

// ---- Saving ----

/** Trims text, list entries and drops blank entries, so stored answers are tidy. */
function tidy(question: Question, answer: unknown): unknown {
  if (typeof answer === 'string') return answer.trim();
  if ((question.type === 'medications' || question.type === 'allergies') && isRecord(answer)) {
    const list = normaliseList(answer);
    if (!list) return answer;
    if (question.type === 'allergies') {
      return { none: list.none, items: list.items.map((i) => (typeof i === 'string' ? i.trim() : i)) };
    }
    return {
      none: list.none,
      items: list.items.map((i) => (isRecord(i) && typeof i.name === 'string' ? { name: i.name.trim(), manual: i.manual } : i)),
    };
  }
  if (question.type === 'height_weight' && isRecord(answer)) {
    return { heightInches: answer.heightInches, weightPounds: answer.weightPounds };
  }
  return answer;
}

/**
 * The answers worth keeping: those of shown questions, tidied, and none that are blank. Answers
 * to hidden or unknown questions are dropped (issue 8: hidden questions' answers are ignored).
 */
export function pruneAnswers(version: QuestionnaireDefinition, answers: Answers): Answers {
  const byId = new Map(allQuestions(version).map((q) => [q.id, q] as const));
  const pruneOnce = (input: Answers): Answers => {
    const tidied: Answers = {};
    for (const [id, answer] of Object.entries(input)) {
      const question = byId.get(id);
      if (question && !isBlank(question, answer)) tidied[id] = tidy(question, answer);
    }
    const kept: Answers = {};
    for (const question of visibleQuestions(version, tidied)) {
      if (question.id in tidied) kept[question.id] = tidied[question.id];
    }
    return kept;
  };
  // Dropping an answer can hide a later question; repeat until nothing more is dropped.
  let current = pruneOnce(answers);
  for (;;) {
    const next = pruneOnce(current);
    if (Object.keys(next).length === Object.keys(current).length) return next;
    current = next;
  }
}

/**
 * Replaces one page's answers: the page's questions take the values given (a question left out is
 * cleared), the other pages keep theirs, and hidden answers are dropped.
 */
export function mergePageAnswers(
  version: QuestionnaireDefinition,
  pageIndex: number,
  saved: Answers,
  pageAnswers: Answers,
): Answers {
  const page = version.pages[pageIndex];
  if (!page) return pruneAnswers(version, saved);
  const merged: Answers = { ...saved };
  for (const question of page.questions) {
    if (question.id in pageAnswers) merged[question.id] = pageAnswers[question.id];
    else delete merged[question.id];
  }
  return pruneAnswers(version, merged);
}

// ---- Disqualification ----

/**
 * The first disqualifying answer among the shown questions, in question order, with the operator's
 * reason; null when nothing disqualifies. Checked per question: its disqualifying options, its
 * yes/no answer, then its rules (which may read any shown answer, e.g. BMI with conditions) once the
 * question itself has an answer.
 */
export function disqualification(version: QuestionnaireDefinition, answers: Answers): Disqualification | null {
  const visible = visibleQuestions(version, answers);
  const shown = new Map(visible.map((q) => [q.id, q] as const));
  for (const question of visible) {
    const answer = answers[question.id];
    if (question.type === 'single_choice') {
      const option = question.options.find((o) => o.value === answer);
      if (option?.disqualifies && option.disqualifyReason) return { questionId: question.id, reason: option.disqualifyReason };
    }
    if (question.type === 'multiple_choice' && Array.isArray(answer)) {
      const option = question.options.find((o) => o.disqualifies && answer.includes(o.value));
      if (option?.disqualifyReason) return { questionId: question.id, reason: option.disqualifyReason };
    }
    if (question.type === 'yes_no' && question.disqualifiesOn && answer === question.disqualifiesOn && question.disqualifyReason) {
      return { questionId: question.id, reason: question.disqualifyReason };
    }
    // A question's rules apply once it is answered, so a patient is never stopped by a question not reached yet.
    if (isBlank(question, answer)) continue;
    for (const rule of question.disqualifyIf ?? []) {
      if (evaluateCondition(rule.when, answers, shown)) return { questionId: question.id, reason: rule.reason };
    }
  }
  return null;
}
