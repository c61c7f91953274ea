// issue 20: fuzzing from the OpenAPI schemas. Every operation of the API's own document, with
// requests built by fast-check from its schemas — valid ones and ones made invalid (wrong types,
// missing and extra fields, oversized, control and odd unicode characters, injections, malformed
// JSON, the wrong content type, random ids, a garbage session, no CSRF header) — sent one at a time
// as nobody, a guest, a signed-in patient, and a doctor, pharmacist and admin of the store. On every response: no 5xx, no internals in the body
// (stack frames, file paths, SQL or driver text, error class names), and when the request was
// refused (4xx) no row written (triggers count every insert, update and delete; see write-counter.ts).
// FUZZ_REQUESTS (default 10,000) sizes the run, FUZZ_SEED replays one.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { signedInAdmin } from '../../test/admin.ts';
import { signedInPatient } from '../../test/patients.ts';
import { paidConsultOrder, prescribingDoctor } from '../../test/prescribing.ts';
import { users } from '../db/schema/auth.ts';
import { pharmacyStaff } from '../db/schema/fulfilment.ts';
import { pharmacies } from '../db/schema/pharmacies.ts';
import { DEMO_COMPANY_ID, EVERGREEN_ID } from '../db/seed/storefronts.ts';
import {
  operationsOf,
  requestArbitrary,
  type FuzzRequest,
  type OpenApiDocument,
  type Operation,
} from '../../test/fuzz/operations.ts';
import {
  installWriteCounter,
  readWriteCounts,
  writesBetween,
  type WriteCounts,
} from '../../test/fuzz/write-counter.ts';

const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 10_000);
const SEED =
  process.env.FUZZ_SEED === undefined
    ? (Date.now() ^ (Math.random() * 0x1_0000_0000)) | 0
    : Number(process.env.FUZZ_SEED);
// Half the requests carry one invalid thing; the other half get past validation to the handlers.
const MUTATION_RATE = 0.5;
const HOST = 'localhost:3000';
// FUZZ_KEEP_GOING=1: list every finding at the end instead of stopping (and shrinking) at the first.
const KEEP_GOING = process.env.FUZZ_KEEP_GOING === '1';

// Writes a refused request may make, each for a reason of its own. Anything else is a finding.
const ALLOWED_WRITES_ON_REFUSAL: Record<string, string> = {
  // Sign-in, code and registration attempts are counted even when refused: that is the throttle.
  'auth_throttle_events:insert': 'a refused sign-in/code attempt is what the throttle counts',
  // ... and the throttle forgets attempts older than its window as it counts a new one.
  'auth_throttle_events:delete': "the throttle's pruning of attempts past its window",
  // Any request on a session moves its last-seen time (at most once a minute): the idle timeout.
  'sessions:update': "the caller's session last-seen touch (idle timeout)",
};
// The sandbox payment gateway's tables stand for the card processor's own servers (Stripe in
// production): a card the processor declines was still seen by it (a customer, an idempotency key).
const ALLOWED_PREFIXES_ON_REFUSAL = ['sandbox_gateway_'];
const allowedOnRefusal = (key: string) =>
  key in ALLOWED_WRITES_ON_REFUSAL ||
  ALLOWED_PREFIXES_ON_REFUSAL.some((prefix) => key.startsWith(prefix));

