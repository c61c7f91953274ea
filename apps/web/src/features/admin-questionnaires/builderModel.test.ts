// issue 18 questionnaire builder: the edits the builder makes to a definition, and show-if
// conditions between the stored shape and the editor's rows (all-of / any-of, typed values).
import { questionnaireDefinitionSchema, type Condition } from '@store/domain';
import { describe, expect, it } from 'vitest';
import {
  addPage,
  addQuestion,
  conditionsWithout,
  earlierQuestions,
  fromEditable,
  movePage,
  moveQuestion,
  newQuestion,
  removeQuestion,
  toEditable,
  uniqueId,
  type Draft,
} from './builderModel';

const draft: Draft = {
  title: 'Intake',
  pages: [
    {
      title: 'About you',
      questions: [
        { id: 'sex', type: 'single_choice', label: 'Sex', options: [{ value: 'female', label: 'Female' }, { value: 'male', label: 'Male' }] },
        { id: 'hw', type: 'height_weight', label: 'Height and weight' },
      ],
    },
    { title: 'More', questions: [{ id: 'age', type: 'number', label: 'Age' }] },
  ],
};

describe('builder edits', () => {
  it('adds a question of every type that the domain schema accepts, with a unique id', () => {
    let next = draft;
    for (const type of ['single_choice', 'multiple_choice', 'text', 'number', 'date', 'yes_no', 'height_weight', 'medications', 'allergies', 'file_upload', 'consent'] as const) {
      next = addQuestion(next, 1, type);
    }
    expect(questionnaireDefinitionSchema.safeParse(next).success).toBe(true);
    const ids = next.pages.flatMap((p) => p.questions.map((q) => q.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain('height_weight');
    expect(uniqueId(draft, 'sex')).toBe('sex_2');
    expect(newQuestion(draft, 'consent')).toMatchObject({ type: 'consent', statement: expect.any(String) });
  });

  it('moves pages and questions and ignores a move past either end', () => {
    expect(movePage(draft, 0, 1).pages.map((p) => p.title)).toEqual(['More', 'About you']);
    expect(movePage(draft, 0, -1).pages.map((p) => p.title)).toEqual(['About you', 'More']);
    expect(moveQuestion(draft, 0, 1, 0).pages[0]!.questions.map((q) => q.id)).toEqual(['hw', 'sex']);
    expect(moveQuestion(draft, 0, 1, 2).pages[0]!.questions.map((q) => q.id)).toEqual(['sex', 'hw']);
    expect(addPage(draft).pages).toHaveLength(3);
    expect(removeQuestion(draft, 0, 0).pages[0]!.questions.map((q) => q.id)).toEqual(['hw']);
  });

  it('offers only earlier questions to a show-if condition', () => {
    expect(earlierQuestions(draft, 1, 0).map((q) => q.id)).toEqual(['sex', 'hw']);
    expect(earlierQuestions(draft, 0, 1).map((q) => q.id)).toEqual(['sex']);
    expect(earlierQuestions(draft, 0, 0)).toEqual([]);
  });
});

describe('show-if conditions in the editor', () => {
  it('turns rows into a condition with typed values: a BMI as a number, one row as a leaf, several as all-of or any-of', () => {
    const bmi = fromEditable({ mode: 'allOf', rows: [{ questionId: 'hw', field: 'bmi', op: 'greaterThan', value: '27' }] }, draft);
    expect(bmi).toEqual({ questionId: 'hw', field: 'bmi', op: 'greaterThan', value: 27 });
    const any = fromEditable(
      {
        mode: 'anyOf',
        rows: [
          { questionId: 'sex', field: '', op: 'equals', value: 'female' },
          { questionId: 'hw', field: 'weightPounds', op: 'lessThan', value: '150' },
        ],
      },
      draft,
    );
    expect(any).toEqual({ anyOf: [{ questionId: 'sex', op: 'equals', value: 'female' }, { questionId: 'hw', field: 'weightPounds', op: 'lessThan', value: 150 }] });
    expect(fromEditable({ mode: 'allOf', rows: [] }, draft)).toBeUndefined();
    // And back again.
    expect(toEditable(any)).toEqual({
      mode: 'anyOf',
      rows: [
        { questionId: 'sex', field: '', op: 'equals', value: 'female' },
        { questionId: 'hw', field: 'weightPounds', op: 'lessThan', value: '150' },
      ],
    });
    // A nested condition is kept, not edited.
    expect(toEditable({ allOf: [{ anyOf: [{ questionId: 'sex', op: 'equals', value: 'male' }] }] })).toBeNull();
  });

  it('drops the rows that read a removed question', () => {
    const c: Condition = { allOf: [{ questionId: 'sex', op: 'equals', value: 'female' }, { questionId: 'age', op: 'greaterThan', value: 40 }] };
    expect(conditionsWithout(c, 'sex')).toEqual({ questionId: 'age', op: 'greaterThan', value: 40 });
    expect(conditionsWithout({ questionId: 'sex', op: 'equals', value: 'female' }, 'sex')).toBeUndefined();
  });
});
