// SPEC §5 "Upload: under 10MB; JPG, PNG, HEIC or PDF"; SPEC §8 upload failures (too large, wrong
// type, both, no camera found); issue 8 "camera capture where available".
import { MESSAGES, questionnaireDefinitionSchema, UPLOAD_MAX_BYTES, type QuestionOf } from '@store/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '@/test/axe';
import { fakeApi, problem } from '@/test/fakeApi';
import { renderWithStore } from '@/test/render';
import { clientUploadProblem, FileUploadQuestion } from './FileUploadQuestion';

afterEach(() => {
  vi.unstubAllGlobals();
});

const question = questionnaireDefinitionSchema.parse({
  title: 'T',
  pages: [{ title: 'P', questions: [{ id: 'photos', type: 'file_upload', label: 'Photos of your skin', camera: true, maxFiles: 2 }] }],
}).pages[0]!.questions[0] as QuestionOf<'file_upload'>;

function Harness({ detectCamera = async () => true }: { detectCamera?: () => Promise<boolean> }) {
  const [value, setValue] = useState<unknown>(undefined);
  return (
    <>
      <FileUploadQuestion question={question} value={value} onChange={setValue} error={undefined} detectCamera={detectCamera} />
      <output data-testid="value">{JSON.stringify(value ?? null)}</output>
    </>
  );
}
const valueNow = () => JSON.parse(screen.getByTestId('value').textContent!) as string[] | null;

/** A File of the given size without allocating it (jsdom reads `size` from the blob parts). */
function fileOf(name: string, type: string, size = 1000): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

describe('clientUploadProblem', () => {
  it.each([
    // SPEC §5 "under 10MB": 10 MB itself is too large
    ['photo.jpg', 'image/jpeg', UPLOAD_MAX_BYTES - 1, null],
    ['photo.jpg', 'image/jpeg', UPLOAD_MAX_BYTES, MESSAGES.UPLOAD_TOO_LARGE],
    ['setup.exe', 'application/x-msdownload', 1000, MESSAGES.UPLOAD_WRONG_TYPE],
    ['setup.exe', 'application/x-msdownload', UPLOAD_MAX_BYTES + 1, MESSAGES.UPLOAD_TOO_LARGE_AND_WRONG_TYPE],
    // browsers often give HEIC no type: the name vouches, the server checks the content
    ['IMG_0001.HEIC', '', 1000, null],
    ['scan.pdf', 'application/pdf', 1000, null],
  ])('%s (%s, %d bytes) → %s', (name, type, size, expected) => {
    expect(clientUploadProblem({ name, type, size })).toBe(expected);
  });
});

