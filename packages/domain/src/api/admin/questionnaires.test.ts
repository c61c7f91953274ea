// issue 18: what the versions list says changed, and definition problems named by page and question.
import { describe, expect, it } from 'vitest';
import type { QuestionnaireDefinitionInput } from '../../consult/questionnaire.ts';
import { definitionChanges, definitionIssues, definitionSummary, describeChanges } from './questionnaires.ts';

const v1: QuestionnaireDefinitionInput = {
  title: 'Intake',
  pages: [{ title: 'About you', questions: [{ id: 'a', type: 'text', label: 'A' }, { id: 'b', type: 'yes_no', label: 'B' }] }],
};

describe('definitionChanges', () => {
  it('names the questions added, removed and changed', () => {
    const v2: QuestionnaireDefinitionInput = {
      title: 'Intake',
      pages: [
        { title: 'About you', questions: [{ id: 'a', type: 'text', label: 'A, reworded' }] },
        { title: 'More', questions: [{ id: 'c', type: 'date', label: 'C' }] },
      ],
    };
    const changes = definitionChanges(v1, v2);
    expect(changes).toEqual({ added: ['c'], removed: ['b'], changed: ['a'], pagesDelta: 1 });
    expect(describeChanges(changes)).toBe('1 added (c), 1 removed (b), 1 changed (a), +1 page');
    expect(describeChanges(definitionChanges(v1, v1))).toBe('No question changes');
    expect(describeChanges(null)).toBe('First version');
    expect(definitionSummary(v2)).toEqual({ pages: 2, questions: 2 });
  });
});

describe('definitionIssues', () => {
  it('is empty for a valid definition and names the page and question at fault otherwise', () => {
    expect(definitionIssues(v1)).toEqual([]);
    const bad = structuredClone(v1);
    bad.pages[0]!.questions[1] = { id: 'b', type: 'yes_no', label: 'B', disqualifiesOn: 'yes', showIf: { questionId: 'zzz', op: 'equals', value: 'x' } };
    const messages = definitionIssues(bad).map((i) => i.message);
    expect(messages).toContain('Page 1 "About you", question 2 "b": the message shown when it disqualifies a disqualifying answer needs a disqualifyReason');
    expect(messages).toContain('Page 1 "About you", question 2 "b": the show-if condition showIf refers to "zzz", which is not an earlier question');
    expect(definitionIssues({ title: 'x', pages: [] })[0]!.message).toBe('The questionnaire: the pages needs at least 1');
  });
});
