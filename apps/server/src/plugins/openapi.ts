// OpenAPI 3 generated from the zod schemas that validate each route, shaped for client generators
// (issue 20): every operation gets an operationId (derived from method and path unless the route
// names one), the security its declared access really enforces (plugins/access.ts), and the
// problem+json errors the route can answer. `npm run lint:openapi` checks it with Redocly.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { deriveOperationId } from '../lib/operation-id.ts';
import { ACCESS_LEVELS, accessOfRoute, type Access } from './access.ts';
import { CSRF_HEADER } from './csrf.ts';
import { SESSION_COOKIE } from './identity.ts';

type Json = Record<string, unknown>;
type Security = Record<string, string[]>[];

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/**
 * The security requirement of a route from its access and method. Alternatives are OR'ed, schemes
 * inside one are AND'ed. The CSRF header is a security scheme (apiKey in header) rather than a
 * required header parameter because it belongs to the credential, not to the operation: a cookie
 * session must send it on a state-changing request, a Bearer client need not (plugins/csrf.ts).
 * Only the security requirement can say "cookie + header, or bearer"; a parameter would demand it
 * of bearer clients too, and generators ask for an apiKey once in their configuration instead of
 * as an argument of every call.
 */
export function securityFor(access: Access, method: string): Security {
  const safe = SAFE_METHODS.has(method.toUpperCase());
  const cookie: Record<string, string[]> = safe
    ? { sessionCookie: [] }
    : { sessionCookie: [], csrfHeader: [] };
  if (access === 'public') return safe ? [] : [{ csrfHeader: [] }, { bearer: [] }];
  if (access === 'optional')
    return safe ? [{}, cookie, { bearer: [] }] : [{ csrfHeader: [] }, cookie, { bearer: [] }];
  return [cookie, { bearer: [] }];
}

/** What the document cannot show but the route knows, by operationId, for the error responses. */
interface RouteFacts {
  /** Has a zod schema for its body, query, params or headers (so a 400 VALIDATION_FAILED). */
  validated: boolean;
  /** Carries a per-route @fastify/rate-limit setting (so a 429). */
  rateLimited: boolean;
}

/** The swagger `transform`: zod → JSON Schema, then the operationId, security and access of the route. */
function createTransform(facts: Map<string, RouteFacts>) {
  return (input: Parameters<typeof jsonSchemaTransform>[0] & { route: RouteOptions }) => {
    // A route without a schema still is an operation (and needs an id, security and errors).
    const transformed = jsonSchemaTransform(input);
    const result = { ...transformed, schema: (transformed.schema ?? {}) as Json };
    const schema = result.schema;
    if (schema.hide) return result;
    const { route } = input;
    const method = Array.isArray(route.method) ? route.method[0]! : route.method;
    const operationId =
      (schema.operationId as string | undefined) ?? deriveOperationId(method, result.url);
    schema.operationId = operationId;
    const access = accessOfRoute(route);
    // Undeclared access: no security entry, which the OpenAPI test reports by route.
    if (access) {
      schema.security = securityFor(access, method);
      schema['x-access'] = access;
    }
    const declared = (route.schema ?? {}) as Json;
    facts.set(operationId, {
      validated: ['body', 'querystring', 'params', 'headers'].some(
        (key) => declared[key] !== undefined,
      ),
      rateLimited: Boolean((route.config as Json | undefined)?.rateLimit),
    });
    return result;
  };
}

const problemContent = {
  'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } },
};

/** The errors every route can give in the same words; a route's own statuses come from its summary. */
const STANDARD_RESPONSES: Record<string, { name: string; description: string }> = {
  400: {
    name: 'BadRequest',
    description:
      'VALIDATION_FAILED: a parameter or the body is invalid (errors[] names each field); also a body that is not readable JSON',
  },
  401: { name: 'Unauthorized', description: 'UNAUTHORIZED: no session, or not signed in' },
  403: {
    name: 'Forbidden',
    description:
      'CSRF_REJECTED: a cookie session sent no X-Requested-With header or came from another origin; FORBIDDEN: the signed-in role may not do this',
  },
  404: {
    name: 'NotFound',
    description:
      'NOT_FOUND: no such record, or it is not the caller’s (never 403: that would confirm it exists)',
  },
  413: {
    name: 'PayloadTooLarge',
    description: 'PAYLOAD_TOO_LARGE: the body is over the size limit',
  },
  415: { name: 'UnsupportedMediaType', description: 'The body’s content type is not accepted' },
  500: {
    name: 'InternalError',
    description:
      'INTERNAL: something failed on our side; the problem carries the request id, never internals',
  },
};

