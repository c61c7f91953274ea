import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.ts';
import {
  bmi,
  disqualification,
  evaluateCondition,
  firstIncompletePage,
  isComplete,
  mergePageAnswers,
  nextPageIndex,
  previousPageIndex,
  pruneAnswers,
  validateAnswer,
  validatePage,
  visibleQuestions,
} from './answers.ts';
import {
  questionnaireDefinitionSchema,
  type Answers,
  type Condition,
  type Question,
  type QuestionnaireDefinition,
  type QuestionnaireDefinitionInput,
} from './questionnaire.ts';

const input: QuestionnaireDefinitionInput = {
  title: 'Weight care',
  pages: [
    {
      title: 'About you',
      questions: [
        {
          id: 'sex',
          type: 'single_choice',
          label: 'Sex assigned at birth',
          options: [
            { value: 'female', label: 'Female' },
            { value: 'male', label: 'Male' },
          ],
        },
        {
          id: 'pregnant',
          type: 'yes_no',
          label: 'Are you pregnant, breastfeeding or planning a pregnancy?',
          showIf: { questionId: 'sex', op: 'equals', value: 'female' },
          disqualifiesOn: 'yes',
          disqualifyReason: 'Not during pregnancy. Talk to your OB-GYN.',
        },
        {
          id: 'hw',
          type: 'height_weight',
          label: 'Height and weight',
        },
      ],
    },
    {
      title: 'History',
      questions: [
        {
          id: 'history',
          type: 'multiple_choice',
          label: 'Have you had any of these?',
          options: [
            { value: 'mtc', label: 'Medullary thyroid cancer', disqualifies: true, disqualifyReason: 'MTC history rules this out.' },
            { value: 'gallstones', label: 'Gallstones' },
            { value: 'none', label: 'None of these', exclusive: true },
          ],
        },
        {
          id: 'gallstones_when',
          type: 'date',
          label: 'When?',
          notInFuture: true,
          showIf: { questionId: 'history', op: 'includes', value: 'gallstones' },
        },
        {
          id: 'conditions',
          type: 'multiple_choice',
          label: 'Weight-related conditions',
          options: [
            { value: 'hypertension', label: 'High blood pressure' },
            { value: 'none', label: 'None of these', exclusive: true },
          ],
          disqualifyIf: [
            { when: { questionId: 'hw', field: 'bmi', op: 'lessThan', value: 27 }, reason: 'BMI under 27.' },
            {
              when: {
                allOf: [
                  { questionId: 'hw', field: 'bmi', op: 'lessThan', value: 30 },
                  { questionId: 'conditions', op: 'includes', value: 'none' },
                ],
              },
              reason: 'BMI under 30 without a weight-related condition.',
            },
          ],
        },
      ],
    },
    {
      title: 'Only for some',
      questions: [
        {
          id: 'sleep_apnea_cpap',
          type: 'yes_no',
          label: 'Do you use CPAP?',
          showIf: {
            anyOf: [
              { questionId: 'hw', field: 'bmi', op: 'greaterThan', value: 40 },
              { questionId: 'conditions', op: 'includes', value: 'hypertension' },
            ],
          },
        },
      ],
    },
    {
      title: 'Finish',
      questions: [
        { id: 'meds', type: 'medications', label: 'Current medications' },
        { id: 'allergies', type: 'allergies', label: 'Allergies', required: false },
        { id: 'age', type: 'number', label: 'Age', min: 18, max: 120, integer: true },
        { id: 'notes', type: 'text', label: 'Anything else?', required: false, maxLength: 10 },
        { id: 'photo', type: 'file_upload', label: 'Photo', required: false, maxFiles: 2 },
        { id: 'consent', type: 'consent', label: 'Consent', statement: 'I agree to telehealth.' },
      ],
    },
  ],
};
const version: QuestionnaireDefinition = questionnaireDefinitionSchema.parse(input);

const ok: Answers = {
  sex: 'male',
  hw: { heightInches: 70, weightPounds: 250 }, // BMI 35.9
  history: ['none'],
  conditions: ['hypertension'],
  sleep_apnea_cpap: 'no',
  meds: { none: true, items: [] },
  age: 40,
  consent: true,
};

