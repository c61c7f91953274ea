// Visit call set-up benchmark (issue 16 "Done when": "a bench prints time from both joined to the
// first decoded remote frame (target ≤ 1.5 s on loopback)").
//
// The store is started the way e2e/start-server.mjs --visits starts it (apps/server/src/main.ts in
// its own process on a fresh PGlite data folder, first-start seed, DEV_CLOCK=true so a booked
// visit's window can be opened now), serving the built web app (run `npm run build` first). Then,
// BENCH_RUNS times (default 5, after BENCH_WARMUP unrecorded runs, default 1):
//   a new patient's video visit with Dr. Kim is made through the API with the patient context's
//   cookies (guest cart, questionnaire, California address, partner pharmacy, the earliest slot,
//   register, sandbox card, pay) → the store's clock is moved to 4 minutes before its start →
//   the doctor (signed in once: password + the one-time code from the dev outbox) opens the
//   visit's page and presses Join → the patient opens the visit screen and presses START VISIT →
//   the doctor presses Admit patient → the server sends `ready` to both → … → each page decodes
//   the other's first video frame → the doctor ends the visit.
// Two Chromium contexts (Debian's /usr/bin/chromium through @playwright/test, fake camera and
// microphone, loopback peer connections; no TURN: host candidates on loopback). Measured in each
// page by an init script (e2e/visit-journeys.ts probeCalls, no app change): Date.now() when the
// server's {"type":"ready"} arrives on the signalling socket, and the first getStats() (polled
// every 10 ms from then) whose inbound video framesDecoded > 0. Printed per side: each run, the
// median and the max; PASS when every run on both sides took ≤ 1.5 s.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { answerFor, type Question } from '../e2e/consult-answers.ts';
import { probeCalls, selectedPair } from '../e2e/visit-probe.ts';
import { freePort, LIFTED_RATE_LIMITS } from './lib/store-process.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 1);
const TARGET_MS = 1500;
const POLL_MS = 10;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
  '--allow-loopback-in-peer-connection',
];
const CSRF = { 'x-requested-with': 'fetch' };
const DOCTOR = { email: 'doctor@evergreen.example', password: 'Doctor#Evergreen2026', name: 'Dr. Daniel Kim' };
const PASSWORD = 'Juniper#Trail58';
const STANDARD_SHIPPING = '00000000-0000-4000-8000-0000000a0301';
const ZONE = 'America/Los_Angeles';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PHOTO = path.join(repoRoot, 'e2e', 'fixtures', 'patient-photo.jpg');

/** The store on a fresh PGlite folder with the movable clock; resolves once it answers its health check. */
async function startStore(): Promise<{ base: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-visit-bench-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      DEV_CLOCK: 'true',
      // Each run moves the store's clock an hour or more ahead (the next visit's start): sessions
      // made before must outlast it (they lapse after 30 idle minutes of store time otherwise).
      SESSION_IDLE_MINUTES: String(60 * 24 * 60),
      SESSION_MAX_HOURS: String(24 * 60),
      REGISTRATIONS_PER_IP_PER_HOUR: '1000',
      ...LIFTED_RATE_LIMITS,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const base = `http://localhost:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The store stopped while starting:\n${output}`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The store did not start within 120 s:\n${output}`);
    }
    if (await fetch(`${base}/api/health`).then((r) => r.ok, () => false)) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  return { base, stop };
}

async function json(res: Awaited<ReturnType<APIRequestContext['get']>>, status = 200): Promise<Record<string, unknown>> {
  if (res.status() !== status) throw new Error(`${res.url()}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as Record<string, unknown>;
}