// What a body must never show: the server's insides.
const INTERNALS: [string, RegExp][] = [
  ['stack frame', / {4}at /],
  ['file path', /\/apps\/|node_modules|\.[cm]?[tj]s:\d/],
  [
    'SQL or driver text',
    /\bselect\s+(\*|"|count\(|distinct\b)|\bfrom\s+"\w+"|insert into|delete from|\bupdate\s+"\w+"\s+set\b|violates|syntax error|invalid input syntax|duplicate key|\brelation "|pglite|drizzle|sqlstate/i,
  ],
  [
    'error class name',
    /\b(TypeError|RangeError|ReferenceError|SyntaxError|URIError|EvalError|AggregateError|ZodError|DrizzleError|DrizzleQueryError|DatabaseError|PostgresError|FastifyError|AppError)\b/,
  ],
  ['framework error code', /FST_ERR_|ERR_[A-Z_]{4,}/],
];

let ctx: TestContext;
let document: OpenApiDocument;
let operations: Operation[];
let tablesWatched = 0;
const personas = { guest: '', patient: '' };
/** Ids and slugs the API has handed out (path parameters draw from these most of the time). */
const knownIds: string[] = [];
const seenIds = new Set<string>();
/** The same ids by what they are (`order`, `product`, `storefront`...). */
const pools = new Map<string, string[]>();
let counts: WriteCounts = new Map();

const figures = {
  requests: 0,
  byClass: { '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0 } as Record<string, number>,
  byStatus: new Map<number, number>(),
  operationsSent: new Set<string>(),
  operationsAnswered2xx: new Set<string>(),
  invalid: 0,
  invalidAccepted: 0,
  refusedWithAllowedWrites: 0,
  writesFromInvalid: 0,
  findings: [] as string[],
  /** Milliseconds spent per operation, to show where a slow run goes. */
  timeByOperation: new Map<string, number>(),
  started: 0,
  finished: 0,
};

const staff = { doctor: '', pharmacist: '', admin: '' };
let cartProduct = '';
const sessionsFor = { patient: '', doctor: '', pharmacist: '', admin: '' };

/** The callers and a little data of their own, made once. */
async function makeCallers() {
  const db = ctx.database.db;
  const patient = await signedInPatient(ctx, { firstName: 'Fuzzy', lastName: 'Tester' });
  sessionsFor.patient = patient.userId;
  const products = (
    await ctx.app.inject({ method: 'GET', url: '/api/products', headers: { host: HOST } })
  ).json() as { id: string }[];
  harvest(products, 'products');
  cartProduct = products[0]!.id;
  const address = await patient.post('/api/addresses', {
    fullName: 'Fuzzy Tester',
    line1: '1 Main St',
    city: 'Portland',
    state: 'OR',
    zip: '97201',
    phone: '5035550100',
  });
  harvest(address.json(), 'addresses');
  // A paid order awaiting a doctor's review (another patient's), so the staff routes find a record.
  const { orderId } = await paidConsultOrder(ctx, 'TX');
  harvest({ orderId });
  const doctor = await prescribingDoctor(ctx, ['TX', 'CA']);
  sessionsFor.doctor = doctor.userId;
  harvest({ doctorId: doctor.id });
  const [pharmacy] = await db
    .select()
    .from(pharmacies)
    .where(eq(pharmacies.isPatientCreated, false))
    .limit(1);
  const [pharmacist] = await db
    .insert(users)
    .values({
      companyId: DEMO_COMPANY_ID,
      storefrontId: EVERGREEN_ID,
      email: `rx.${randomUUID()}@example.com`,
      role: 'pharmacist',
      firstName: 'Pia',
      lastName: 'Rx',
    })
    .returning({ id: users.id });
  await db.insert(pharmacyStaff).values({ userId: pharmacist!.id, pharmacyId: pharmacy!.id });
  sessionsFor.pharmacist = pharmacist!.id;
  const admin = await signedInAdmin(ctx);
  sessionsFor.admin = admin.userId;
  harvest({ storefrontId: EVERGREEN_ID, companyId: DEMO_COMPANY_ID });
  await makeSessions();
}

/** A fresh session for each caller (again after a request that may have ended theirs), carts for the two patients. */
async function makeSessions() {
  const sessions = ctx.app.services.sessions;
  const guest = await ctx.app.inject({
    method: 'POST',
    url: '/api/session/guest',
    headers: { host: HOST, 'x-requested-with': 'fetch' },
  });
  personas.guest = guest.cookies.find((c) => c.name === 'sid')!.value;
  personas.patient = (await sessions.createUserSession(sessionsFor.patient, EVERGREEN_ID)).token;
  staff.doctor = (await sessions.createUserSession(sessionsFor.doctor, EVERGREEN_ID)).token;
  staff.pharmacist = (await sessions.createUserSession(sessionsFor.pharmacist, EVERGREEN_ID)).token;
  staff.admin = (await sessions.createUserSession(sessionsFor.admin, EVERGREEN_ID)).token;
  for (const cookie of [personas.guest, personas.patient]) {
    const headers = { host: HOST, 'x-requested-with': 'fetch', cookie: `sid=${cookie}` };
    const cart = (
      await ctx.app.inject({ method: 'POST', url: '/api/cart', headers, payload: {} })
    ).json() as { id: string };
    harvest(cart, 'orders');
    harvest(
      (
        await ctx.app.inject({
          method: 'PUT',
          url: `/api/orders/${cart.id}/items`,
          headers,
          payload: { items: [{ productId: cartProduct }] },
        })
      ).json(),
      'orders',
    );
  }
}

/** `orders`, `orderId`, `order` → `order`: what a path parameter and an answer's key have in common. */
function poolName(name: string): string {
  const letters = name
    .replace(/Id$/, '')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase();
  const singular = letters
    .replace(/ies$/, 'y')
    .replace(/sses$/, 'ss')
    .replace(/([^s])s$/, '$1');
  return singular === 'cart' ? 'order' : singular;
}

/** The pool a path parameter draws from: `{id}` is named by the segment before it (`/orders/{id}`). */
function poolOfParameter(operation: Operation, name: string): string {
  if (name !== 'id') return poolName(name);
  const segments = operation.path.split('/');
  return poolName(segments[segments.indexOf('{id}') - 1] ?? 'id');
}

function remember(pool: string, value: string) {
  const ids = pools.get(pool) ?? [];
  if (!ids.includes(value)) ids.push(value);
  pools.set(pool, ids);
}

/**
 * Remembers the ids (and slugs, tokens) in a JSON answer, for later path parameters: by their key
 * (`orderId`), and an `id` by the key it sits under and by the path that answered it (`/api/orders`).
 */
function harvest(value: unknown, resource = '', key = '', parentKey = ''): void {
  if (typeof value === 'string') {
    if (!/(^id$|Id$|^slug$|guid|token)/i.test(key) || value.length > 100) return;
    if (!seenIds.has(value)) {
      seenIds.add(value);
      knownIds.push(value);
    }
    if (key === 'id') {
      if (parentKey) remember(poolName(parentKey), value);
      if (resource) remember(poolName(resource), value);
    } else remember(poolName(key), value);
  } else if (Array.isArray(value)) {
    for (const item of value.slice(0, 20)) harvest(item, resource, key, parentKey || key);
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) harvest(v, resource, k, key);
  }
}

/** The resource an answer is about: the last named segment of the path that answered it. */
function resourceOf(path: string): string {
  return (
    path
      .split('/')
      .filter((segment) => segment && !segment.startsWith('{') && segment !== 'api')
      .pop() ?? ''
  );
}

/** encodeURIComponent, but a lone surrogate goes out as the invalid UTF-8 bytes it would be. */
function encodeSegment(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
  return [...text]
    .map((ch) => (/[\ud800-\udfff]/.test(ch) ? '%ED%A0%80' : encodeURIComponent(ch)))
    .join('');
}

/** Header values as a client can send them: visible ASCII only (Node refuses the rest itself). */
function headerSafe(value: string): string {
  return value.replace(/[^\x20-\x7e]/g, '?');
}

function toInject(request: FuzzRequest, operation: Operation): InjectOptions & { url: string } {
  let url = operation.path;
  for (const param of operation.pathParams) {
    const chosen = request.path[param.name]!;
    // Mostly an id of the kind the parameter names, now and then any id at all.
    let value = 'value' in chosen ? chosen.value : undefined;
    if ('known' in chosen) {
      const pool = pools.get(poolOfParameter(operation, param.name));
      const ids = pool?.length && chosen.known % 5 !== 0 ? pool : knownIds;
      value = ids[Math.floor(chosen.known / 5) % ids.length] ?? 'none';
    }
    url = url.replace(`{${param.name}}`, encodeSegment(value));
  }
  const query: string[] = [];
  for (const [name, value] of Object.entries(request.query)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined) continue;
      query.push(
        `${encodeSegment(name)}=${item === null ? '' : encodeSegment(typeof item === 'object' ? JSON.stringify(item) : String(item))}`,
      );
    }
  }
  if (query.length) url += `?${query.join('&')}`;
  const headers: Record<string, string> = { host: request.unknownHost ? 'nowhere.example' : HOST };
  for (const [name, value] of Object.entries(request.headers)) headers[name] = headerSafe(value);
  if (request.csrf) headers['x-requested-with'] = 'fetch';
  if (request.garbageSession !== null) {
    if (request.persona === 'patient-bearer')
      headers.authorization = `Bearer ${headerSafe(request.garbageSession)}`;
    else headers.cookie = `sid=${encodeSegment(request.garbageSession)}`;
  } else if (request.persona === 'guest') headers.cookie = `sid=${personas.guest}`;
  else if (request.persona === 'patient') headers.cookie = `sid=${personas.patient}`;
  else if (request.persona === 'patient-bearer')
    headers.authorization = `Bearer ${personas.patient}`;
  else if (request.persona !== 'nobody') headers.cookie = `sid=${staff[request.persona]}`;
  const options: InjectOptions & { url: string } = {
    method: operation.method as InjectOptions['method'],
    url,
    headers,
  };
  if (request.body) {
    options.payload = 'raw' in request.body ? request.body.raw : JSON.stringify(request.body.json);
    if (request.contentType) headers['content-type'] = request.contentType;
  }
  return options;
}