const ids = (questions: Question[]) => questions.map((q) => q.id);

describe('questionnaireDefinitionSchema', () => {
  // issue 8 "Questionnaires are data": every question type of the issue is accepted.
  it('accepts every question type with defaults applied', () => {
    const types = version.pages.flatMap((p) => p.questions.map((q) => q.type));
    expect(new Set(types)).toEqual(
      new Set(['single_choice', 'yes_no', 'height_weight', 'multiple_choice', 'date', 'medications', 'allergies', 'number', 'text', 'file_upload', 'consent']),
    );
    expect(version.pages[0]!.questions[0]!.required).toBe(true);
  });

  const page = (questions: unknown[]) => ({ title: 'T', pages: [{ title: 'P', questions }] });
  const yes = (id: string, extra: object = {}) => ({ id, type: 'yes_no', label: 'Q', ...extra });
  it.each<[string, unknown, string]>([
    // issue 8 "Branching: a question shows only when earlier answers match"
    ['showIf on a later question', page([yes('a', { showIf: { questionId: 'b', op: 'equals', value: 'yes' } }), yes('b')]), 'not an earlier question'],
    ['showIf on itself', page([yes('a', { showIf: { questionId: 'a', op: 'equals', value: 'yes' } })]), 'not an earlier question'],
    ['showIf compares an answer that does not exist', page([yes('a'), yes('b', { showIf: { questionId: 'a', op: 'equals', value: 'maybe' } })]), 'not one of its answers'],
    ['duplicate question id', page([yes('a'), yes('a')]), 'duplicate question id'],
    // issue 8 "answers an operator marks as disqualifying" need the operator's explanation
    ['disqualifying option without a reason', page([{ id: 'a', type: 'single_choice', label: 'Q', options: [{ value: 'x', label: 'X', disqualifies: true }, { value: 'y', label: 'Y' }] }]), 'disqualifyReason'],
    ['disqualifying yes/no without a reason', page([yes('a', { disqualifiesOn: 'yes' })]), 'disqualifyReason'],
    // SPEC §9 "Maximum numeric value 99999999"
    ['number max above 99999999', page([{ id: 'n', type: 'number', label: 'N', max: 100000000 }]), 'max'],
    ['min above max', page([{ id: 'n', type: 'number', label: 'N', min: 5, max: 4 }]), 'min must not be above max'],
    ['BMI without a field', page([{ id: 'hw', type: 'height_weight', label: 'H' }, yes('b', { showIf: { questionId: 'hw', op: 'lessThan', value: 27 } })]), 'needs a field'],
    ['unknown question type', page([{ id: 'a', type: 'slider', label: 'Q' }]), 'type'],
    ['bad id', page([yes('Bad Id')]), 'lower-case'],
    ['no pages', { title: 'T', pages: [] }, 'pages'],
  ])('refuses %s', (_name, definition, expected) => {
    const result = questionnaireDefinitionSchema.safeParse(definition);
    expect(result.success).toBe(false);
    const text = result.error!.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('\n');
    expect(text).toContain(expected);
  });
});

describe('bmi', () => {
  it.each<[number, number, number | null]>([
    // issue 8 "height and weight with BMI": 703 × lb / in², one decimal
    [70, 250, 35.9],
    [64, 150, 25.7],
    [72, 180, 24.4],
    [60, 100, 19.5],
    [0, 150, null],
    [70, -1, null],
    [Number.NaN, 150, null],
  ])('%d in, %d lb → %s', (h, w, expected) => {
    expect(bmi(h, w)).toBe(expected);
  });
});

