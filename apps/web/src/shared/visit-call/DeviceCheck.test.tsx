// SPEC §2 patient visit: "a camera and microphone check, then START VISIT" (issue 16): the
// preview, the device choices, and a message a patient can act on when a device is missing,
// blocked or busy.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '@/test/axe';
import { renderWithStore } from '@/test/render';
import { DeviceCheck } from './DeviceCheck';
import { stubMediaDevices, unstubMediaDevices } from './test-fakes';

afterEach(() => {
  unstubMediaDevices();
});

function renderCheck() {
  const onStart = vi.fn();
  const { container } = renderWithStore(<DeviceCheck startLabel="START VISIT" onStart={onStart} />);
  return { onStart, container };
}

describe('DeviceCheck', () => {
  it('shows the camera, lists the devices, and starts with the chosen ones (letting go of the preview)', async () => {
    const media = stubMediaDevices();
    const user = userEvent.setup();
    const { onStart, container } = renderCheck();
    expect(await screen.findByText('Your camera and microphone are working.')).toBeInTheDocument();
    expect(screen.getByLabelText('Your camera')).toBeInTheDocument();
    await expectNoAxeViolations(container);
    expect(screen.getByRole('progressbar', { name: /Microphone level/ })).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Camera' }));
    await user.click(await screen.findByRole('option', { name: 'Camera B' }));
    await waitFor(() =>
      expect(media.requests.at(-1)).toEqual({
        audio: { deviceId: { exact: 'mic-1' } },
        video: { deviceId: { exact: 'cam-2' } },
      }),
    );
    // The first preview's camera was released before the second opened.
    expect(media.streams[0]!.getTracks().every((t) => t.readyState === 'ended')).toBe(true);

    await user.click(await screen.findByRole('button', { name: 'START VISIT' }));
    expect(onStart).toHaveBeenCalledWith({ cameraId: 'cam-2', microphoneId: 'mic-1' });
    expect(
      media.streams
        .at(-1)!
        .getTracks()
        .every((t) => t.readyState === 'ended'),
    ).toBe(true);
  });

  it('while the camera starts: says so, and does not claim that no camera or microphone was found', async () => {
    stubMediaDevices();
    // The browser has not answered yet.
    Object.assign(navigator.mediaDevices, { getUserMedia: () => new Promise<MediaStream>(() => {}) });
    const { container } = renderCheck();
    expect(await screen.findByText('Starting your camera…')).toBeInTheDocument();
    expect(screen.queryByText('No camera found')).not.toBeInTheDocument();
    expect(screen.queryByText('No microphone found')).not.toBeInTheDocument();
    await expectNoAxeViolations(container);
  });

  it('without a camera: says so and lets the visit start with sound only', async () => {
    stubMediaDevices({ cameras: [], fail: (c) => (c.video ? 'NotFoundError' : null) });
    const user = userEvent.setup();
    const { onStart } = renderCheck();
    expect(
      await screen.findByText(
        /No camera found\. Connect a camera and press Try again, or start the visit with sound only\./,
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('No camera picture')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'START VISIT' }));
    expect(onStart).toHaveBeenCalledWith({ microphoneId: 'mic-1' });
  });

  it('when the browser blocks the devices: says how to allow them, START VISIT stays off, Try again asks again', async () => {
    let blocked = true;
    const media = stubMediaDevices({ fail: () => (blocked ? 'NotAllowedError' : null) });
    const user = userEvent.setup();
    renderCheck();
    expect(
      await screen.findByText(
        /Your browser is blocking the camera and microphone\. Allow them for this site/,
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'START VISIT' })).toBeDisabled();
    blocked = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Your camera and microphone are working.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'START VISIT' })).toBeEnabled();
    expect(media.requests).toHaveLength(2);
  });

  it('when another app holds the devices: says to close it', async () => {
    stubMediaDevices({ fail: () => 'NotReadableError' });
    renderCheck();
    expect(
      await screen.findByText(
        /Your camera or microphone is being used by another app\. Close that app/,
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'START VISIT' })).toBeDisabled();
  });

  it('when only the camera is busy: says so and allows sound only', async () => {
    stubMediaDevices({ fail: (c) => (c.video ? 'NotReadableError' : null) });
    renderCheck();
    expect(await screen.findByText(/Your camera is being used by another app/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'START VISIT' })).toBeEnabled();
  });

  it('without camera and microphone: says none was found', async () => {
    stubMediaDevices({ cameras: [], microphones: [], fail: () => 'NotFoundError' });
    renderCheck();
    expect(await screen.findByText(/No camera or microphone found/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'START VISIT' })).toBeDisabled();
  });

  it('in a browser without camera access: says to use another browser', async () => {
    unstubMediaDevices();
    renderCheck();
    expect(
      await screen.findByText(/This browser cannot use a camera and microphone here/),
    ).toBeInTheDocument();
  });
});