describe('FileUploadQuestion', () => {
  it('uploads a photo and lists it', async () => {
    const user = userEvent.setup();
    const { calls } = fakeApi([
      ['POST', '/api/uploads', () => ({ status: 201, body: { id: 'u1', contentType: 'image/png', sizeBytes: 2048, originalName: 'rash.png', createdAt: '' } })],
    ]);
    renderWithStore(<Harness />);
    await user.upload(screen.getByTestId('photos-file'), fileOf('rash.png', 'image/png', 2048));
    expect(await screen.findByRole('link', { name: 'rash.png (2 KB)' })).toHaveAttribute('href', '/api/uploads/u1');
    expect(valueNow()).toEqual(['u1']);
    // sent as multipart with the CSRF header, not as JSON
    const init = (globalThis.fetch as unknown as { mock: { calls: [string, RequestInit][] } }).mock.calls[0]![1];
    expect(init.body).toBeInstanceOf(FormData);
    expect((init.body as FormData).get('file')).toBeInstanceOf(File);
    expect((init.headers as Record<string, string>)['X-Requested-With']).toBe('fetch');
    expect((init.headers as Record<string, string>)['Content-Type']).toBeUndefined();
    expect(calls).toHaveLength(1);
  });

  it.each([
    ['too large', fileOf('big.jpg', 'image/jpeg', UPLOAD_MAX_BYTES + 1), MESSAGES.UPLOAD_TOO_LARGE],
    ['wrong type', fileOf('setup.exe', 'application/x-msdownload'), MESSAGES.UPLOAD_WRONG_TYPE],
    ['both', fileOf('setup.exe', 'application/x-msdownload', UPLOAD_MAX_BYTES + 1), MESSAGES.UPLOAD_TOO_LARGE_AND_WRONG_TYPE],
  ])('says %s at once, without sending the file', async (_what, file, message) => {
    const user = userEvent.setup({ applyAccept: false });
    const { calls } = fakeApi([]);
    renderWithStore(<Harness />);
    await user.upload(screen.getByTestId('photos-file'), file);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(calls).toHaveLength(0);
    expect(valueNow()).toBeNull();
    expect(screen.getByRole('button', { name: 'Choose a file' })).toHaveAccessibleDescription(message);
  });

  it('shows the server’s message when it refuses the content (a renamed program)', async () => {
    const user = userEvent.setup();
    fakeApi([['POST', '/api/uploads', () => problem(415, 'UPLOAD_WRONG_TYPE', MESSAGES.UPLOAD_WRONG_TYPE, [{ field: 'file', message: MESSAGES.UPLOAD_WRONG_TYPE }])]]);
    renderWithStore(<Harness />);
    await user.upload(screen.getByTestId('photos-file'), fileOf('holiday.jpg', 'image/jpeg'));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.UPLOAD_WRONG_TYPE);
    expect(valueNow()).toBeNull();
  });

  it('shows the upload limit at the field when the server answers 429, and the patient can choose again later', async () => {
    // issue 13 #7: uploads are limited per session and hour; the refusal is said where the patient looks.
    const user = userEvent.setup();
    let limited = true;
    fakeApi([
      [
        'POST',
        '/api/uploads',
        () =>
          limited
            ? problem(429, 'UPLOAD_LIMIT_REACHED', MESSAGES.UPLOAD_LIMIT_REACHED, [{ field: 'file', message: MESSAGES.UPLOAD_LIMIT_REACHED }])
            : { status: 201, body: { id: '00000000-0000-4000-8000-000000000001', contentType: 'image/jpeg', sizeBytes: 1000, originalName: 'rash.jpg', createdAt: '2026-01-01T00:00:00.000Z' } },
      ],
    ]);
    renderWithStore(<Harness />);
    await user.upload(screen.getByTestId('photos-file'), fileOf('rash.jpg', 'image/jpeg'));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.UPLOAD_LIMIT_REACHED);
    expect(screen.getByRole('button', { name: 'Choose a file' })).toHaveAccessibleDescription(MESSAGES.UPLOAD_LIMIT_REACHED);
    expect(valueNow()).toBeNull();
    limited = false;
    await user.upload(screen.getByTestId('photos-file'), fileOf('rash.jpg', 'image/jpeg'));
    await waitFor(() => expect(valueNow()).toEqual(['00000000-0000-4000-8000-000000000001']));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says no camera was found when the device has none', async () => {
    const user = userEvent.setup();
    fakeApi([]);
    renderWithStore(<Harness detectCamera={async () => false} />);
    await user.click(screen.getByRole('button', { name: 'Take a photo' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.NO_CAMERA);
  });

  it('opens the camera capture input when there is a camera', async () => {
    const user = userEvent.setup();
    fakeApi([
      ['POST', '/api/uploads', () => ({ status: 201, body: { id: 'u2', contentType: 'image/jpeg', sizeBytes: 4096, originalName: 'image.jpg', createdAt: '' } })],
    ]);
    renderWithStore(<Harness />);
    const camera = screen.getByTestId('photos-camera');
    expect(camera).toHaveAttribute('capture', 'environment');
    const click = vi.spyOn(camera, 'click');
    await user.click(screen.getByRole('button', { name: 'Take a photo' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    await user.upload(camera, fileOf('image.jpg', 'image/jpeg', 4096));
    expect(await screen.findByRole('link', { name: 'image.jpg (4 KB)' })).toBeInTheDocument();
  });

  it('stops at the question’s number of files, and a file can be removed', async () => {
    const user = userEvent.setup();
    let n = 0;
    fakeApi([
      ['POST', '/api/uploads', () => ({ status: 201, body: { id: `u${++n}`, contentType: 'image/png', sizeBytes: 1000, originalName: `p${n}.png`, createdAt: '' } })],
    ]);
    renderWithStore(<Harness />);
    await user.upload(screen.getByTestId('photos-file'), fileOf('a.png', 'image/png'));
    await screen.findByRole('link', { name: /p1\.png/ });
    await user.upload(screen.getByTestId('photos-file'), fileOf('b.png', 'image/png'));
    await screen.findByRole('link', { name: /p2\.png/ });
    expect(screen.getByRole('button', { name: 'Choose a file' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Remove p1.png' }));
    expect(valueNow()).toEqual(['u2']);
    expect(screen.getByRole('button', { name: 'Choose a file' })).toBeEnabled();
  });

  it('has no axe violations with a message shown', async () => {
    const user = userEvent.setup();
    fakeApi([]);
    const { container } = renderWithStore(<Harness detectCamera={async () => false} />);
    await user.click(screen.getByRole('button', { name: 'Take a photo' }));
    await screen.findByRole('alert');
    await expectNoAxeViolations(container);
  });
});