describe('visibleQuestions (branching)', () => {
  it.each<[string, Answers, string[]]>([
    // issue 8 "Branching: a question shows only when earlier answers match its condition"
    ['equals hides the pregnancy question for male', { sex: 'male' }, ['sex', 'hw', 'history', 'conditions', 'meds', 'allergies', 'age', 'notes', 'photo', 'consent']],
    ['equals shows it for female', { sex: 'female' }, ['sex', 'pregnant', 'hw', 'history', 'conditions', 'meds', 'allergies', 'age', 'notes', 'photo', 'consent']],
    ['includes on a multiple choice', { sex: 'male', history: ['gallstones'] }, ['sex', 'hw', 'history', 'gallstones_when', 'conditions', 'meds', 'allergies', 'age', 'notes', 'photo', 'consent']],
    ['any-of: BMI over 40', { hw: { heightInches: 60, weightPounds: 300 } }, ['sex', 'hw', 'history', 'conditions', 'sleep_apnea_cpap', 'meds', 'allergies', 'age', 'notes', 'photo', 'consent']],
    ['any-of: second branch', { conditions: ['hypertension'] }, ['sex', 'hw', 'history', 'conditions', 'sleep_apnea_cpap', 'meds', 'allergies', 'age', 'notes', 'photo', 'consent']],
  ])('%s', (_name, answers, expected) => {
    expect(ids(visibleQuestions(version, answers))).toEqual(expected);
  });

  it('ignores a hidden answer that a later condition reads', () => {
    // issue 8: hidden questions' answers are ignored
    const chain = questionnaireDefinitionSchema.parse({
      title: 'T',
      pages: [
        {
          title: 'P',
          questions: [
            { id: 'a', type: 'yes_no', label: 'A' },
            { id: 'b', type: 'yes_no', label: 'B', showIf: { questionId: 'a', op: 'equals', value: 'yes' } },
            { id: 'c', type: 'yes_no', label: 'C', showIf: { questionId: 'b', op: 'equals', value: 'yes' } },
          ],
        },
      ],
    });
    expect(ids(visibleQuestions(chain, { a: 'yes', b: 'yes' }))).toEqual(['a', 'b', 'c']);
    expect(ids(visibleQuestions(chain, { a: 'no', b: 'yes' }))).toEqual(['a']);
  });
});

describe('evaluateCondition', () => {
  const questions = new Map(version.pages.flatMap((p) => p.questions).map((q) => [q.id, q] as const));
  it.each<[string, Condition, Answers, boolean]>([
    // issue 8 branching operators: equals / includes / not equals / greater-than / less-than; all-of / any-of
    ['equals', { questionId: 'sex', op: 'equals', value: 'female' }, { sex: 'female' }, true],
    ['not equals', { questionId: 'sex', op: 'notEquals', value: 'female' }, { sex: 'male' }, true],
    ['not equals on an unanswered question is false', { questionId: 'sex', op: 'notEquals', value: 'female' }, {}, false],
    ['includes', { questionId: 'history', op: 'includes', value: 'gallstones' }, { history: ['gallstones', 'mtc'] }, true],
    ['includes misses', { questionId: 'history', op: 'includes', value: 'gallstones' }, { history: ['none'] }, false],
    ['greater than', { questionId: 'age', op: 'greaterThan', value: 64 }, { age: 65 }, true],
    ['greater than is strict', { questionId: 'age', op: 'greaterThan', value: 64 }, { age: 64 }, false],
    ['less than', { questionId: 'age', op: 'lessThan', value: 18 }, { age: 17 }, true],
    ['BMI field', { questionId: 'hw', field: 'bmi', op: 'lessThan', value: 27 }, { hw: { heightInches: 72, weightPounds: 180 } }, true],
    ['medication names, case-insensitive', { questionId: 'meds', op: 'includes', value: 'Nitroglycerin' }, { meds: { none: false, items: [{ name: 'nitroglycerin', manual: false }] } }, true],
    ['all-of', { allOf: [{ questionId: 'sex', op: 'equals', value: 'female' }, { questionId: 'age', op: 'lessThan', value: 50 }] }, { sex: 'female', age: 60 }, false],
    ['any-of', { anyOf: [{ questionId: 'sex', op: 'equals', value: 'female' }, { questionId: 'age', op: 'lessThan', value: 50 }] }, { sex: 'male', age: 30 }, true],
  ])('%s', (_name, condition, answers, expected) => {
    expect(evaluateCondition(condition, answers, questions)).toBe(expected);
  });
});

