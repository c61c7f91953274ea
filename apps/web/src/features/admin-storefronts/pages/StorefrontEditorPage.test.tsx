// issue 18: the storefront editor previews the edited theme as it is typed (before saving), saves
// the draft with the domain's schema, and shows a bad field's message beside it.
import { DEFAULT_CONFIG_CORE, type AdminStorefrontDetail } from '@store/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, problem } from '@/test/fakeApi';
import { renderWithStore } from '@/test/render';
import { StorefrontEditorPage } from './StorefrontEditorPage';

const ID = '11111111-1111-4111-8111-111111111111';
const bundle = { name: 'Brand Three', hosts: ['brand3.localhost'], ...structuredClone(DEFAULT_CONFIG_CORE), consents: [] };
const detail: AdminStorefrontDetail = {
  id: ID,
  slug: 'brand-three',
  isDefault: false,
  live: { ...bundle, hosts: [] },
  liveVersion: null,
  draft: { id: '22222222-2222-4222-8222-222222222222', version: 1, note: 'Created', createdAt: new Date().toISOString(), bundle },
};

function renderEditor(saveAnswer = () => ({ body: detail }) as { status?: number; body: unknown }) {
  const api = fakeApi([
    ['GET', `/api/admin/storefronts/${ID}`, () => ({ body: detail })],
    ['GET', `/api/admin/storefronts/${ID}/versions`, () => ({ body: { items: [], total: 0, page: 1, pageSize: 10 } })],
    ['PUT', `/api/admin/storefronts/${ID}/draft`, saveAnswer],
  ]);
  renderWithStore(
    <Routes>
      <Route path="/admin/storefronts/:storefrontId" element={<StorefrontEditorPage />} />
    </Routes>,
    { path: `/admin/storefronts/${ID}` },
  );
  return api;
}

afterEach(() => vi.unstubAllGlobals());

// The editor is a long form: role queries over it are slow in jsdom, so fields are found by name.
const field = (name: string) =>
  waitFor(
    () => {
      const el = document.querySelector<HTMLInputElement>(`input[name="${name}"]`);
      if (!el) throw new Error(`no field ${name}`);
      return el;
    },
    { timeout: 10_000 },
  );
const saveButton = () => screen.getByText('Save draft', { selector: 'button' });

describe('StorefrontEditorPage', { timeout: 60_000 }, () => {
  it('previews a colour as it is typed and saves the draft', async () => {
    const api = renderEditor();
    const primary = await field('theme.colors.primary');
    fireEvent.change(primary, { target: { value: '#aa3355' } });
    const preview = screen.getByTestId('storefront-preview');
    await waitFor(() => expect(within(preview).getByTestId('preview-brand-name')).toHaveStyle({ color: 'rgb(170, 51, 85)' }));
    await userEvent.click(saveButton());
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = api.calls.find((c) => c.method === 'PUT')!;
    expect((put.body as { theme: { colors: { primary: string } } }).theme.colors.primary).toBe('#aa3355');
  });

  it('shows a bad colour and a taken host beside their fields', async () => {
    const api = renderEditor(() => problem(400, 'VALIDATION_FAILED', 'Please check the highlighted fields.', [{ field: 'hosts.0', message: 'This host name is already used by another storefront.' }]));
    const primary = await field('theme.colors.primary');
    fireEvent.change(primary, { target: { value: 'red' } });
    await userEvent.click(saveButton());
    expect(await screen.findByText('Use a colour like #1b4d3e.')).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'PUT')).toBe(false);
    fireEvent.change(primary, { target: { value: '#aa3355' } });
    await userEvent.click(saveButton());
    expect(await screen.findByText('This host name is already used by another storefront.')).toBeInTheDocument();
  });
});
