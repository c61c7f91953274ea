// issue 18: the questionnaire builder over the demo weight-care questionnaire: it renders the draft
// with its live preview, adds a question that the preview shows, and refuses to save a definition the
// domain's schema refuses, naming the page and question beside it.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminQuestionnaireVersionDetail, QuestionnaireDefinition } from '@store/domain';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/test/fakeApi';
import { renderWithStore } from '@/test/render';
import weightCare from '../test/weight-care.fixture.json';
import { QuestionnaireBuilderPage } from './QuestionnaireBuilderPage';

afterEach(() => vi.unstubAllGlobals());

const SF = '00000000-0000-4000-8000-000000000100';
const Q = '11111111-1111-4111-8111-111111111111';
const V = '22222222-2222-4222-8222-222222222222';

const me = {
  user: { id: '33333333-3333-4333-8333-333333333333', firstName: 'Sam', lastName: 'Admin' },
  company: { id: '44444444-4444-4444-8444-444444444444', name: 'Demo Health Group' },
  storefronts: [{ id: SF, name: 'Evergreen Health', hosts: ['localhost'], isDefault: true }],
};

function version(over: Partial<AdminQuestionnaireVersionDetail> = {}): AdminQuestionnaireVersionDetail {
  return {
    id: V,
    questionnaireId: Q,
    version: 2,
    status: 'draft',
    changeNote: '',
    summary: { pages: 7, questions: 30 },
    changes: { added: [], removed: [], changed: [], pagesDelta: 0 },
    createdAt: '2027-01-01T00:00:00Z',
    createdBy: { id: me.user.id, name: 'Sam Admin' },
    signOffRequestedAt: null,
    signedOffAt: null,
    signedOffBy: null,
    publishedAt: null,
    publishedBy: null,
    consults: 0,
    questionnaire: { id: Q, storefrontId: SF, slug: 'weight-care-intake', title: 'Weight care' },
    definition: weightCare as unknown as QuestionnaireDefinition,
    definitionHash: 'abc',
    ...over,
  };
}

function renderBuilder(v = version()) {
  const api = fakeApi([
    ['GET', '/api/admin/me', () => ({ body: me })],
    ['GET', `/api/admin/storefronts/${SF}/questionnaires/${Q}/versions/${V}`, () => ({ body: v })],
    ['PUT', `/api/admin/storefronts/${SF}/questionnaires/${Q}/versions/${V}`, (call) => ({ body: { ...v, ...(call.body as object) } })],
  ]);
  renderWithStore(
    <Routes>
      <Route path="/admin/questionnaires/:id/versions/:versionId" element={<QuestionnaireBuilderPage />} />
    </Routes>,
    { path: `/admin/questionnaires/${Q}/versions/${V}` },
  );
  return api;
}

describe('QuestionnaireBuilderPage', () => {
  it('shows the draft with a preview as the patient sees it, and a question added shows in the preview', async () => {
    const user = userEvent.setup();
    renderBuilder();
    const page1 = await screen.findByRole('region', { name: /^Page 1: About you/ }, { timeout: 10_000 });
    expect(screen.getByRole('form', { name: 'Preview as the patient sees it' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'About you' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Publish' })).toBeDisabled();
    await user.click(within(page1).getByRole('button', { name: 'Add question' }));
    expect(screen.getByRole('group', { name: 'New single choice question' })).toBeInTheDocument();
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
  }, 30_000);

  it('refuses to save an empty question text, naming the page and question beside it', async () => {
    const user = userEvent.setup();
    const { calls } = renderBuilder();
    const page1 = await screen.findByRole('region', { name: /^Page 1: About you/ }, { timeout: 10_000 });
    const first = within(page1).getAllByRole('region')[0]!;
    await user.click(within(first).getByRole('button', { name: 'Edit question age' }));
    await user.clear(within(first).getByRole('textbox', { name: 'Question text' }));
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(within(first).getByText(/^Page 1 "About you", question 1 "age": the question text cannot be empty/)).toBeInTheDocument();
    expect(screen.getByText(/^Not saved: one problem to fix\./)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  }, 30_000);
});
