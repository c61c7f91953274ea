// issue 15 (security review): the public prescription check attacked — checking a code one knows
// between guesses does not give the guesses back, and the code (kept only as a hash) is never
// written to the request log, neither from the API check nor from the QR link's page.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app.ts';
import { testConfig } from '../../config.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { loggerOptions } from '../../lib/logging.ts';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { createTestDatabase } from '../../../test/database.ts';
import { paidConsultOrder } from '../../../test/prescribing.ts';
import { DEMO_DOCTOR_IDS } from '../../db/seed/doctors.ts';
import { DEMO_FORMULARY } from '../../db/seed/formulary.ts';
import { VERIFY_FAILURES_PER_HOUR } from './prescriptions.routes.ts';
import { formatVerificationCode } from './verification-code.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/** A written prescription's printed code. */
async function validCode(): Promise<string> {
  const { orderId, patient, pharmacy } = await paidConsultOrder(ctx);
  const option = (await ctx.app.services.prescriptions.formularyChoice(DEMO_FORMULARY.metforminEr500))!;
  const { verificationCode } = await ctx.app.services.prescriptions.write(ctx.database.db, {
    orderId,
    doctorId: DEMO_DOCTOR_IDS.bell,
    patientId: patient.userId,
    pharmacyId: pharmacy.id,
    option,
    approve: { formularyId: option.id, quantity: 60, daysSupply: 30, directions: option.directionsTemplate, refills: 1, validForDays: 365, substitutionAllowed: true },
  });
  return formatVerificationCode(verificationCode);
}

describe('guessing verification codes (issue 15: unknown codes are rate limited per address)', () => {
  it('does not give the guesses back when the guesser also checks a code it knows', async () => {
    const known = await validCode();
    const check = (code: string) =>
      ctx.app.inject({ method: 'GET', url: `/api/prescriptions/verify?code=${code}`, headers: { host: 'localhost:3000' }, remoteAddress: '198.51.100.77' });
    const answers: number[] = [];
    for (let i = 0; i < VERIFY_FAILURES_PER_HOUR; i++) {
      // The back-off between guesses is waited out; the hourly cap is what is tested.
      ctx.clock.advance(61_000);
      expect((await check(known)).statusCode).toBe(200);
      answers.push((await check(`ZZZZ-Z${String(i).padStart(4, '2').replace(/[01]/g, '3')}`)).statusCode);
    }
    expect(answers.every((s) => s === 404)).toBe(true);
    ctx.clock.advance(61_000);
    const next = await check('ZZZZ-ZZZZZ');
    expect(next.statusCode).toBe(429);
    expect(next.headers['retry-after']).toBeDefined();
  });
});

describe('the request log (issue 15: only the hash of a verification code is kept)', () => {
  let app: App;
  let database: DatabaseHandle;
  const lines: string[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
    const config = testConfig({ WEB_DIST_DIR: '/nonexistent', LOG_LEVEL: 'info' });
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    app = await buildApp({ config, database, logger: { ...loggerOptions(config), stream } });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('never holds the code, from the API check or the QR link’s page', async () => {
    await app.inject({ method: 'GET', url: '/api/prescriptions/verify?code=ABCD-EFGHJ', headers: { host: 'localhost:3000' } });
    await app.inject({ method: 'GET', url: '/verify-prescription?code=KMNP-QRSTU&x=1', headers: { host: 'localhost:3000', accept: 'text/html' } });
    const log = lines.join('');
    expect(log).toContain('/api/prescriptions/verify');
    expect(log).not.toContain('ABCD-EFGHJ');
    expect(log).not.toContain('KMNP-QRSTU');
  });
});