describe('validateAnswer', () => {
  const q = (id: string) => version.pages.flatMap((p) => p.questions).find((x) => x.id === id)!;
  it.each<[string, string, unknown, { field: string; message: string }[]]>([
    ['required single choice', 'sex', undefined, [{ field: 'sex', message: MESSAGES.ANSWER_REQUIRED }]],
    ['unknown option', 'sex', 'other', [{ field: 'sex', message: MESSAGES.ANSWER_CHOOSE_OPTION }]],
    ['required multiple choice', 'history', [], [{ field: 'history', message: MESSAGES.ANSWER_CHOOSE_AT_LEAST_ONE }]],
    ['"None of these" with another answer', 'history', ['none', 'gallstones'], [{ field: 'history', message: 'This answer cannot be combined with your other choices.' }]],
    ['yes/no must be yes or no', 'pregnant', 'maybe', [{ field: 'pregnant', message: MESSAGES.ANSWER_CHOOSE_OPTION }]],
    // SPEC §9 "Maximum numeric value 99999999"; the question's own range
    ['number below min', 'age', 17, [{ field: 'age', message: 'Please enter a number from 18 to 120.' }]],
    ['number not an integer', 'age', 40.5, [{ field: 'age', message: MESSAGES.ANSWER_NUMBER_INVALID }]],
    ['number as text', 'age', '40', [{ field: 'age', message: MESSAGES.ANSWER_NUMBER_INVALID }]],
    ['date not a date', 'gallstones_when', '2024-02-30', [{ field: 'gallstones_when', message: MESSAGES.ANSWER_DATE_INVALID }]],
    ['height and weight both missing', 'hw', undefined, [{ field: 'hw.heightInches', message: MESSAGES.HEIGHT_INVALID }, { field: 'hw.weightPounds', message: MESSAGES.WEIGHT_INVALID }]],
    ['weight impossible', 'hw', { heightInches: 70, weightPounds: 20 }, [{ field: 'hw.weightPounds', message: MESSAGES.WEIGHT_INVALID }]],
    // SPEC §9 medication list options: "I'm not taking any medication" / "NONE" count as an answer
    ['medications none', 'meds', { none: true, items: [] }, []],
    ['medications missing', 'meds', { none: false, items: [] }, [{ field: 'meds', message: MESSAGES.MEDICATIONS_REQUIRED }]],
    ['medications none and a list', 'meds', { none: true, items: [{ name: 'Metformin', manual: false }] }, [{ field: 'meds', message: MESSAGES.MEDICATIONS_REQUIRED }]],
    ['medications from list and manual', 'meds', { none: false, items: [{ name: 'Metformin', manual: false }, { name: 'Grandma tonic', manual: true }] }, []],
    ['optional allergies blank', 'allergies', undefined, []],
    ['text too long', 'notes', '12345678901', [{ field: 'notes', message: 'Please keep your answer to 10 characters or fewer.' }]],
    ['too many files', 'photo', ['a', 'b', 'c'], [{ field: 'photo', message: 'Please upload no more than 2 files.' }]],
    ['consent unchecked', 'consent', false, [{ field: 'consent', message: MESSAGES.CONSENT_REQUIRED }]],
    ['consent checked', 'consent', true, []],
  ])('%s', (_name, id, answer, expected) => {
    expect(validateAnswer(q(id), answer)).toEqual(expected);
  });

  it('refuses a future date only when the caller gives today', () => {
    expect(validateAnswer(q('gallstones_when'), '2030-01-01', { today: '2026-11-21' })).toEqual([
      { field: 'gallstones_when', message: MESSAGES.ANSWER_DATE_IN_FUTURE },
    ]);
    expect(validateAnswer(q('gallstones_when'), '2026-11-21', { today: '2026-11-21' })).toEqual([]);
  });
});