/** A new patient's paid video visit with Dr. Kim at his earliest free time, through the API. */
async function visitOrder(request: APIRequestContext, n: number) {
  const { orderId } = (await json(await request.post('/api/checkout/redirect?productId=semaglutide-weight-care', { headers: CSRF }))) as { orderId: string };
  const upload = await json(
    await request.post('/api/uploads', { headers: CSRF, multipart: { file: { name: 'patient-photo.jpg', mimeType: 'image/jpeg', buffer: fs.readFileSync(PHOTO) } } }),
    201,
  );
  const consults = await json(await request.get(`/api/orders/${orderId}/consults`));
  for (const item of consults.items as { consult: { id: string; questionnaire: { version: { definition: { pages: { questions: Question[] }[] } } } } }[]) {
    const { id, questionnaire } = item.consult;
    for (const [index, page] of questionnaire.version.definition.pages.entries()) {
      const answers = Object.fromEntries(page.questions.map((q) => [q.id, answerFor(q, upload.id as string)]).filter(([, a]) => a !== undefined));
      await json(await request.put(`/api/consults/${id}/pages/${index}`, { headers: CSRF, data: { answers, mode: 'next' } }));
    }
    await json(await request.post(`/api/consults/${id}/submit`, { headers: CSRF }));
  }
  await json(
    await request.put(`/api/orders/${orderId}/shipping-address`, {
      headers: CSRF,
      data: { address: { fullName: 'Bench Patient', line1: '200 N Spring St', city: 'Los Angeles', state: 'CA', zip: '90012', phone: '2135550187' }, methodId: STANDARD_SHIPPING },
    }),
  );
  await json(await request.put(`/api/orders/${orderId}/pharmacy`, { headers: CSRF, data: { partner: true } }));
  const { doctors } = (await json(await request.get(`/api/orders/${orderId}/doctors`))) as { doctors: { id: string; name: string }[] };
  const kim = doctors.find((d) => d.name === DOCTOR.name);
  if (!kim) throw new Error('Dr. Kim is not offered in California');
  const { days } = (await json(await request.get(`/api/doctors/${kim.id}/slots?tz=${encodeURIComponent(ZONE)}`))) as { days: { slots: { startsAt: string }[] }[] };
  const startsAt = days.flatMap((d) => d.slots.map((s) => s.startsAt))[0];
  if (!startsAt) throw new Error('Dr. Kim has no free time');
  const email = `visit.bench.${Date.now()}.${n}@example.com`;
  await json(
    await request.post(`/api/orders/${orderId}/appointment`, {
      headers: CSRF,
      data: { doctorId: kim.id, startsAt, invitee: { name: 'Bench Patient', email, number: '2135550187' }, timeZone: ZONE },
    }),
    201,
  );
  await json(await request.post('/api/auth/register', { headers: CSRF, data: { email, password: PASSWORD, firstName: 'Bench', lastName: 'Patient', phone: '' } }), 201);
  const token = await json(await request.post('/api/payments/sandbox/tokens', { headers: CSRF, data: { number: '4242424242424242', expMonth: 12, expYear: 2035, cvc: '123' } }), 201);
  const consents = (await (await request.get('/api/consents')).json()) as { id: string }[];
  const paid = await json(
    await request.post(`/api/orders/${orderId}/pay`, {
      headers: { ...CSRF, 'idempotency-key': `visit-bench-${orderId}` },
      data: { paymentMethod: { token: token.token }, acceptedConsentIds: consents.map((c) => c.id) },
    }),
  );
  if (paid.status !== 'visit_scheduled') throw new Error(`order ${orderId} is ${String(paid.status)}, not visit_scheduled`);
  const { appointment } = (await json(await request.get(`/api/orders/${orderId}/appointment`))) as { appointment: { id: string; startsAt: string } };
  return { orderId, appointmentId: appointment.id, startsAt: appointment.startsAt };
}

/** The doctor's staff sign-in through the API (password, then the code from the dev outbox). */
async function doctorSignIn(request: APIRequestContext) {
  const { now } = (await json(await request.get('/dev/clock'))) as { now: string };
  const login = await json(await request.post('/api/auth/login', { headers: CSRF, data: { email: DOCTOR.email, password: DOCTOR.password } }));
  if (!login.secondFactor) throw new Error(`the doctor's login did not ask for a code: ${JSON.stringify(login)}`);
  let code: string | undefined;
  for (let i = 0; i < 100 && !code; i++) {
    const { messages } = (await json(await request.get('/dev/outbox.json'))) as { messages: { to: string; subject: string | null; body: string; createdAt: string }[] };
    const mail = messages.find((m) => m.to === DOCTOR.email && /passcode/i.test(m.subject ?? '') && m.createdAt >= now);
    code = mail ? /\b(\d{6})\b/.exec(mail.body)?.[1] : undefined;
    if (!code) await new Promise((r) => setTimeout(r, 200));
  }
  if (!code) throw new Error("the doctor's passcode never reached the outbox");
  await json(await request.post('/api/auth/staff/verify-code', { headers: CSRF, data: { email: DOCTOR.email, code } }));
}

async function waitFor(page: Page, text: string, timeout = 30_000) {
  await page.getByText(text, { exact: true }).first().waitFor({ state: 'visible', timeout });
}

interface Probe {
  readyAt: number[];
  firstFrameAt: number | null;
}
const readProbe = (page: Page) => page.evaluate(() => (window as unknown as { __visitProbe: Probe }).__visitProbe);

