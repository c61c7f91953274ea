// The public prescription check (issue 15): a pharmacy enters the short code printed on the fax (or
// scans its QR code) and learns only whether the prescription is valid, revoked or expired; it can
// then confirm it received it. Nothing else about the prescription is answered. Rate limited per
// address: only checks of unknown codes count, so guessing codes is slow and honest use is not.
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/problem.ts';
import type { PrescriptionReceipt } from '../../workflows/prescription-receipt.ts';
import type { Throttle } from '../auth/throttle.ts';
import { PRESCRIPTION_NOT_FOUND, type PrescriptionService } from './prescriptions.service.ts';

/** Unknown codes one address may try in an hour (then 429 with Retry-After). */
export const VERIFY_FAILURES_PER_HOUR = 20;

const codeSchema = z.string().trim().min(1, 'Enter the verification code.').max(32);
const statusSchema = z.enum(['valid', 'revoked', 'expired']);

const notFound = () => new AppError(404, 'PRESCRIPTION_NOT_FOUND', PRESCRIPTION_NOT_FOUND);

export const prescriptionRoutes: FastifyPluginAsyncZod<{
  prescriptions: Pick<PrescriptionService, 'verify'>;
  receipt: Pick<PrescriptionReceipt, 'confirm'>;
  throttle: Pick<Throttle, 'attempt'>;
}> = async (app, { prescriptions, receipt, throttle }) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  /** Counts this check against the caller's address; a found code gives its count back. */
  const attempt = (request: FastifyRequest) =>
    throttle.attempt([
      { bucket: 'rx-verify-ip', key: `ip:${request.ip}`, policy: { maxPerHour: VERIFY_FAILURES_PER_HOUR, backoffAfter: 10, maxBackoffSeconds: 60 } },
    ]);

  app.get(
    '/api/prescriptions/verify',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'verifyPrescription',
        tags: ['prescriptions'],
        summary: 'Check a prescription by the code printed on it: valid, revoked or expired (404 for an unknown code; rate limited)',
        querystring: z.object({ code: codeSchema }),
        response: { 200: z.object({ status: statusSchema }) },
      },
    },
    async (request) => {
      const guard = await attempt(request);
      const found = await prescriptions.verify(request.query.code);
      if (!found) throw notFound();
      await guard.succeeded();
      return { status: found.status };
    },
  );

  app.post(
    '/api/prescriptions/verify/receipt',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'confirmPrescriptionReceipt',
        tags: ['prescriptions'],
        summary: 'The pharmacy confirms it received the prescription (404 unknown code; 409 revoked or expired; rate limited)',
        body: z.object({ code: codeSchema }),
        response: { 200: z.object({ status: z.literal('valid'), received: z.literal(true) }) },
      },
    },
    async (request) => {
      const guard = await attempt(request);
      const confirmed = await receipt.confirm(request.body.code);
      if (!confirmed) throw notFound();
      await guard.succeeded();
      return { status: 'valid' as const, received: true as const };
    },
  );
};