/** Statuses a route names in its summary, in general words (the codes it names are added). */
const NAMED_STATUS_WORDS: Record<string, string> = {
  402: 'The payment was declined',
  409: 'The record’s current state does not allow this (see the summary)',
  422: 'The request is understood but cannot be applied (see the summary)',
  424: 'A message (mail or text) could not be sent',
  429: 'RATE_LIMITED: too many attempts; retry after the Retry-After header’s seconds',
};

const NEEDS_SESSION_401 = new Set<Access>(['session', 'user', 'user:patient', 'user:doctor']);
const MISS_404 = new Set<Access>(['owner', 'account', 'doctor', 'pharmacist', 'admin']);

/** 4xx statuses a route's summary or description names ("409 SLOT_TAKEN when …", "429 with Retry-After"). */
function statusesNamed(text: string): Map<string, string[]> {
  const named = new Map<string, string[]>();
  for (const match of text.matchAll(/\b(4\d\d)\b(?:\s+(?:beside \w+ )?([A-Z][A-Z0-9_]{2,}))?/g)) {
    const codes = named.get(match[1]!) ?? [];
    if (match[2] && !codes.includes(match[2])) codes.push(match[2]);
    named.set(match[1]!, codes);
  }
  return named;
}

function errorStatuses(
  operation: Json,
  method: string,
  facts: RouteFacts | undefined,
): Map<string, string[]> {
  const statuses = new Map<string, string[]>();
  const add = (status: string, codes: string[] = []) =>
    statuses.set(status, [...(statuses.get(status) ?? []), ...codes]);
  const parameters = (operation.parameters as Json[] | undefined) ?? [];
  const access = operation['x-access'] as Access | undefined;
  if (facts?.validated ?? (parameters.length > 0 || operation.requestBody)) add('400');
  if (access && NEEDS_SESSION_401.has(access)) add('401');
  if (
    access === 'user:patient' ||
    access === 'user:doctor' ||
    !SAFE_METHODS.has(method.toUpperCase())
  )
    add('403');
  if ((access && MISS_404.has(access)) || parameters.some((p) => p.in === 'path')) add('404');
  if (operation.requestBody) {
    add('413');
    add('415');
  }
  if (facts?.rateLimited) add('429');
  for (const [status, codes] of statusesNamed(
    `${operation.summary ?? ''} ${operation.description ?? ''}`,
  ))
    add(status, codes);
  add('500');
  return statuses;
}

/** OpenAPI 3.0 gives `nullable` meaning only beside `type` (Redocly: nullable-type-sibling). */
function typeOf(schema: Json, components: Record<string, Json>, depth = 0): string | undefined {
  if (depth > 10) return undefined;
  if (typeof schema.type === 'string') return schema.type;
  if (typeof schema.$ref === 'string') {
    const target = components[schema.$ref.replace('#/components/schemas/', '')];
    return target ? typeOf(target, components, depth + 1) : undefined;
  }
  for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
    const list = schema[key] as Json[] | undefined;
    if (!list?.length) continue;
    const types = new Set(list.map((s) => typeOf(s, components, depth + 1)));
    if (key === 'allOf') return [...types].find(Boolean);
    if (types.size === 1) return [...types][0];
  }
  if (schema.properties) return 'object';
  return undefined;
}

