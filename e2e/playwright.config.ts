import path from 'node:path';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
export const BASE_URL = `http://localhost:${port}`;
// The visit journeys (issue 16) get a store of their own: its clock is moved forward to open a
// booked visit (DEV_CLOCK), which must not touch the other journeys' orders, and it relays calls
// through a coturn started beside it on loopback when coturn is installed.
const visitsPort = Number(process.env.E2E_VISITS_PORT ?? port + 1);
export const VISITS_BASE_URL = `http://localhost:${visitsPort}`;
// The auto-refill journeys (issue 17) move the clock weeks ahead: a movable-clock store of their own.
const refillsPort = Number(process.env.E2E_REFILLS_PORT ?? port + 2);
export const REFILLS_BASE_URL = `http://localhost:${refillsPort}`;
// The operator's journeys (issue 18) change brands, prices, questionnaires and promo codes: a store
// of their own, so the other journeys keep the demo catalogue they expect.
export const ADMIN_PORT = Number(process.env.E2E_ADMIN_PORT ?? port + 3);
export const ADMIN_BASE_URL = `http://localhost:${ADMIN_PORT}`;
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  // One browser at a time by default (issue 13 #19): on the 2-core CI machine two workers (two
  // Chromiums) beside the server and its in-process database made each test about half again as
  // slow, for a suite only about a fifth faster, and the long journeys ran out of their 60 s when
  // anything else was running. E2E_WORKERS sets more on a bigger machine.
  workers: Number(process.env.E2E_WORKERS ?? 1),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // A relative E2E_RESULTS_FILE is taken from where the command runs (the repository root in CI),
  // not from this folder as Playwright would.
  reporter: process.env.E2E_RESULTS_FILE
    ? [['list'], ['json', { outputFile: path.resolve(process.env.E2E_RESULTS_FILE) }]]
    : [['list']],
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's Chromium; Playwright never downloads a browser here.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    { name: 'store', testIgnore: ['**/visit-*.spec.ts', '**/refill-*.spec.ts', '**/admin-*.spec.ts'] },
    {
      name: 'visits',
      testMatch: '**/visit-*.spec.ts',
      use: {
        baseURL: VISITS_BASE_URL,
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          // A camera and microphone that play a test pattern and a tone, allowed without a prompt,
          // and peer connections between two pages of this machine (DESIGN.md, WebRTC).
          args: [...CHROMIUM_ARGS, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', '--allow-loopback-in-peer-connection'],
        },
      },
    },
    // Auto-refills renewed by the job under the movable clock (issue 17), in their own store.
    { name: 'refills', testMatch: '**/refill-*.spec.ts', use: { baseURL: REFILLS_BASE_URL } },
    // The operator's console (issue 18), in its own store.
    { name: 'admin', testMatch: '**/admin-*.spec.ts', use: { baseURL: ADMIN_BASE_URL } },
  ],
  outputDir: '../test-results/e2e',
  // E2E_SERVERS=admin (or store,visits,refills,admin) starts only those stores, for a run of one project.
  webServer: [
    {
      name: 'store',
      command: 'node e2e/start-server.mjs',
      cwd: '..',
      url: `${BASE_URL}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe' as const,
      stderr: 'pipe' as const,
    },
    {
      name: 'visits',
      command: 'node e2e/start-server.mjs --visits',
      cwd: '..',
      url: `${VISITS_BASE_URL}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe' as const,
      stderr: 'pipe' as const,
      env: { E2E_PORT: String(visitsPort) },
    },
    {
      name: 'refills',
      command: 'node e2e/start-server.mjs --clock',
      cwd: '..',
      url: `${REFILLS_BASE_URL}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe' as const,
      stderr: 'pipe' as const,
      env: { E2E_PORT: String(refillsPort) },
    },
    {
      name: 'admin',
      command: 'node e2e/start-server.mjs',
      cwd: '..',
      url: `${ADMIN_BASE_URL}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe' as const,
      stderr: 'pipe' as const,
      env: { E2E_PORT: String(ADMIN_PORT) },
    },
  ].filter((server) => !process.env.E2E_SERVERS || process.env.E2E_SERVERS.split(',').includes(server.name)),
});