/** One call: the doctor joins, the patient starts, the doctor admits; answers ready → first frame per side. */
async function oneCall(base: string, browser: Awaited<ReturnType<typeof chromium.launch>>, doctor: Page, n: number) {
  const patientContext: BrowserContext = await browser.newContext({ baseURL: base, timezoneId: ZONE });
  try {
    await probeCalls(patientContext, { pollFirstFrameMs: POLL_MS });
    const visit = await visitOrder(patientContext.request, n);
    const to = new Date(Date.parse(visit.startsAt) - 4 * 60_000).toISOString();
    await json(await patientContext.request.post('/dev/clock', { headers: CSRF, data: { to } }));

    await doctor.goto(`/doctor/visits/${visit.appointmentId}`);
    await waitFor(doctor, 'Your camera and microphone are working.');
    await doctor.getByRole('button', { name: 'Join', exact: true }).click();
    await waitFor(doctor, 'Waiting for the patient to join.');

    const patient = await patientContext.newPage();
    await patient.goto(`/checkout/patient-visit?id=${visit.orderId}`);
    await waitFor(patient, 'Your camera and microphone are working.');
    await patient.getByRole('button', { name: 'START VISIT' }).click();
    await waitFor(doctor, 'The patient is waiting. Admit them when you are ready.');
    await doctor.getByRole('button', { name: 'Admit patient' }).click();

    const deadline = Date.now() + 30_000;
    let sides: { patient: Probe; doctor: Probe };
    for (;;) {
      sides = { patient: await readProbe(patient), doctor: await readProbe(doctor) };
      if (sides.patient.firstFrameAt !== null && sides.doctor.firstFrameAt !== null) break;
      if (Date.now() > deadline) throw new Error(`no first frame within 30 s: ${JSON.stringify(sides)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const candidate = (await selectedPair(doctor))?.local ?? '?';

    // The doctor ends the visit (completed); the patient's page goes on to what happens next.
    await doctor.getByRole('button', { name: 'End visit' }).click();
    await doctor.getByRole('dialog', { name: 'End the visit?' }).getByRole('button', { name: 'End visit' }).click();
    await patient.waitForURL(/\/checkout\/ended-visit/, { timeout: 20_000 });
    return {
      patientMs: sides.patient.firstFrameAt! - sides.patient.readyAt[0]!,
      doctorMs: sides.doctor.firstFrameAt! - sides.doctor.readyAt[0]!,
      candidate,
    };
  } finally {
    await patientContext.close();
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

async function main() {
  if (!fs.existsSync(path.join(repoRoot, 'apps/web/dist/index.html'))) {
    console.error('The web app is not built: run `npm run build` first (the bench drives the real pages).');
    process.exit(1);
  }
  if (!fs.existsSync(CHROMIUM)) {
    console.error(`Chromium not found at ${CHROMIUM} (set CHROMIUM_PATH, or: sudo apt-get install -y chromium).`);
    process.exit(1);
  }
  const store = await startStore();
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const doctorContext = await browser.newContext({ baseURL: store.base, timezoneId: ZONE });
    await probeCalls(doctorContext, { pollFirstFrameMs: POLL_MS });
    await doctorSignIn(doctorContext.request);
    const doctor = await doctorContext.newPage();

    const results: { patientMs: number; doctorMs: number; candidate: string }[] = [];
    for (let i = 0; i < WARMUP + RUNS; i++) {
      const result = await oneCall(store.base, browser, doctor, i);
      const label = i < WARMUP ? `warm-up ${i + 1}` : `run ${i - WARMUP + 1}`;
      console.log(`${label}: patient ${result.patientMs} ms, doctor ${result.doctorMs} ms (candidate ${result.candidate})`);
      if (i >= WARMUP) results.push(result);
    }

    const row = (side: 'patient' | 'doctor') => {
      const xs = results.map((r) => (side === 'patient' ? r.patientMs : r.doctorMs));
      return { median: median(xs), max: Math.max(...xs) };
    };
    const p = row('patient');
    const d = row('doctor');
    const pass = p.max <= TARGET_MS && d.max <= TARGET_MS;
    console.log(
      [
        '',
        `Visit call: both joined (the server's ready reaching the page) → first decoded remote video frame; ${RUNS} run(s) after ${WARMUP} warm-up; loopback, host candidates, getStats polled every ${POLL_MS} ms; Chromium ${browser.version()}, Node ${process.version}, ${os.cpus().length} CPU(s), load ${os.loadavg()[0]!.toFixed(1)}`,
        '',
        '| side | median ms | max ms |',
        '|---|---:|---:|',
        `| patient (decodes the doctor's video) | ${p.median} | ${p.max} |`,
        `| doctor (decodes the patient's video) | ${d.median} | ${d.max} |`,
        '',
        pass ? `PASS: every run ≤ ${TARGET_MS} ms on both sides.` : `FAIL: target ≤ ${TARGET_MS} ms (max patient ${p.max} ms, doctor ${d.max} ms).`,
        '',
      ].join('\n'),
    );
    if (!pass) process.exitCode = 1;
  } finally {
    await browser.close();
    await store.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