/** Walks every schema in the document (components, parameters, bodies, responses). */
function eachSchema(node: unknown, visit: (schema: Json) => void): void {
  if (Array.isArray(node)) {
    for (const item of node) eachSchema(item, visit);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const object = node as Json;
  visit(object);
  for (const value of Object.values(object)) eachSchema(value, visit);
}

function fixSchema(schema: Json, components: Record<string, Json>) {
  if (schema.nullable === true && schema.type === undefined) {
    const type = typeOf(schema, components);
    if (type) schema.type = type;
    // A schema of any value (z.unknown().nullable()) already admits null.
    else delete schema.nullable;
  }
  // z.record(z.enum([...]), v) requires every key without listing it in properties
  // (no-required-schema-properties-undefined): list them with the record's value schema.
  const required = schema.required as string[] | undefined;
  const additional = schema.additionalProperties;
  if (Array.isArray(required) && additional && typeof additional === 'object') {
    const properties = (schema.properties as Json | undefined) ?? {};
    for (const name of required) if (!(name in properties)) properties[name] = additional;
    schema.properties = properties;
  }
}

/** Components no operation reaches: the input/output twins zod registers for every named schema. */
function pruneUnused(document: Json) {
  const components = document.components as { schemas?: Record<string, Json> };
  const schemas = components.schemas ?? {};
  const reached = new Set<string>();
  const queue: unknown[] = [document.paths, (document.components as Json).responses];
  while (queue.length > 0) {
    eachSchema(queue.pop(), (node) => {
      const ref = node.$ref;
      if (typeof ref !== 'string' || !ref.startsWith('#/components/schemas/')) return;
      const name = ref.slice('#/components/schemas/'.length);
      if (reached.has(name)) return;
      reached.add(name);
      queue.push(schemas[name]);
    });
  }
  for (const name of Object.keys(schemas)) if (!reached.has(name)) delete schemas[name];
}

/** The swagger `transformObject`: components, error responses, and 3.0 fixes over the whole document. */
function createTransformObject(facts: Map<string, RouteFacts>) {
  return (input: Parameters<typeof jsonSchemaTransformObject>[0]) => {
    const document = jsonSchemaTransformObject(input) as unknown as Json;
    const components = document.components as Json & { schemas: Record<string, Json> };
    components.schemas.Problem = {
      type: 'object',
      description: 'RFC 9457 problem details (application/problem+json), from plugins/errors.ts',
      required: ['type', 'status', 'code', 'detail'],
      properties: {
        type: { type: 'string', enum: ['about:blank'] },
        status: { type: 'integer', minimum: 400, maximum: 599 },
        code: {
          type: 'string',
          description: 'Stable machine-readable code (VALIDATION_FAILED, NOT_FOUND, SLOT_TAKEN …)',
        },
        detail: {
          type: 'string',
          description: 'The message to show the person, from the domain’s message catalogue',
        },
        errors: {
          type: 'array',
          description: 'One entry per invalid field (400, and some 409s)',
          items: {
            type: 'object',
            required: ['field', 'message'],
            properties: { field: { type: 'string' }, message: { type: 'string' } },
          },
        },
        requestId: { type: 'string', description: '5xx only: quote it to support' },
      },
    };
    components.responses = Object.fromEntries(
      Object.values(STANDARD_RESPONSES).map(({ name, description }) => [
        name,
        { description, content: problemContent },
      ]),
    );

    for (const item of Object.values(document.paths as Record<string, Json>)) {
      for (const method of HTTP_METHODS) {
        const operation = item[method] as Json | undefined;
        if (!operation) continue;
        const responses = (operation.responses ??= {}) as Json;
        for (const [status, codes] of errorStatuses(
          operation,
          method,
          facts.get(operation.operationId as string),
        )) {
          if (responses[status]) continue; // a route's own error response keeps its meaning
          const standard = STANDARD_RESPONSES[status];
          if (standard && codes.length === 0) {
            responses[status] = { $ref: `#/components/responses/${standard.name}` };
            continue;
          }
          const words = standard?.description ?? NAMED_STATUS_WORDS[status] ?? `Problem ${status}`;
          responses[status] = {
            description: codes.length > 0 ? `${codes.join(', ')}; ${words}` : words,
            content: problemContent,
          };
        }
      }
    }
    eachSchema(document.paths, (schema) => fixSchema(schema, components.schemas));
    eachSchema(components.schemas, (schema) => fixSchema(schema, components.schemas));
    pruneUnused(document);
    return document;
  };
}

export const openapiPlugin = fp(async (app: FastifyInstance) => {
  const facts = new Map<string, RouteFacts>();
  const accessDescription = Object.entries(ACCESS_LEVELS)
    .map(([level, words]) => `\`${level}\`: ${words}`)
    .join('; ');
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Telehealth storefront API',
        description:
          'Errors are application/problem+json (the Problem schema): status, code, detail and errors[]. ' +
          'The storefront is the request’s host. Each operation’s `x-access` says who may call it: ' +
          `${accessDescription}. ` +
          `State-changing requests with the session cookie must send the ${CSRF_HEADER} header (any value).`,
        version: '0.1.0',
      },
      // Relative: the API is served by each storefront's own host.
      servers: [{ url: '/', description: 'The storefront host serving this document' }],
      components: {
        securitySchemes: {
          sessionCookie: {
            type: 'apiKey',
            in: 'cookie',
            name: SESSION_COOKIE,
            description: 'HttpOnly session cookie set by sign-in or a guest session',
          },
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description: 'The same session token, for API clients (no CSRF header needed)',
          },
          csrfHeader: {
            type: 'apiKey',
            in: 'header',
            name: 'X-Requested-With',
            description:
              'Cross-site request forgery defence: any non-empty value, required with the cookie (or no credential) on POST, PUT, PATCH and DELETE',
          },
        },
      },
    },
    transform: createTransform(facts) as typeof jsonSchemaTransform,
    transformObject: createTransformObject(facts) as unknown as typeof jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
});
