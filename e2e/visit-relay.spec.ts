// The visit forced through TURN (issue 16 "Done when": "a test that forces relay
// (iceTransportPolicy: 'relay') through coturn started on loopback (installed from Debian by the test
// script when missing and root; otherwise skipped with a clear line)"; "ICE servers configurable;
// TURN with time-limited credentials (coturn's shared-secret scheme)"). The visits store's coturn
// is started beside it by e2e/start-server.mjs --visits; both pages' RTCPeerConnections are made
// with iceTransportPolicy 'relay' by an init script, so no host candidate can carry the call.
// The purchase is made through the API with the patient page's cookies (visit-video.spec.ts buys
// one through the checkout's pages).
import { expect, test } from '@playwright/test';
import {
  closeContexts,
  DOCTOR,
  doctorAdmits,
  doctorEndsVisit,
  doctorJoins,
  expectDecodingBothWays,
  newEmail,
  openVisitWindow,
  patientOpensVisit,
  patientPage,
  patientStartsVisit,
  selectedPair,
  serverNow,
  staffSignIn,
  visitOrderByApi,
} from './visit-journeys.ts';

test.afterEach(({ browser }) => closeContexts(browser));

test('a video visit relayed through coturn on loopback: each side decodes the other over a relay candidate pair (issue 16)', async ({ browser }) => {
  test.setTimeout(240_000);
  const patient = await patientPage(browser, { relay: true });
  const visit = await visitOrderByApi(patient, newEmail('relay'));
  await openVisitWindow(patient.request, visit.startsAt);
  await patientOpensVisit(patient, visit);

  // The store hands out TURN only when coturn runs beside it (e2e/start-server.mjs --visits).
  const res = await patient.request.get(`/api/visits/${visit.appointmentId}/ice-servers`);
  expect(res.status(), await res.text()).toBe(200);
  const ice = (await res.json()) as { iceServers: { urls: string | string[]; username?: string; credential?: string }[] };
  const turn = ice.iceServers.find((s) => [s.urls].flat().some((u) => u.startsWith('turn:')));
  if (!turn) {
    const reason = 'coturn (turnserver) is not installed here and could not be installed (not root): the relay journey is skipped';
    console.log(reason); // the list reporter shows the line; the skip annotation carries it to the JSON results
    test.skip(true, reason);
  }
  // coturn's REST-API scheme: "<unix expiry>:<participant>", expiring in the future (server time),
  // with an HMAC credential; nothing in it names the patient or the visit.
  const [expiry, participant] = turn!.username!.split(':');
  expect(Number(expiry) * 1000).toBeGreaterThan(await serverNow(patient.request));
  expect(participant).not.toContain(visit.appointmentId);
  expect(turn!.username).not.toContain(visit.email);
  expect(turn!.credential).toMatch(/^[A-Za-z0-9+/]+=*$/);

  const doctor = await staffSignIn(browser, DOCTOR, { relay: true });
  await doctorJoins(doctor, visit.appointmentId);
  await patientStartsVisit(patient);
  await doctorAdmits(doctor);

  await expectDecodingBothWays(patient, doctor);
  // Through the relay on both sides: the selected pair's local candidate is coturn's.
  await expect.poll(async () => (await selectedPair(patient))?.local, { message: "the patient's selected local candidate" }).toBe('relay');
  await expect.poll(async () => (await selectedPair(doctor))?.local, { message: "the doctor's selected local candidate" }).toBe('relay');
  expect((await selectedPair(patient))?.remote).toBe('relay');
  expect((await selectedPair(doctor))?.remote).toBe('relay');
  await patient.screenshot({ path: test.info().outputPath('patient-relayed-call.png'), fullPage: true });

  await doctorEndsVisit(doctor, patient, visit.orderId);
});
