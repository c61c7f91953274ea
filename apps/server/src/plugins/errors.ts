// Turns every failure into application/problem+json. A 5xx never reveals internals: the client
// gets the catalogue's INTERNAL message and the request id; the log gets the stack.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MESSAGES } from '@store/domain';
import { AppError, type FieldProblem } from '../lib/problem.ts';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json; charset=utf-8';

function fieldName(instancePath: string, context: string | undefined, missing?: unknown): string {
  const path = instancePath.replace(/^\//, '').replaceAll('/', '.');
  const property = typeof missing === 'string' ? missing : '';
  return [path, property].filter(Boolean).join('.') || context || 'body';
}

/**
 * Fastify's `frameworkErrors`: what it answers before routing (a path that is not valid percent-
 * encoding, FST_ERR_BAD_URL) as our problem, not its default JSON with its error code and the URL.
 */
export function frameworkErrorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  // A path parameter over the router's length limit keeps its 414 (URI too long).
  if (error.statusCode === 414) {
    void reply.status(414).type(PROBLEM_CONTENT_TYPE).send({ type: 'about:blank', status: 414, code: 'URI_TOO_LONG', detail: 'The address is too long.' });
    return;
  }
  void reply
    .status(400)
    .type(PROBLEM_CONTENT_TYPE)
    .send({ type: 'about:blank', status: 400, code: 'BAD_REQUEST', detail: 'The request could not be read.' });
}

export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let status = 500;
    let code = 'INTERNAL';
    let detail: string = MESSAGES.INTERNAL;
    let errors: FieldProblem[] | undefined;

    if (error instanceof AppError) {
      ({ status, code, detail, errors } = error);
      if (error.headers) reply.headers(error.headers);
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      status = 400;
      code = 'VALIDATION_FAILED';
      detail = MESSAGES.VALIDATION_FAILED;
      errors = error.validation.map((issue) => ({
        field: fieldName(
          issue.instancePath,
          (error as { validationContext?: string }).validationContext,
          (issue.params as { missingProperty?: unknown } | undefined)?.missingProperty,
        ),
        message: issue.message ?? MESSAGES.VALIDATION_FAILED,
      }));
    } else if (error.statusCode === 413 || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      status = 413;
      code = 'PAYLOAD_TOO_LARGE';
      detail = MESSAGES.PAYLOAD_TOO_LARGE;
    } else if (error.statusCode === 429) {
      status = 429;
      code = 'RATE_LIMITED';
      detail = MESSAGES.RATE_LIMITED;
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Fastify's own client errors (bad JSON, unsupported media type...): say what, not how, and
      // in our codes, not the framework's (issue 20: FST_ERR_CTP_EMPTY_JSON_BODY named Fastify).
      status = error.statusCode;
      code = status === 415 ? 'UNSUPPORTED_MEDIA_TYPE' : 'BAD_REQUEST';
      detail = status === 415 ? 'Unsupported content type.' : 'The request could not be read.';
    }

    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
    }
    return reply
      .status(status)
      .type(PROBLEM_CONTENT_TYPE)
      .send({
        type: 'about:blank',
        status,
        code,
        detail,
        ...(errors ? { errors } : {}),
        ...(status >= 500 ? { requestId: request.id } : {}),
      });
  });
});
