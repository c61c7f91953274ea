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

/** Where a value sits: its key and its parent's place (built into a path only when one is bad). */
type Place = { key: string; parent: Place | null } | null;

function pathOf(place: Place, base: string[]): string[] {
  const keys: string[] = [];
  for (let at = place; at; at = at.parent) keys.push(at.key);
  return [...base, ...keys.reverse()];
}

/**
 * The dotted path (`address.line1`, `items.0.note`) of the first bad string or key in `value`.
 * Walked with a stack of its own, not by recursion: a well-formed JSON body nested 10,000 deep
 * overflowed the call stack and answered 500 (issue 20's fuzzing).
 */
export function findBadText(value: unknown, path: string[] = []): string[] | null {
  // A key is checked just before its value, as the body reads.
  type Step = { value: unknown; place: Place } | { key: string; place: Place };
  const pending: Step[] = [{ value, place: null }];
  while (pending.length > 0) {
    const step = pending.pop()!;
    if ('key' in step) {
      if (badText(step.key)) return pathOf(step.place, path).concat(step.key.replaceAll(NUL, '').replace(new RegExp(LONE_SURROGATE, 'g'), ''));
      continue;
    }
    const current = step.value;
    if (typeof current === 'string') {
      if (badText(current)) return pathOf(step.place, path);
      continue;
    }
    const children: Step[] = [];
    if (Array.isArray(current)) {
      for (const [i, item] of current.entries()) children.push({ value: item, place: { key: String(i), parent: step.place } });
    } else if (isRecord(current)) {
      // Parsed records only (a multipart stream or a Buffer is the route's own business).
      for (const [key, item] of Object.entries(current)) {
        children.push({ key, place: step.place }, { value: item, place: { key, parent: step.place } });
      }
    }
    // Last first onto the stack, so the first bad one found is the first in the body.
    for (let i = children.length - 1; i >= 0; i--) pending.push(children[i]!);
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
