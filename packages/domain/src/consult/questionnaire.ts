// A consult questionnaire as data (issue 8 "Questionnaires are data (stored, versioned, attached to
// products), not code"): pages of questions, branching conditions on earlier answers, and answers an
// operator marks as disqualifying with their own explanation. The server stores one definition per
// questionnaire version as JSON validated by `questionnaireDefinitionSchema`.
import { z } from 'zod';
import { MAX_NUMERIC_VALUE } from '../validation/fields.ts';

export const QUESTION_TYPES = [
  'single_choice',
  'multiple_choice',
  'text',
  'number',
  'date',
  'yes_no',
  'height_weight',
  'medications',
  'allergies',
  'file_upload',
  'consent',
] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

/** Longest free-text answer a question may allow. */
export const TEXT_ANSWER_MAX_LENGTH = 5000;
/** Most files one upload question may take. */
export const UPLOADS_PER_QUESTION_MAX = 5;
/** Most entries in a medication or allergy list. */
export const LIST_ANSWER_MAX_ITEMS = 50;
/** Longest medication or allergy name. */
export const LIST_ITEM_MAX_LENGTH = 200;

/** Question ids are short identifiers, used as answer keys and in conditions. */
const idSchema = z
  .string()
  .regex(/^[a-z][a-z0-9_]{0,63}$/, 'must be lower-case letters, digits or _ and start with a letter');

/** Operator-written text shown to patients. */
const textSchema = z.string().trim().min(1).max(2000);

// ---- Conditions (branching and rules) ----

/** The part of a height-and-weight answer a condition compares. */
export const CONDITION_FIELDS = ['bmi', 'heightInches', 'weightPounds'] as const;
export type ConditionField = (typeof CONDITION_FIELDS)[number];

export type LeafCondition =
  | { questionId: string; field?: ConditionField; op: 'equals' | 'notEquals'; value: string | number | boolean }
  | { questionId: string; field?: ConditionField; op: 'includes'; value: string }
  | { questionId: string; field?: ConditionField; op: 'greaterThan' | 'lessThan'; value: number };

export type Condition = LeafCondition | { allOf: Condition[] } | { anyOf: Condition[] };

const leafBase = { questionId: idSchema, field: z.enum(CONDITION_FIELDS).optional() };

const leafConditionSchema = z.union([
  z.strictObject({ ...leafBase, op: z.enum(['equals', 'notEquals']), value: z.union([z.string(), z.number(), z.boolean()]) }),
  z.strictObject({ ...leafBase, op: z.literal('includes'), value: z.string().min(1) }),
  z.strictObject({ ...leafBase, op: z.enum(['greaterThan', 'lessThan']), value: z.number().finite() }),
]);

export const conditionSchema: z.ZodType<Condition> = z.lazy(() =>
  z.union([
    leafConditionSchema,
    z.strictObject({ allOf: z.array(conditionSchema).min(1) }),
    z.strictObject({ anyOf: z.array(conditionSchema).min(1) }),
  ]),
);

/** Every question id a condition reads. */
export function conditionQuestionIds(condition: Condition): string[] {
  if ('allOf' in condition) return condition.allOf.flatMap(conditionQuestionIds);
  if ('anyOf' in condition) return condition.anyOf.flatMap(conditionQuestionIds);
  return [condition.questionId];
}

// ---- Questions ----

/** An answer that disqualifies carries the operator's explanation and what to do instead. */
const optionSchema = z
  .strictObject({
    value: z.string().trim().min(1).max(100),
    label: textSchema,
    /** Choosing it ends the consult: the patient is sent to /disqualified with disqualifyReason. */
    disqualifies: z.boolean().optional(),
    disqualifyReason: textSchema.optional(),
    /** A "None of these" answer: it cannot be combined with other answers (multiple choice). */
    exclusive: z.boolean().optional(),
  })
  .refine((o) => !o.disqualifies || Boolean(o.disqualifyReason), {
    message: 'a disqualifying answer needs a disqualifyReason',
    path: ['disqualifyReason'],
  });
export type QuestionOption = z.infer<typeof optionSchema>;

