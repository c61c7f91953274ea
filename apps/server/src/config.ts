// Every environment variable the server reads, parsed once by zod. A bad value stops boot with a
// message naming the variable (README "Configuration" lists each one with its default).
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The repository root, so that `./data` means the same folder whichever directory npm ran in. */
export const REPO_ROOT = path.resolve(here, '../../..');

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1');

/** A comma-separated list of ICE server URLs with one of these schemes (RFC 7064/7065), e.g. `turn:turn.example.com:3478?transport=udp`. */
const iceUrlList = (schemes: string[]) =>
  z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(new RegExp(`^(${schemes.join('|')}):[^\\s,]+$`), `each must start with ${schemes.map((s) => `${s}:`).join(' or ')}`)));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default('localhost'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().min(1).default(path.join(REPO_ROOT, 'apps/web/dist')),
  // The server's first render of patients' pages (issue 19), built by `npm run build` beside the
  // web app; WEB_SSR=false sends the plain app instead (drawn in the browser).
  WEB_SSR_DIR: z.string().min(1).default(path.join(REPO_ROOT, 'apps/web/dist-ssr')),
  WEB_SSR: booleanFromEnv.default(true),
  // The prepared database a new PGlite data folder starts from (issue 19), made by `npm run build`;
  // without the file a new folder is created and migrated from nothing, as before.
  PGLITE_IMAGE: z.string().min(1).default(path.join(REPO_ROOT, 'apps/server/dist/database-image.tar')),
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1_048_576),
  SEED_DEMO: booleanFromEnv.default(true),
  TRUST_PROXY: booleanFromEnv.default(false),
  // Files one patient (or one guest session) may upload in any hour (issue 13 #7); one more is refused with 429.
  UPLOADS_PER_HOUR: z.coerce.number().int().positive().default(20),
  // Bytes one patient (or one guest session) may upload in any hour: 50 MiB by default.
  UPLOAD_BYTES_PER_HOUR: z.coerce.number().int().positive().default(52_428_800),
  // Files one IP address may upload in any hour, whatever its sessions (fresh guest sessions do not reset it).
  UPLOADS_PER_IP_PER_HOUR: z.coerce.number().int().positive().default(100),
  // Uploaded files (issue 8): kept on disk under DATA_DIR/uploads unless all five S3_* are set, then in that S3-compatible bucket.
  // S3-compatible endpoint, e.g. https://s3.us-east-1.amazonaws.com or http://localhost:9000 (MinIO); objects are addressed path-style.
  S3_ENDPOINT: z.url().optional(),
  // Bucket that holds uploaded files (private; files are served through the API only).
  S3_BUCKET: z.string().min(1).optional(),
  // Access key id and secret of a key allowed to put, get and delete objects in S3_BUCKET.
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  // Region the signature is made for, e.g. us-east-1 (MinIO accepts us-east-1).
  S3_REGION: z.string().min(1).optional(),
  SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(30),
  SESSION_MAX_HOURS: z.coerce.number().int().positive().default(12),
  GUEST_SESSION_DAYS: z.coerce.number().int().positive().default(7),
  // Map tiles for the pharmacy map (issue 5): a Leaflet URL template and its attribution (HTML).
  MAP_TILE_URL: z
    .string()
    .regex(/^https?:\/\/.*\{z\}.*\{x\}.*\{y\}/, 'must be a tile URL template with {z}, {x} and {y}')
    .default('https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png'),
  MAP_TILE_ATTRIBUTION: z
    .string()
    .min(1)
    .default('&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'),
  // Accounts and sign-in (issue 4)
  // Key (32+ characters) signing provider-invite links and keying code hashes; when unset, one is generated into DATA_DIR/auth-secret on first start (set it when several machines share a database).
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  // SMTP server for mail, e.g. smtps://user:pass@smtp.example.com:465; unset: mail goes to the outbox (/dev/outbox). Required in production unless ALLOW_OUTBOX=true.
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL').optional(),
  // In production, let mail go to the outbox (stored and logged, never delivered) when SMTP_URL is unset: for a staging store only.
  ALLOW_OUTBOX: booleanFromEnv.default(false),
  // No fax service can be configured yet: prescriptions are kept in the fax outbox (partner pharmacists download them in /pharmacy). Production must say it accepts that.
  ALLOW_FAX_OUTBOX: booleanFromEnv.default(false),
  // Sender address of the store's mail; the storefront's name is shown as the sender's name.
  MAIL_FROM: z.email().default('no-reply@store.example'),
  // HTTP SMS gateway: the store POSTs JSON {to, body} here; unset: text messages go to the outbox.
  SMS_URL: z.url().optional(),
  // Bearer token sent to SMS_URL.
  SMS_TOKEN: z.string().min(1).optional(),
  // Seconds before another one-time code may be sent to the same patient.
  OTP_RESEND_SECONDS: z.coerce.number().int().min(0).default(30),
  // One-time codes that may be sent to one patient (email) per hour.
  OTP_SENDS_PER_HOUR: z.coerce.number().int().positive().default(5),
  // Codes and reset links that may be requested from one IP address per hour.
  AUTH_SENDS_PER_IP_PER_HOUR: z.coerce.number().int().positive().default(30),
  // Failed sign-ins (password, code, reset link) allowed from one IP address per hour.
  AUTH_FAILURES_PER_IP_PER_HOUR: z.coerce.number().int().positive().default(50),
  // Failed sign-ins allowed per account per hour (back-off starts after 5; never more than 100).
  AUTH_FAILURES_PER_ACCOUNT_PER_HOUR: z.coerce.number().int().positive().max(100).default(100),
  // Accounts that may be created from one IP address per hour.
  REGISTRATIONS_PER_IP_PER_HOUR: z.coerce.number().int().positive().default(20),
  // Payments (issue 7)
  // Card processor: sandbox (built in, the default: test cards, no keys, its books in our database) or stripe. Production needs it set by name (sandbox only for a staging store).
  PAYMENT_GATEWAY: z.enum(['sandbox', 'stripe']).default('sandbox'),
  // Stripe secret key (sk_test_… or sk_live_…, or a restricted rk_… key); required when PAYMENT_GATEWAY=stripe.
  STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key (sk_test_… or sk_live_…)').optional(),
  // Stripe publishable key (pk_test_… or pk_live_…) for Stripe Elements in the browser; required when PAYMENT_GATEWAY=stripe.
  STRIPE_PUBLISHABLE_KEY: z.string().regex(/^pk_(test|live)_\w+$/, 'must be a Stripe publishable key (pk_test_… or pk_live_…)').optional(),
  // Reconciliation believes Stripe search's "no charge for this payment" only once the payment is this old (its index lags).
  STRIPE_SEARCH_TRUSTED_AFTER_MS: z.coerce.number().int().min(0).default(600_000),
  // Background work (order confirmation mail with its receipt): milliseconds between looks for due jobs; jobs made by this process start at once.
  JOB_POLL_INTERVAL_MS: z.coerce.number().int().min(100).default(2000),
  // Whether this server process also works the background-job queue; false when separate worker processes (npm run worker) do it.
  JOB_WORKER: booleanFromEnv.default(true),
  // How long (ms) a doctor's claim on an order holds it without being renewed (the open review page renews it).
  REVIEW_LEASE_MS: z.coerce.number().int().min(5_000).default(15 * 60_000),
  // How long (ms) doctors' review-queue pages and counts are reused (who holds an order is always read live); 0: read on every request.
  REVIEW_QUEUE_CACHE_MS: z.coerce.number().int().min(0).default(2000),
  // Development and browser tests only: the server's clock can be moved forward with POST /dev/clock
  // (a visit's window opens without waiting hours). Refused in production.
  DEV_CLOCK: booleanFromEnv.default(false),
  // The visit's video call (issue 16; docs/visits.md). STUN servers the browsers learn their public address from, comma-separated (stun:host:3478); empty: none (enough on one network).
  VISIT_STUN_URLS: iceUrlList(['stun', 'stuns']),
  // TURN servers that relay the call when no direct path exists, comma-separated (turn:host:3478?transport=udp, turns:host:5349); needs VISIT_TURN_SECRET.
  VISIT_TURN_URLS: iceUrlList(['turn', 'turns']),
  // The TURN server's shared secret (coturn static-auth-secret): each participant gets a credential made with it that expires (coturn's REST API scheme).
  VISIT_TURN_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  // How long (seconds) a TURN credential handed to a participant works.
  VISIT_TURN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3600),
  // all: direct, STUN and TURN paths; relay: the call always goes through TURN (hides the participants' addresses from each other; needs VISIT_TURN_URLS).
  VISIT_ICE_TRANSPORT_POLICY: z.enum(['all', 'relay']).default('all'),
  // issue 20 (operations: readiness, metrics, graceful shutdown)
  // Bearer token GET /metrics asks for when set (without it: 404); unset, /metrics is open, so keep it on the private network.
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  // Milliseconds between SIGTERM (GET /api/ready answers 503 draining) and the listener closing, so the balancer's next health check sees it first.
  SHUTDOWN_DRAIN_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  // Milliseconds a stopping process has to finish its requests, jobs and sockets before it exits 1 anyway.
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(1000).default(30_000),
  // issue 20 (topology)
  // How long (ms) a claimed background job is held before another worker may take it over (a worker killed mid-job); its handler times out at 80 % of it.
  JOB_LOCK_MS: z.coerce.number().int().min(5_000).default(5 * 60_000),
  // issue 20 (redis): what several instances share.
  // Redis every instance of the store shares (redis://[:password@]host:6379/0, rediss:// for TLS): rate limits, cache invalidation, visit signalling; unset: all three stay in this process (one instance only).
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL').optional(),
  // Put before every Redis key and channel the store uses, so several stores or environments can share one Redis.
  REDIS_PREFIX: z.string().min(1).default('store:'),
  // Requests one IP address may make per minute to each sign-in route (password, codes entered, staff code, reset link checked and used); one more is answered 429.
  RATE_LIMIT_SIGN_IN_PER_MINUTE: z.coerce.number().int().positive().default(30),
  // Requests per IP address per minute to each route that sends a one-time code or a password-reset link.
  RATE_LIMIT_CODES_PER_MINUTE: z.coerce.number().int().positive().default(10),
  // Requests per IP address per minute to each account-creation route.
  RATE_LIMIT_REGISTRATIONS_PER_MINUTE: z.coerce.number().int().positive().default(10),
  // File uploads per IP address per minute (the hourly per-IP and per-patient limits above still apply).
  RATE_LIMIT_UPLOADS_PER_MINUTE: z.coerce.number().int().positive().default(30),
  // Pharmacy searches (list and map; a map pans often) and pharmacy additions per IP address per minute.
  RATE_LIMIT_PHARMACIES_PER_MINUTE: z.coerce.number().int().positive().default(120),
  // Address book changes (add, edit, remove, use) per IP address per minute.
  RATE_LIMIT_ADDRESSES_PER_MINUTE: z.coerce.number().int().positive().default(30),
  // Cards tokenised or saved per IP address per minute (card testing shows up here first).
  RATE_LIMIT_CARD_TOKENS_PER_MINUTE: z.coerce.number().int().positive().default(10),
}).superRefine((env, ctx) => {
  if (env.VISIT_TURN_URLS.length > 0 && !env.VISIT_TURN_SECRET) {
    ctx.addIssue({ code: 'custom', path: ['VISIT_TURN_SECRET'], message: 'is required when VISIT_TURN_URLS is set' });
  }
  if (env.VISIT_ICE_TRANSPORT_POLICY === 'relay' && env.VISIT_TURN_URLS.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['VISIT_TURN_URLS'], message: 'is required when VISIT_ICE_TRANSPORT_POLICY=relay' });
  }
  if (env.PAYMENT_GATEWAY !== 'stripe') return;
  for (const key of ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY'] as const) {
    if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required when PAYMENT_GATEWAY=stripe' });
  }
});