function isInvalid(request: FuzzRequest, operation: Operation): boolean {
  const cookieSession = request.persona !== 'nobody' && request.persona !== 'patient-bearer';
  return (
    request.mutation !== null ||
    request.unknownHost ||
    (!request.csrf && cookieSession && operation.method !== 'GET')
  );
}

// A request that may end a persona's session (sign-out, revoke-all, a password change, an account
// merge on sign-in): after a success the personas are made again so the run keeps its callers.
const ENDS_SESSIONS =
  /logout|revoke|password|login|register|otp\/verify|verify-code|invite|ecp\/claim/;

async function check(request: FuzzRequest, operation: Operation): Promise<void> {
  const options = toInject(request, operation);
  const sentAt = performance.now();
  const response: LightMyRequestResponse = await ctx.app.inject(options);
  figures.timeByOperation.set(
    operation.key,
    (figures.timeByOperation.get(operation.key) ?? 0) + performance.now() - sentAt,
  );
  const after = await readWriteCounts(ctx.database.db);
  const writes = writesBetween(counts, after);
  counts = after;

  const status = response.statusCode;
  const invalid = isInvalid(request, operation);
  figures.requests++;
  figures.byClass[`${Math.floor(status / 100)}xx`] =
    (figures.byClass[`${Math.floor(status / 100)}xx`] ?? 0) + 1;
  figures.byStatus.set(status, (figures.byStatus.get(status) ?? 0) + 1);
  figures.operationsSent.add(operation.key);
  if (invalid) figures.invalid++;
  if (invalid && status < 400) figures.invalidAccepted++;
  if (status >= 200 && status < 300) {
    figures.operationsAnswered2xx.add(operation.key);
    if (String(response.headers['content-type'] ?? '').includes('json')) {
      try {
        harvest(response.json(), resourceOf(operation.path));
      } catch {
        // not JSON after all: nothing to remember
      }
    }
  }

  const problems: string[] = [];
  if (status >= 500) problems.push(`answered ${status}`);
  const body = response.body;
  for (const [what, pattern] of INTERNALS) {
    const match = pattern.exec(body);
    if (match)
      problems.push(
        `body shows a ${what}: …${body.slice(Math.max(0, match.index - 60), match.index + 80)}…`,
      );
  }
  if (status >= 400 && status < 500) {
    const unexpected = Object.keys(writes).filter((key) => !allowedOnRefusal(key));
    if (unexpected.length) {
      figures.writesFromInvalid++;
      problems.push(`refused with ${status} but wrote ${JSON.stringify(writes)}`);
    } else if (Object.keys(writes).length) figures.refusedWithAllowedWrites++;
  }
  if (status < 300 && ENDS_SESSIONS.test(operation.path)) {
    await makeSessions();
    counts = await readWriteCounts(ctx.database.db);
  }
  if (problems.length) {
    const finding = `${operation.key} as ${request.persona}${request.mutation ? ` (${request.mutation})` : ''}: ${problems.join('; ')}\n  sent ${JSON.stringify({ url: options.url, headers: options.headers, payload: typeof options.payload === 'string' ? options.payload.slice(0, 300) : undefined })}\n  got ${status} ${body.slice(0, 300)}`;
    figures.findings.push(finding);
    if (!KEEP_GOING) throw new Error(finding);
  }
}