/** A rule over any answers (e.g. BMI under 27), checked when its question is shown. */
const disqualifyRuleSchema = z.strictObject({ when: conditionSchema, reason: textSchema });
export type DisqualifyRule = z.infer<typeof disqualifyRuleSchema>;

const base = {
  id: idSchema,
  label: textSchema,
  help: textSchema.optional(),
  required: z.boolean().default(true),
  /** Shown only when earlier answers match (issue 8 "Branching"). */
  showIf: conditionSchema.optional(),
  disqualifyIf: z.array(disqualifyRuleSchema).optional(),
};

const choiceOptions = z.array(optionSchema).min(2).max(50);

export const questionSchema = z.discriminatedUnion('type', [
  z.strictObject({ ...base, type: z.literal('single_choice'), options: choiceOptions }),
  z.strictObject({ ...base, type: z.literal('multiple_choice'), options: choiceOptions }),
  z.strictObject({
    ...base,
    type: z.literal('text'),
    multiline: z.boolean().optional(),
    maxLength: z.number().int().min(1).max(TEXT_ANSWER_MAX_LENGTH).default(1000),
  }),
  z.strictObject({
    ...base,
    type: z.literal('number'),
    // SPEC §9 "Maximum numeric value 99999999" bounds every number question.
    min: z.number().finite().min(0).max(MAX_NUMERIC_VALUE).optional(),
    max: z.number().finite().min(0).max(MAX_NUMERIC_VALUE).optional(),
    integer: z.boolean().optional(),
    unit: z.string().trim().min(1).max(30).optional(),
  }),
  z.strictObject({
    ...base,
    type: z.literal('date'),
    /** Refuse dates after today (the caller passes today; see validatePage). */
    notInFuture: z.boolean().optional(),
  }),
  z.strictObject({
    ...base,
    type: z.literal('yes_no'),
    /** The answer that disqualifies, with the operator's explanation. */
    disqualifiesOn: z.enum(['yes', 'no']).optional(),
    disqualifyReason: textSchema.optional(),
  }),
  z.strictObject({ ...base, type: z.literal('height_weight') }),
  z.strictObject({ ...base, type: z.literal('medications') }),
  z.strictObject({ ...base, type: z.literal('allergies') }),
  z.strictObject({
    ...base,
    type: z.literal('file_upload'),
    maxFiles: z.number().int().min(1).max(UPLOADS_PER_QUESTION_MAX).default(1),
    /** Offer the device camera (the `capture` attribute) for photos. */
    camera: z.boolean().optional(),
  }),
  z.strictObject({
    ...base,
    type: z.literal('consent'),
    /** The statement the patient agrees to by checking the box. */
    statement: z.string().trim().min(1).max(5000),
  }),
]);
export type Question = z.infer<typeof questionSchema>;
export type QuestionOf<T extends QuestionType> = Extract<Question, { type: T }>;

const pageSchema = z.strictObject({
  title: textSchema,
  description: textSchema.optional(),
  questions: z.array(questionSchema).min(1).max(60),
});
export type QuestionnairePage = z.infer<typeof pageSchema>;

function valuesOf(question: Question): string[] | null {
  if (question.type === 'single_choice' || question.type === 'multiple_choice') {
    return question.options.map((o) => o.value);
  }
  if (question.type === 'yes_no') return ['yes', 'no'];
  return null;
}

/**
 * Checks a condition against the questions before the one that uses it: references must exist
 * and come earlier (for `showIf`) or anywhere (for rules), compare values that exist, and use
 * operators that make sense for the question's answer.
 */
function checkCondition(
  condition: Condition,
  known: Map<string, Question>,
  addIssue: (message: string) => void,
): void {
  if ('allOf' in condition) return condition.allOf.forEach((c) => checkCondition(c, known, addIssue));
  if ('anyOf' in condition) return condition.anyOf.forEach((c) => checkCondition(c, known, addIssue));
  const target = known.get(condition.questionId);
  if (!target) {
    addIssue(`refers to "${condition.questionId}", which is not an earlier question`);
    return;
  }
  if (condition.field && target.type !== 'height_weight') {
    addIssue(`uses field "${condition.field}" on "${target.id}", which is not a height-and-weight question`);
  }
  if (target.type === 'height_weight' && !condition.field) {
    addIssue(`needs a field (bmi, heightInches or weightPounds) to compare "${target.id}"`);
  }
  const values = valuesOf(target);
  if (values && (condition.op === 'equals' || condition.op === 'notEquals' || condition.op === 'includes')) {
    if (!values.includes(String(condition.value))) {
      addIssue(`compares "${target.id}" with "${String(condition.value)}", which is not one of its answers`);
    }
  }
  if (condition.op === 'includes' && !['multiple_choice', 'medications', 'allergies'].includes(target.type)) {
    addIssue(`uses "includes" on "${target.id}", which is not a list answer`);
  }
}

