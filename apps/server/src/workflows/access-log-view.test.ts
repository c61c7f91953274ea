// issue 17 "Who looked at my records": what was read and why, in the words the patient reads.
import { describe, expect, it } from 'vitest';
import { whatInWords, whyInWords } from './access-log-view.ts';

describe('the access log in words (issue 17)', () => {
  it.each([
    ['review', null, 'Your consult answers and order details'],
    ['upload', { contentType: 'image/jpeg', originalName: 'rash.jpg' }, 'An uploaded photo: rash.jpg'],
    ['upload', { contentType: 'application/pdf', originalName: 'labs.pdf' }, 'An uploaded file: labs.pdf'],
    ['upload', null, 'An uploaded file'],
    ['prescription', null, 'Your prescription'],
    ['lab_result', null, 'Lab results'],
    ['something_new', null, 'Your health records'],
  ] as const)('what: %s → %s', (what, upload, words) => {
    expect(whatInWords(what, upload)).toBe(words);
  });

  it.each([
    ['review_claim:3034afab-1111-2222-3333-444455556666', 'Reviewing your order #3034AFAB'],
    ['pharmacy_fill:3034afab-1111-2222-3333-444455556666', 'Filling your prescription (order #3034AFAB)'],
    ['support_ticket:812', 'Answering your support request #812'],
    ['unknown', 'Caring for you'],
  ])('why: %s → %s', (reason, words) => {
    expect(whyInWords(reason)).toBe(words);
  });
});
