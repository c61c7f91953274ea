// issue 17 health records (SPEC §2 view labs, download lab requisition, download lab results; §7
// documents, filtered documents): the patient's labs with their downloads, documents filtered by
// kind and paged, and the loading, empty, error and signed-out states.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LabOrderView, RecordDocument } from '@store/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, type FakeRoute } from '@/test/fakeApi';
import { renderWithStore } from '@/test/render';
import { HealthRecordsPage } from './HealthRecordsPage';

afterEach(() => vi.unstubAllGlobals());

const signedIn: FakeRoute = ['GET', '/api/session', () => ({ body: { kind: 'user', userId: 'u1', role: 'patient' } })];
const SignInRequired = ({ title }: { title: string }) => <p>Sign in to see {title}</p>;

const lab = (over: Partial<LabOrderView> = {}): LabOrderView => ({
  id: 'lab-1',
  requisitionNumber: 'LAB-1A2B3C4D',
  panel: 'Comprehensive Wellness Lab Panel',
  status: 'ordered',
  orderId: 'o-1',
  orderNumber: 'AB12CD34',
  orderedAt: '2027-02-01T12:00:00Z',
  resultedAt: null,
  requisitionUrl: '/api/records/documents/d-1/file',
  resultUrl: null,
  ...over,
});

const doc = (over: Partial<RecordDocument> = {}): RecordDocument => ({
  id: 'receipt:o-1',
  kind: 'receipt',
  title: 'Receipt for order AB12CD34',
  detail: 'Comprehensive Wellness Lab Panel',
  noteForPatient: null,
  createdAt: '2027-02-01T12:00:00Z',
  contentType: 'application/pdf',
  downloadUrl: '/api/orders/o-1/receipt.pdf',
  ...over,
});

const page = (documents: RecordDocument[], total = documents.length, n = 1) => ({ body: { documents, page: n, pageSize: 20, total } });

function renderPage() {
  return renderWithStore(<HealthRecordsPage SignInRequired={SignInRequired} />, { path: '/my-account/records' });
}

describe('HealthRecordsPage', () => {
  it('shows each lab with its requisition download, and the results download once resulted', async () => {
    fakeApi([
      signedIn,
      ['GET', '/api/records/labs', () => ({ body: { labs: [lab(), lab({ id: 'lab-2', panel: 'Hormone panel', status: 'resulted', resultedAt: '2027-02-05T12:00:00Z', requisitionUrl: '/api/records/documents/d-2/file', resultUrl: '/api/records/documents/d-3/file' })] } })],
      ['GET', '/api/records/documents', () => page([])],
    ]);
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Health records' })).toBeInTheDocument();
    const first = await screen.findByRole('listitem', { name: 'Comprehensive Wellness Lab Panel' });
    expect(within(first).getByText('Awaiting results')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'Download lab requisition' })).toHaveAttribute('href', '/api/records/documents/d-1/file');
    expect(within(first).queryByRole('link', { name: 'Download lab results' })).not.toBeInTheDocument();
    const second = screen.getByRole('listitem', { name: 'Hormone panel' });
    expect(within(second).getByText('Results ready')).toBeInTheDocument();
    expect(within(second).getByRole('link', { name: 'Download lab results' })).toHaveAttribute('href', '/api/records/documents/d-3/file');
  });

  it('filters the documents by kind and pages through them', async () => {
    const { calls } = fakeApi([
      signedIn,
      ['GET', '/api/records/labs', () => ({ body: { labs: [] } })],
      [
        'GET',
        '/api/records/documents',
        (call) => {
          if (call.query.get('kind') === 'visit_summary') return page([doc({ id: 'visit_summary:v1', kind: 'visit_summary', title: 'Visit with Dr. Amara Okafor, MD', detail: 'Completed', noteForPatient: 'Drink plenty of water.', downloadUrl: '/api/records/visits/v1/pdf' })]);
          if (call.query.get('page') === '2') return page([doc({ id: 'upload:u21', kind: 'upload', title: 'rash.jpg', downloadUrl: '/api/uploads/u21' })], 21, 2);
          return page([doc()], 21);
        },
      ],
    ]);
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText('Receipt for order AB12CD34')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download Receipt for order AB12CD34' })).toHaveAttribute('href', '/api/orders/o-1/receipt.pdf');
    // One document's row names its kind in the singular ("Receipt", not the filter's "Receipts").
    expect(screen.getByText(/^Receipt · .+ · Comprehensive Wellness Lab Panel$/)).toBeInTheDocument();
    expect(screen.queryByText(/^Receipts · /)).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'No labs yet' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Go to page 2' }));
    expect(await screen.findByText('rash.jpg')).toBeInTheDocument();
    expect(screen.getByText(/^Upload · /)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Visit summaries' }));
    expect(await screen.findByText('Visit with Dr. Amara Okafor, MD')).toBeInTheDocument();
    expect(screen.getByText('A note from your doctor: Drink plenty of water.')).toBeInTheDocument();
    expect(screen.getByText(/^Visit summary · .* · Completed$/)).toBeInTheDocument();
    const kinds = calls.filter((c) => c.path === '/api/records/documents').map((c) => `${c.query.get('kind') ?? 'all'}:${c.query.get('page') ?? '1'}`);
    expect(kinds).toEqual(['all:1', 'all:2', 'visit_summary:1']);
  });

  it('says when a kind has nothing, and shows the error with Retry when the list fails', async () => {
    let fail = true;
    fakeApi([
      signedIn,
      ['GET', '/api/records/labs', () => (fail ? 'network' : { body: { labs: [] } })],
      ['GET', '/api/records/documents', (call) => (call.query.get('kind') === 'requisition' ? page([]) : page([doc()]))],
    ]);
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByRole('button', { name: /retry/i })).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: /retry/i }));
    expect(await screen.findByRole('heading', { name: 'No labs yet' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Lab requisitions' }));
    expect(await screen.findByRole('heading', { name: 'No lab requisitions yet' })).toBeInTheDocument();
  });

  it('asks someone not signed in to log in, and reads no records', async () => {
    const { calls } = fakeApi([['GET', '/api/session', () => ({ body: { kind: 'guest', userId: null, role: null } })]]);
    renderPage();
    expect(await screen.findByText('Sign in to see Health records')).toBeInTheDocument();
    await waitFor(() => expect(calls.map((c) => c.path)).toEqual(['/api/session']));
  });
});
