// Text the database cannot store is refused before any route sees it (issue 13 #6): a NUL byte
// (PostgreSQL text cannot hold one) or a lone UTF-16 surrogate (not encodable as UTF-8) anywhere in
// a JSON body, the query string or the path made the route fail with a 500 half-way. Checked here
// once for every route, it is a 400 naming the field, and nothing is changed.
import { MESSAGES } from '@store/domain';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/problem.ts';

const NUL = '\u0000';
/** Half of a surrogate pair without its other half. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function badText(value: string): boolean {
  return value.includes(NUL) || LONE_SURROGATE.test(value);
}

/** A parsed JSON object, or Fastify's query and params objects (whose prototype has none). */
function isRecord(value: unknown): value is Record<string, unknown> {
  if (!value || typeof value !== 'object') return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === null || proto === Object.prototype || Object.getPrototypeOf(proto) === null;
}

/** The dotted path (`address.line1`, `items.0.note`) of the first bad string or key in `value`. */
export function findBadText(value: unknown, path: string[] = []): string[] | null {
  if (typeof value === 'string') return badText(value) ? path : null;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = findBadText(item, [...path, String(i)]);
      if (found) return found;
    }
    return null;
  }
  // Parsed records only (a multipart stream or a Buffer is the route's own business).
  if (isRecord(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (badText(key)) return [...path, key.replaceAll(NUL, '').replace(new RegExp(LONE_SURROGATE, 'g'), '')];
      const found = findBadText(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

export const textInputPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    const sources = [
      ['params', request.params],
      ['querystring', request.query],
      ['body', request.body],
    ] as const;
    for (const [where, value] of sources) {
      const path = findBadText(value);
      if (!path) continue;
      const field = path.join('.') || where;
      throw new AppError(400, 'VALIDATION_FAILED', MESSAGES.VALIDATION_FAILED, {
        errors: [{ field, message: MESSAGES.TEXT_CHARACTERS_INVALID }],
      });
    }
  });
});
