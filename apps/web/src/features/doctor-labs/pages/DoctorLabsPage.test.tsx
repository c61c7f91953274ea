// issue 17: the doctor's lab page lists the lab orders they may result and uploads a results file
// under the spec's upload rules (SPEC §5: under 10 MB; JPG, PNG, HEIC or PDF) with the spec's messages.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DoctorLabOrder } from '@store/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, problem } from '@/test/fakeApi';
import { renderWithStore } from '@/test/render';
import { DoctorLabsPage, resultFileProblem } from './DoctorLabsPage';

afterEach(() => vi.unstubAllGlobals());

const lab = (over: Partial<DoctorLabOrder> = {}): DoctorLabOrder => ({
  id: 'lab-1',
  requisitionNumber: 'LAB-1A2B3C4D',
  panel: 'Comprehensive Wellness Lab Panel',
  status: 'ordered',
  patientName: 'Lena Park',
  patientDateOfBirth: '1984-05-06',
  storefrontName: 'Evergreen Health',
  orderNumber: 'AB12CD34',
  orderedAt: '2027-02-01T12:00:00Z',
  resultedAt: null,
  requisitionUrl: '/api/doctor/labs/lab-1/requisition',
  resultUrl: null,
  ...over,
});

const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'results.png', { type: 'image/png' });

describe('resultFileProblem (SPEC §5 upload rules)', () => {
  it('accepts a PDF or photo under 10 MB and names what is wrong otherwise', () => {
    expect(resultFileProblem({ name: 'r.pdf', size: 1000, type: 'application/pdf' })).toBeNull();
    expect(resultFileProblem({ name: 'r.heic', size: 1000, type: '' })).toBeNull();
    expect(resultFileProblem({ name: 'r.txt', size: 1000, type: 'text/plain' })).toBe('This file type is not supported. Please upload a JPG, PNG, HEIC or PDF.');
    expect(resultFileProblem({ name: 'r.pdf', size: 10 * 1024 * 1024, type: 'application/pdf' })).toBe('This file is too large. Please choose a file under 10 MB.');
  });
});

describe('DoctorLabsPage', () => {
  it('lists the lab orders and uploads the results of one', async () => {
    let resulted = false;
    const { calls } = fakeApi([
      ['GET', '/api/doctor/labs', () => ({ body: { labs: [resulted ? lab({ status: 'resulted', resultedAt: '2027-02-02T12:00:00Z', resultUrl: '/api/doctor/labs/lab-1/result' }) : lab()] } })],
      [
        'POST',
        '/api/doctor/labs/lab-1/results',
        () => {
          resulted = true;
          return { status: 201, body: { id: 'lab-1', status: 'resulted', resultedAt: '2027-02-02T12:00:00Z' } };
        },
      ],
    ]);
    const user = userEvent.setup();
    renderWithStore(<DoctorLabsPage />, { path: '/doctor/labs' });
    const row = await screen.findByRole('listitem', { name: 'Lena Park · Comprehensive Wellness Lab Panel' });
    expect(within(row).getByText('Awaiting results')).toBeInTheDocument();
    expect(within(row).getByText(/Born 1984-05-06/)).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Upload results' })).toBeDisabled();
    await user.upload(within(row).getByLabelText('Choose results file'), png());
    expect(within(row).getByText('results.png')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Upload results' }));
    expect(await within(row).findByRole('link', { name: 'Results' })).toHaveAttribute('href', '/api/doctor/labs/lab-1/result');
    expect(within(row).getByText('Resulted')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/doctor/labs/lab-1/results']);
  });

  it('refuses a wrong file before sending and shows the server’s message when it refuses one', async () => {
    const { calls } = fakeApi([
      ['GET', '/api/doctor/labs', () => ({ body: { labs: [lab()] } })],
      ['POST', '/api/doctor/labs/lab-1/results', () => problem(415, 'UPLOAD_WRONG_TYPE', 'This file type is not supported. Please upload a JPG, PNG, HEIC or PDF.', [{ field: 'file', message: 'This file type is not supported. Please upload a JPG, PNG, HEIC or PDF.' }])],
    ]);
    const user = userEvent.setup({ applyAccept: false });
    renderWithStore(<DoctorLabsPage />, { path: '/doctor/labs' });
    const row = await screen.findByRole('listitem', { name: /Lena Park/ });
    await user.upload(within(row).getByLabelText('Choose results file'), new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(within(row).getByRole('alert')).toHaveTextContent('This file type is not supported. Please upload a JPG, PNG, HEIC or PDF.');
    expect(within(row).getByRole('button', { name: 'Upload results' })).toBeDisabled();

    // A file that looks right here but is not (the server reads its content).
    await user.upload(within(row).getByLabelText('Choose results file'), png());
    await user.click(within(row).getByRole('button', { name: 'Upload results' }));
    expect(await within(row).findByRole('alert')).toHaveTextContent('This file type is not supported.');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('says when there are no lab orders, and shows an error with Retry', async () => {
    let fail = true;
    fakeApi([['GET', '/api/doctor/labs', () => (fail ? 'network' : { body: { labs: [] } })]]);
    const user = userEvent.setup();
    renderWithStore(<DoctorLabsPage />, { path: '/doctor/labs' });
    expect(await screen.findByRole('button', { name: /retry/i })).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: /retry/i }));
    expect(await screen.findByRole('heading', { name: 'No lab orders' })).toBeInTheDocument();
  });
});
