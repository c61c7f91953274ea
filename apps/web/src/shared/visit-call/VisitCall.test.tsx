// issue 16 "Video": the call's screen — the waiting room (the doctor admits the patient), mute,
// camera off, switch device, leave, End visit, and "the doctor will call you" — with its
// controls as labelled buttons with a pressed state and its status read out (a live region).
import type { ServerSignal } from '@store/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '@/test/axe';
import { renderWithStore } from '@/test/render';
import { JoinVisit } from './JoinVisit';
import { fakeDeps, stubMediaDevices, unstubMediaDevices } from './test-fakes';
import { VisitCall } from './VisitCall';

const HELLO = { endsAt: '2030-01-01T10:30:00.000Z', closesAt: '2030-01-01T10:45:00.000Z' };

afterEach(() => {
  unstubMediaDevices();
});

async function renderCall(role: 'patient' | 'doctor', phone?: string) {
  stubMediaDevices();
  const fake = fakeDeps();
  const onEnded = vi.fn();
  const onLeft = vi.fn();
  const view = renderWithStore(
    <VisitCall
      appointmentId="appt-1"
      role={role}
      {...(phone ? { phone } : {})}
      onEnded={onEnded}
      onLeft={onLeft}
      deps={fake.deps}
    />,
  );
  await waitFor(() => expect(fake.sockets).toHaveLength(1));
  await act(async () => fake.socket().open());
  const receive = (message: ServerSignal) =>
    act(async () => {
      fake.socket().receive(message);
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  return { ...fake, ...view, onEnded, onLeft, receive };
}

const liveRegion = () =>
  screen.getAllByRole('status').find((el) => el.getAttribute('aria-live') === 'polite')!;

describe('VisitCall', () => {
  it('the doctor admits the waiting patient, and the call connects', async () => {
    const call = await renderCall('doctor', '+1 555 010 2000');
    await call.receive({
      type: 'hello',
      role: 'doctor',
      admitted: false,
      peerPresent: false,
      ...HELLO,
    });
    const admit = screen.getByRole('button', { name: 'Admit patient' });
    expect(admit).toBeDisabled();
    expect(liveRegion()).toHaveTextContent('Waiting for the patient to join.');
    await call.receive({ type: 'peer-joined', role: 'patient' });
    expect(admit).toBeEnabled();
    expect(liveRegion()).toHaveTextContent(
      'The patient is waiting. Admit them when you are ready.',
    );
    await userEvent.click(admit);
    expect(call.socket().ofType('admit')).toHaveLength(1);
    await call.receive({ type: 'admitted' });
    // The patient is in: nobody is left to admit.
    expect(screen.queryByRole('button', { name: 'Admit patient' })).not.toBeInTheDocument();
    await call.receive({ type: 'ready' });
    expect(call.socket().ofType('description')[0]?.description.type).toBe('offer');
    await call.receive({ type: 'description', description: { type: 'answer', sdp: 'answer' } });
    await act(async () => call.peer().setIce('connected'));
    expect(liveRegion()).toHaveTextContent('You are connected to the patient.');
    expect(screen.getByLabelText("The patient's video")).not.toHaveProperty('muted', true);
    expect(screen.getByLabelText('Your camera')).toHaveProperty('muted', true);
    await expectNoAxeViolations(call.container);
  });

  it('mute and camera off are pressed-state buttons that switch the tracks', async () => {
    const user = userEvent.setup();
    const call = await renderCall('patient');
    await call.receive({
      type: 'hello',
      role: 'patient',
      admitted: true,
      peerPresent: true,
      ...HELLO,
    });
    const mute = screen.getByRole('button', { name: 'Mute' });
    const camera = screen.getByRole('button', { name: 'Camera off' });
    expect(mute).toHaveAttribute('aria-pressed', 'false');
    await user.click(mute);
    expect(mute).toHaveAttribute('aria-pressed', 'true');
    expect(liveRegion()).toHaveTextContent('Your microphone is off.');
    await user.click(camera);
    expect(camera).toHaveAttribute('aria-pressed', 'true');
    const [audio, video] = [
      call.streams[0]!.getAudioTracks()[0]!,
      call.streams[0]!.getVideoTracks()[0]!,
    ];
    expect([audio.enabled, video.enabled]).toEqual([false, false]);
    await user.click(mute);
    expect(mute).toHaveAttribute('aria-pressed', 'false');
    expect(audio.enabled).toBe(true);
  });

  it('in the waiting room, camera off is said, and the stage still says the patient waits to be let in', async () => {
    // issue 16 "a waiting room (the doctor admits the patient)"; walk-through: the stage's
    // "Waiting for the doctor to let you in." was replaced by "Your camera is off.", so a patient
    // who turned the camera off while waiting no longer knew what they were waiting for.
    const user = userEvent.setup();
    const call = await renderCall('patient');
    await call.receive({
      type: 'hello',
      role: 'patient',
      admitted: false,
      peerPresent: false,
      ...HELLO,
    });
    const stage = () => screen.getByLabelText("Your doctor's video").parentElement!;
    expect(stage()).toHaveTextContent('Waiting for the doctor to let you in.');
    await user.click(screen.getByRole('button', { name: 'Camera off' }));
    expect(liveRegion()).toHaveTextContent('Your camera is off.');
    expect(stage()).toHaveTextContent('Waiting for the doctor to let you in.');
    await user.click(screen.getByRole('button', { name: 'Mute' }));
    expect(stage()).toHaveTextContent('Waiting for the doctor to let you in.');
    await call.receive({ type: 'peer-joined', role: 'doctor' });
    await call.receive({ type: 'admitted' });
    await call.receive({ type: 'ready' });
    expect(stage()).toHaveTextContent('Connecting to your doctor…');
  });

  it('switches the camera from the Devices panel during the call', async () => {
    const user = userEvent.setup();
    const call = await renderCall('doctor');
    await call.receive({
      type: 'hello',
      role: 'doctor',
      admitted: true,
      peerPresent: true,
      ...HELLO,
    });
    await call.receive({ type: 'ready' });
    const devices = screen.getByRole('button', { name: 'Devices' });
    await user.click(devices);
    expect(devices).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('combobox', { name: 'Camera' }));
    await user.click(await screen.findByRole('option', { name: 'Camera B' }));
    await waitFor(() =>
      expect(call.peer().senders.find((s) => s.track?.kind === 'video')?.track?.deviceId).toBe(
        'cam-2',
      ),
    );
    expect(liveRegion()).toHaveTextContent('Switched camera.');
  });

  it('the patient waits to be let in, and reads the number when the call moves to the phone', async () => {
    const call = await renderCall('patient', '+1 555 010 2000');
    await call.receive({
      type: 'hello',
      role: 'patient',
      admitted: false,
      peerPresent: true,
      ...HELLO,
    });
    expect(liveRegion()).toHaveTextContent('Waiting for the doctor to let you in.');
    expect(screen.queryByRole('button', { name: 'Admit patient' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'End visit' })).not.toBeInTheDocument();
    await call.receive({ type: 'phone-fallback', phone: '+1 555 010 9999' });
    expect(liveRegion()).toHaveTextContent('Your doctor will call you at +1 555 010 9999');
    expect(screen.queryByLabelText('Your camera')).not.toBeInTheDocument();
    // Nothing to mute or switch on the phone; Leave stays.
    expect(screen.queryByRole('button', { name: 'Mute' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Leave' })).toBeInTheDocument();
  });

  it('the doctor sees the patient’s number to call when the call moves to the phone', async () => {
    const call = await renderCall('doctor', '+1 555 010 2000');
    await call.receive({
      type: 'hello',
      role: 'doctor',
      admitted: true,
      peerPresent: true,
      ...HELLO,
    });
    await call.receive({ type: 'ready' });
    await act(async () => call.peer().setIce('failed'));
    await act(async () => call.peer().setIce('failed'));
    await act(async () => call.peer().setIce('failed'));
    await act(async () => call.peer().setIce('failed'));
    expect(call.socket().ofType('phone-fallback')).toHaveLength(1);
    expect(within(liveRegion()).getByRole('link', { name: '+1 555 010 2000' })).toHaveAttribute(
      'href',
      'tel:+15550102000',
    );
  });

  it('End visit sends the summary and end; the server’s ended tells the page', async () => {
    const user = userEvent.setup();
    const call = await renderCall('doctor');
    await call.receive({
      type: 'hello',
      role: 'doctor',
      admitted: true,
      peerPresent: true,
      ...HELLO,
    });
    await call.receive({ type: 'ready' });
    // Ending cannot be undone: the doctor is asked first, and Keep talking changes nothing.
    await user.click(screen.getByRole('button', { name: 'End visit' }));
    await user.click(within(screen.getByRole('dialog', { name: 'End the visit?' })).getByRole('button', { name: 'Keep talking' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(call.socket().ofType('end')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'End visit' }));
    await user.click(within(screen.getByRole('dialog', { name: 'End the visit?' })).getByRole('button', { name: 'End visit' }));
    await waitFor(() => expect(call.socket().ofType('end')).toHaveLength(1));
    expect(call.socket().ofType('quality')).toHaveLength(1);
    await call.receive({ type: 'ended', by: 'doctor' });
    expect(call.onEnded).toHaveBeenCalledWith('doctor');
  });

  it('a visit that is not this person’s says so without a retry', async () => {
    const call = await renderCall('patient');
    await act(async () => call.socket().drop(4404));
    expect(screen.getByRole('alert')).toHaveTextContent('This visit is not one of yours.');
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('unmounting stops the camera and closes the socket, saying goodbye from a call under way', async () => {
    const call = await renderCall('patient');
    await call.receive({
      type: 'hello',
      role: 'patient',
      admitted: true,
      peerPresent: true,
      ...HELLO,
    });
    await call.receive({ type: 'ready' });
    await call.receive({ type: 'description', description: { type: 'offer', sdp: 'offer-1' } });
    await act(async () => call.peer().setIce('connected'));
    const socket = call.socket();
    const local = call.peer().senders.map((s) => s.track!);
    call.unmount();
    expect(socket.sent.slice(-2).map((m) => m.type)).toEqual(['quality', 'leave']);
    expect(socket.closedWith).toBe(1000);
    expect(call.peer().closed).toBe(true);
    expect(local.every((t) => t.readyState === 'ended')).toBe(true);
  });
});

describe('JoinVisit', () => {
  it('the patient checks the devices, presses START VISIT, and comes back to the check after leaving', async () => {
    stubMediaDevices();
    const fake = fakeDeps();
    const onLeft = vi.fn();
    const user = userEvent.setup();
    renderWithStore(
      <JoinVisit
        appointmentId="appt-1"
        role="patient"
        onEnded={vi.fn()}
        onLeft={onLeft}
        deps={fake.deps}
      />,
    );
    await screen.findByText('Your camera and microphone are working.');
    await user.click(screen.getByRole('button', { name: 'START VISIT' }));
    await waitFor(() => expect(fake.sockets).toHaveLength(1));
    // The call opens the devices chosen in the check.
    expect(fake.gum[0]).toMatchObject({
      audio: { deviceId: { exact: 'mic-1' } },
      video: { deviceId: { exact: 'cam-1' } },
    });
    // START VISIT is gone: focus goes to the call's status line, not to the page's body (walk-through).
    await waitFor(() => expect(liveRegion()).toHaveFocus());
    await act(async () => fake.socket().open());
    await user.click(screen.getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(onLeft).toHaveBeenCalledOnce());
    expect(fake.sockets[0]!.ofType('leave')).toHaveLength(1);
    expect(
      await screen.findByText('You left the visit. You can join again while it is open.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'START VISIT' })).toBeInTheDocument();
    // Leave is gone too: the check's heading takes focus.
    expect(
      screen.getByRole('heading', { level: 2, name: 'Check your camera and microphone' }),
    ).toHaveFocus();
  });

  it('before the visit opens, the check runs but START VISIT waits', async () => {
    stubMediaDevices();
    const deps = fakeDeps().deps;
    function Page() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button onClick={() => setOpen(true)}>Open now</button>
          <JoinVisit
            appointmentId="appt-1"
            role="patient"
            notYet={open ? undefined : 'Your visit opens at 9:55 AM.'}
            onEnded={vi.fn()}
            deps={deps}
          />
        </>
      );
    }
    renderWithStore(<Page />);
    expect(await screen.findByText('Your camera and microphone are working.')).toBeInTheDocument();
    expect(screen.getByText('Your visit opens at 9:55 AM.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'START VISIT' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Open now' }));
    expect(screen.getByRole('button', { name: 'START VISIT' })).toBeEnabled();
    expect(screen.queryByText('Your visit opens at 9:55 AM.')).not.toBeInTheDocument();
  });

  it('the doctor’s button says Join', async () => {
    stubMediaDevices();
    renderWithStore(
      <JoinVisit appointmentId="appt-1" role="doctor" onEnded={vi.fn()} deps={fakeDeps().deps} />,
    );
    expect(await screen.findByRole('button', { name: 'Join' })).toBeInTheDocument();
    // Opening the doctor's page does not move focus into the check.
    expect(
      screen.getByRole('heading', { level: 2, name: 'Check your camera and microphone' }),
    ).not.toHaveFocus();
  });
});