export type AppConfig = z.infer<typeof envSchema> & { dataDir: string };

export class ConfigError extends Error {}

/**
 * What production must not take by default (issue 13 #18): a store that takes test cards because
 * PAYMENT_GATEWAY was forgotten, or one whose one-time codes and reset links never leave the outbox.
 */
function productionProblems(env: NodeJS.ProcessEnv, config: { ALLOW_OUTBOX: boolean; ALLOW_FAX_OUTBOX: boolean; DEV_CLOCK: boolean }): string[] {
  if (env.NODE_ENV !== 'production') return [];
  const problems: string[] = [];
  if (!env.PAYMENT_GATEWAY) {
    problems.push('PAYMENT_GATEWAY: must be set in production (stripe; or sandbox, by name, for a staging store that takes test cards)');
  }
  if (!env.SMTP_URL && !config.ALLOW_OUTBOX) {
    problems.push('SMTP_URL: must be set in production, or ALLOW_OUTBOX=true to keep mail in the outbox (codes and links would never reach patients)');
  }
  if (config.DEV_CLOCK) problems.push('DEV_CLOCK: must not be set in production (anyone could move the store\'s clock)');
  // A value left as the deploy template's placeholder is public (deploy/.env.example, issue 20): an
  // AUTH_SECRET anyone can read would let them sign invite links and work out throttle keys.
  for (const [name, value] of Object.entries(env)) {
    if (value && /change-me/i.test(value)) problems.push(`${name}: still the template's "change-me" placeholder; set a secret of your own`);
  }
  if (!config.ALLOW_FAX_OUTBOX) {
    problems.push('ALLOW_FAX_OUTBOX: must be true in production until a fax service is configured: prescriptions stay in the fax outbox (a partner pharmacy downloads them; a patient\'s own pharmacy would never receive one)');
  }
  return problems;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  const problems = parsed.success
    ? productionProblems(env, parsed.data)
    : parsed.error.issues.map((issue) => `${issue.path.join('.') || '(env)'}: ${issue.message}`);
  if (!parsed.success || problems.length > 0) {
    throw new ConfigError(`Invalid configuration:\n${problems.map((line) => `  ${line}`).join('\n')}`);
  }
  // npm sets INIT_CWD to where the command was typed; relative DATA_DIR is taken from there.
  const base = env.INIT_CWD ?? process.cwd();
  return { ...parsed.data, dataDir: path.resolve(base, parsed.data.DATA_DIR) };
}