export const questionnaireDefinitionSchema = z
  .strictObject({
    title: textSchema,
    /** Shown above the first page. */
    introduction: textSchema.optional(),
    pages: z.array(pageSchema).min(1).max(30),
  })
  .superRefine((definition, ctx) => {
    const earlier = new Map<string, Question>();
    const all = new Map<string, Question>();
    for (const page of definition.pages) for (const q of page.questions) all.set(q.id, q);
    definition.pages.forEach((page, p) => {
      page.questions.forEach((question, q) => {
        const path = ['pages', p, 'questions', q];
        if (earlier.has(question.id)) {
          ctx.addIssue({ code: 'custom', path: [...path, 'id'], message: `duplicate question id "${question.id}"` });
        }
        if (question.showIf) {
          checkCondition(question.showIf, earlier, (message) =>
            ctx.addIssue({ code: 'custom', path: [...path, 'showIf'], message: `showIf ${message}` }),
          );
        }
        question.disqualifyIf?.forEach((rule, r) =>
          checkCondition(rule.when, all, (message) =>
            ctx.addIssue({ code: 'custom', path: [...path, 'disqualifyIf', r, 'when'], message: `rule ${message}` }),
          ),
        );
        if (question.type === 'single_choice' || question.type === 'multiple_choice') {
          const seen = new Set<string>();
          question.options.forEach((option, o) => {
            if (seen.has(option.value)) {
              ctx.addIssue({
                code: 'custom',
                path: [...path, 'options', o, 'value'],
                message: `duplicate option value "${option.value}"`,
              });
            }
            seen.add(option.value);
          });
        }
        if (question.type === 'yes_no' && question.disqualifiesOn && !question.disqualifyReason) {
          ctx.addIssue({
            code: 'custom',
            path: [...path, 'disqualifyReason'],
            message: 'a disqualifying answer needs a disqualifyReason',
          });
        }
        if (question.type === 'number' && question.min !== undefined && question.max !== undefined && question.min > question.max) {
          ctx.addIssue({ code: 'custom', path: [...path, 'min'], message: 'min must not be above max' });
        }
        earlier.set(question.id, question);
      });
    });
  });

/** A definition as written by an operator (defaults not yet applied). */
export type QuestionnaireDefinitionInput = z.input<typeof questionnaireDefinitionSchema>;
/** A validated definition with its defaults applied. */
export type QuestionnaireDefinition = z.output<typeof questionnaireDefinitionSchema>;

// ---- Answers ----

export interface HeightWeightAnswer {
  /** Total height in inches (feet × 12 + inches). */
  heightInches: number;
  weightPounds: number;
}

export interface MedicationEntry {
  name: string;
  /** True when the patient typed it ("Save as Manual Entry?") rather than picking from the list. */
  manual: boolean;
}

export interface MedicationsAnswer {
  /** "I'm not taking any medication" or "NONE" (SPEC §9 medication list options). */
  none: boolean;
  items: MedicationEntry[];
}

export interface AllergiesAnswer {
  none: boolean;
  items: string[];
}

/** The shape of a valid answer for each question type. */
export interface AnswerByType {
  single_choice: string;
  multiple_choice: string[];
  text: string;
  number: number;
  /** YYYY-MM-DD */
  date: string;
  yes_no: 'yes' | 'no';
  height_weight: HeightWeightAnswer;
  medications: MedicationsAnswer;
  allergies: AllergiesAnswer;
  /** Upload ids (POST /api/uploads) */
  file_upload: string[];
  consent: boolean;
}

/** Answers keyed by question id, as sent and stored (JSON). */
export type Answers = Record<string, unknown>;