describe('validatePage / firstIncompletePage / isComplete', () => {
  it('checks only the shown questions of a page', () => {
    // issue 8: a hidden question is never required
    expect(validatePage(version, 0, { sex: 'male', hw: { heightInches: 70, weightPounds: 250 } })).toEqual([]);
    expect(validatePage(version, 0, { sex: 'female', hw: { heightInches: 70, weightPounds: 250 } })).toEqual([
      { field: 'pregnant', message: MESSAGES.ANSWER_REQUIRED },
    ]);
  });

  it.each<[string, Answers, number | null]>([
    ['nothing answered', {}, 0],
    ['first page done', { sex: 'male', hw: { heightInches: 70, weightPounds: 250 } }, 1],
    ['all but the last page', { ...ok, consent: undefined }, 3],
    ['branch page hidden and the rest done', { ...ok, conditions: ['none'], sleep_apnea_cpap: undefined }, null],
    ['branch page shown and unanswered', { ...ok, sleep_apnea_cpap: undefined }, 2],
    ['complete', ok, null],
  ])('%s → %s', (_name, answers, expected) => {
    expect(firstIncompletePage(version, answers)).toBe(expected);
    expect(isComplete(version, answers)).toBe(expected === null);
  });

  it('skips pages with no shown questions going forward and back', () => {
    const noBranch = { ...ok, conditions: ['none'] };
    expect(nextPageIndex(version, 1, noBranch)).toBe(3);
    expect(previousPageIndex(version, 3, noBranch)).toBe(1);
    expect(nextPageIndex(version, 1, ok)).toBe(2);
    expect(nextPageIndex(version, 3, ok)).toBeNull();
    expect(previousPageIndex(version, 0, ok)).toBeNull();
  });
});

describe('pruneAnswers / mergePageAnswers', () => {
  it('drops hidden, unknown and blank answers and tidies text', () => {
    // issue 8: hidden questions' answers are ignored (and dropped on save)
    expect(
      pruneAnswers(version, { sex: 'male', pregnant: 'yes', nonsense: 1, notes: '  hi  ', allergies: { none: false, items: [] } }),
    ).toEqual({ sex: 'male', notes: 'hi' });
  });

  it('drops answers down a chain of branches that closed', () => {
    const answers = { sex: 'male', history: ['none'], gallstones_when: '2020-01-01' };
    expect(pruneAnswers(version, answers)).toEqual({ sex: 'male', history: ['none'] });
  });

  it('replaces one page and keeps the others', () => {
    // issue 8 "Answers are saved as the patient goes"
    const saved = { sex: 'female', pregnant: 'no', history: ['gallstones'], gallstones_when: '2020-01-01' };
    expect(mergePageAnswers(version, 0, saved, { sex: 'male' })).toEqual({ sex: 'male', history: ['gallstones'], gallstones_when: '2020-01-01' });
    expect(mergePageAnswers(version, 1, saved, { history: ['none'] })).toEqual({ sex: 'female', pregnant: 'no', history: ['none'] });
  });
});

describe('disqualification', () => {
  it.each<[string, Answers, { questionId: string; reason: string } | null]>([
    // issue 8 "answers an operator marks as disqualifying send the patient to /disqualified"
    ['nothing disqualifies', ok, null],
    ['yes/no disqualifying answer', { ...ok, sex: 'female', pregnant: 'yes' }, { questionId: 'pregnant', reason: 'Not during pregnancy. Talk to your OB-GYN.' }],
    ['hidden question does not disqualify', { ...ok, sex: 'male', pregnant: 'yes' }, null],
    ['disqualifying option of a multiple choice', { ...ok, history: ['gallstones', 'mtc'] }, { questionId: 'history', reason: 'MTC history rules this out.' }],
    ['rule: BMI under 27', { ...ok, hw: { heightInches: 72, weightPounds: 180 } }, { questionId: 'conditions', reason: 'BMI under 27.' }],
    ['rule: BMI 27–30 without a condition', { ...ok, hw: { heightInches: 70, weightPounds: 200 }, conditions: ['none'] }, { questionId: 'conditions', reason: 'BMI under 30 without a weight-related condition.' }],
    ['rule: BMI 27–30 with a condition', { ...ok, hw: { heightInches: 70, weightPounds: 200 }, conditions: ['hypertension'] }, null],
    ['a rule waits until its question is answered', { ...ok, hw: { heightInches: 72, weightPounds: 180 }, conditions: undefined }, null],
    ['first in question order wins', { ...ok, sex: 'female', pregnant: 'yes', history: ['mtc'] }, { questionId: 'pregnant', reason: 'Not during pregnancy. Talk to your OB-GYN.' }],
  ])('%s', (_name, answers, expected) => {
    expect(disqualification(version, answers)).toEqual(expected);
  });
});