/** A config for tests: defaults with overrides, never reading the real environment. */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  // A random signing key per test app: never a fixed key in the repository, never a file in DATA_DIR.
  const AUTH_SECRET = randomBytes(32).toString('base64url');
  // No server render unless a test asks for one: a built dist-ssr in the checkout must not change
  // what other tests see.
  // Per-IP request limits far above what one test file sends from its one address (issue 20); the
  // rate-limit tests set their own.
  const RATE_LIMITS_FOR_TESTS = '100000';
  return {
    ...loadConfig({
      NODE_ENV: 'test', LOG_LEVEL: 'silent', REVIEW_QUEUE_CACHE_MS: '0',
      RATE_LIMIT_SIGN_IN_PER_MINUTE: RATE_LIMITS_FOR_TESTS, RATE_LIMIT_CODES_PER_MINUTE: RATE_LIMITS_FOR_TESTS,
      RATE_LIMIT_REGISTRATIONS_PER_MINUTE: RATE_LIMITS_FOR_TESTS, RATE_LIMIT_UPLOADS_PER_MINUTE: RATE_LIMITS_FOR_TESTS,
      RATE_LIMIT_PHARMACIES_PER_MINUTE: RATE_LIMITS_FOR_TESTS, RATE_LIMIT_ADDRESSES_PER_MINUTE: RATE_LIMITS_FOR_TESTS,
      RATE_LIMIT_CARD_TOKENS_PER_MINUTE: RATE_LIMITS_FOR_TESTS,
    }),
    AUTH_SECRET, WEB_SSR: false, ...overrides,
  };
}