beforeAll(async () => {
  // No job worker in this process: a write the worker made could not be told from the request's.
  ctx = await createTestApp({ JOB_WORKER: false });
  document = ctx.app.swagger() as unknown as OpenApiDocument;
  operations = operationsOf(document);
  tablesWatched = await installWriteCounter(ctx.database.db);
  await makeCallers();
  counts = await readWriteCounts(ctx.database.db);
});

afterAll(async () => {
  const seconds = (figures.finished - figures.started) / 1000;
  const line = (label: string, value: string | number) => `  ${label.padEnd(34)} ${value}`;
  console.log(
    [
      '',
      `issue 20 fuzzing from the OpenAPI schemas (${ctx.database.kind}), seed ${SEED} (replay: FUZZ_SEED=${SEED})`,
      line('requests', figures.requests),
      line(
        'by status class',
        Object.entries(figures.byClass)
          .map(([k, v]) => `${k} ${v}`)
          .join(', '),
      ),
      line(
        'by status',
        [...figures.byStatus]
          .sort(([a], [b]) => a - b)
          .map(([k, v]) => `${k}:${v}`)
          .join(' '),
      ),
      line(
        'operations covered',
        `${figures.operationsSent.size} of ${operations.length} (${figures.operationsAnswered2xx.size} answered 2xx at least once)`,
      ),
      line('invalid requests', figures.invalid),
      line('invalid requests accepted (< 400)', figures.invalidAccepted),
      line(
        'writes from refused requests',
        `${figures.writesFromInvalid} (${tablesWatched} tables watched; allowed: ${[...Object.keys(ALLOWED_WRITES_ON_REFUSAL), ...ALLOWED_PREFIXES_ON_REFUSAL.map((p) => `${p}*`)].join(', ')} in ${figures.refusedWithAllowedWrites})`,
      ),
      line('5xx', figures.byClass['5xx'] ?? 0),
      line(
        'bodies with internals',
        figures.findings.filter((f) => f.includes('body shows')).length,
      ),
      line(
        'duration',
        `${seconds.toFixed(1)} s (${(figures.requests / Math.max(seconds, 0.001)).toFixed(0)} requests/s)`,
      ),
      line(
        'slowest operations (total ms)',
        [...figures.timeByOperation]
          .sort(([, a], [, b]) => b - a)
          .slice(0, 5)
          .map(([k, ms]) => `${k} ${ms.toFixed(0)}`)
          .join(', '),
      ),
      ...(figures.findings.length
        ? ['  findings:', ...figures.findings.slice(0, KEEP_GOING ? 200 : 5).map((f) => `  - ${f}`)]
        : []),
      '',
    ].join('\n'),
  );
  await ctx?.close();
});

it(`answers ${REQUESTS} fuzzed requests over every operation with no 5xx, no internals and no write from a refused request`, async () => {
  expect(operations.length).toBeGreaterThan(100);
  const arbitraries = operations.map((operation) =>
    requestArbitrary(operation, document.components?.schemas ?? {}, MUTATION_RATE),
  );
  // One request per run: spread evenly over the operations by the run's index, sent in order.
  const byKey = new Map(operations.map((o) => [o.key, o]));
  figures.started = Date.now();
  try {
    await fc.assert(
      fc.asyncProperty(fc.oneof(...arbitraries), async (request) => {
        await check(request, byKey.get(request.operation)!);
      }),
      { numRuns: REQUESTS, seed: SEED },
    );
  } finally {
    figures.finished = Date.now();
  }
  expect(figures.findings).toEqual([]);
  expect(figures.requests).toBeGreaterThanOrEqual(REQUESTS);
}, 1_800_000);
