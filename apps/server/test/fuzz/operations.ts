// issue 20 (fuzzing): the API's operations as read from its own OpenAPI document, and for each one
// an arbitrary request: valid by its schemas, or with one thing made invalid (a mutation).
import fc from 'fast-check';
import {
  malformedJson,
  nastyNumber,
  nastyString,
  nastyValue,
  otherContentTypes,
  resolve,
  validArbitrary,
  type JsonSchema,
  type SchemaRegistry,
} from './schema-arbitrary.ts';

export interface Parameter {
  name: string;
  schema: JsonSchema;
  required: boolean;
}

export interface Operation {
  /** `POST /api/orders/{id}/items` */
  key: string;
  method: string;
  path: string;
  pathParams: Parameter[];
  query: Parameter[];
  headers: Parameter[];
  body: { schema: JsonSchema; required: boolean } | null;
}

interface OpenApiOperation {
  parameters?: { in: string; name: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: SchemaRegistry };
}

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

export function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      if (!METHODS.has(method)) continue;
      const parameters = (where: string) =>
        (operation.parameters ?? [])
          .filter((p) => p.in === where)
          .map((p) => ({
            name: p.name,
            schema: p.schema ?? {},
            required: p.required ?? where === 'path',
          }));
      const json = operation.requestBody?.content?.['application/json'];
      operations.push({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        pathParams: parameters('path'),
        query: parameters('query'),
        headers: parameters('header'),
        body: json?.schema
          ? { schema: json.schema, required: operation.requestBody?.required ?? false }
          : null,
      });
    }
  }
  return operations;
}

export const MUTATIONS = [
  'body-wrong-type',
  'body-missing-required',
  'body-extra-field',
  'body-nasty-string',
  'body-nasty-number',
  'body-not-object',
  'malformed-json',
  'wrong-content-type',
  'path-random',
  'query-nasty',
  'header-nasty',
  'session-garbage',
] as const;
export type Mutation = (typeof MUTATIONS)[number];

/** A path parameter: one of the ids the API has handed out so far (resolved when sent), or a value. */
export type PathValue = { known: number } | { value: unknown };

export interface FuzzRequest {
  operation: string;
  persona: 'nobody' | 'guest' | 'patient' | 'patient-bearer' | 'doctor' | 'pharmacist' | 'admin';
  /** The web client's CSRF header; left off now and then. */
  csrf: boolean;
  /** A host no storefront is served on, now and then. */
  unknownHost: boolean;
  mutation: Mutation | null;
  path: Record<string, PathValue>;
  query: Record<string, unknown>;
  headers: Record<string, string>;
  /** JSON to send, raw text (malformed JSON), or nothing. */
  body: { json: unknown } | { raw: string } | null;
  contentType: string | null;
  /** A cookie or bearer token that is not a session. */
  garbageSession: string | null;
}

function needsBody(operation: Operation) {
  return operation.body !== null || operation.method !== 'GET';
}

function applicableMutations(operation: Operation): Mutation[] {
  const body = operation.body ? resolve(operation.body.schema, {}) : null;
  return MUTATIONS.filter((m) => {
    switch (m) {
      case 'body-wrong-type':
      case 'body-extra-field':
      case 'body-nasty-string':
      case 'body-nasty-number':
      case 'body-not-object':
      case 'body-missing-required':
        return (
          operation.body !== null &&
          (m !== 'body-missing-required' || (body?.required?.length ?? 1) > 0)
        );
      case 'malformed-json':
      case 'wrong-content-type':
        return needsBody(operation) && operation.method !== 'GET';
      case 'path-random':
        return operation.pathParams.length > 0;
      case 'header-nasty':
        return operation.headers.length > 0;
      default:
        return true;
    }
  });
}

type Leaf = { parent: Record<string, unknown> | unknown[]; key: string | number; value: unknown };

function leavesOf(value: unknown, out: Leaf[] = []): Leaf[] {
  if (Array.isArray(value)) value.forEach((v, i) => visit(value, i, v, out));
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) visit(value as Record<string, unknown>, k, v, out);
  return out;
}
function visit(parent: Leaf['parent'], key: string | number, value: unknown, out: Leaf[]) {
  out.push({ parent, key, value });
  if (value && typeof value === 'object') leavesOf(value, out);
}
function setLeaf(leaf: Leaf, value: unknown) {
  (leaf.parent as Record<string | number, unknown>)[leaf.key] = value;
}

const extraFieldName = fc.oneof(
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    'role',
    'isAdmin',
    'userId',
    'storefrontId',
    'status',
    'totalCents',
    'id',
  ),
  fc.string({ minLength: 1, maxLength: 20 }),
);

/** The ingredients of one mutation, drawn whether or not it is used (so a counterexample shrinks). */
const mutationInputs = fc.record({
  pick: fc.nat(),
  value: nastyValue,
  text: nastyString,
  number: nastyNumber,
  field: extraFieldName,
  malformed: malformedJson,
  contentType: otherContentTypes,
  randomId: fc.oneof(fc.uuid(), nastyString, fc.integer().map(String)),
});

export function requestArbitrary(
  operation: Operation,
  registry: SchemaRegistry,
  mutationRate: number,
): fc.Arbitrary<FuzzRequest> {
  const pathArb = fc.record(
    Object.fromEntries(
      operation.pathParams.map((p) => [
        p.name,
        fc.oneof(
          { weight: 3, arbitrary: fc.nat().map((known): PathValue => ({ known })) },
          {
            weight: 1,
            arbitrary: validArbitrary(p.schema, registry).map((value): PathValue => ({ value })),
          },
        ),
      ]),
    ),
  );
  const queryArb = fc.record(
    Object.fromEntries(operation.query.map((p) => [p.name, validArbitrary(p.schema, registry)])),
    {
      requiredKeys: operation.query.filter((p) => p.required).map((p) => p.name),
    },
  );
  const headerArb = fc.record(
    Object.fromEntries(
      operation.headers.map((p) => [
        p.name,
        validArbitrary(p.schema, registry).map((v) => String(v)),
      ]),
    ),
    { requiredKeys: operation.headers.filter((p) => p.required).map((p) => p.name) },
  );
  const bodyArb = operation.body
    ? operation.body.required
      ? validArbitrary(operation.body.schema, registry)
      : fc.option(validArbitrary(operation.body.schema, registry), { nil: undefined, freq: 4 })
    : fc.constant(undefined);
  const mutations = applicableMutations(operation);
  const mutationArb =
    mutations.length === 0
      ? fc.constant(null)
      : fc.oneof(
          { weight: Math.round(100 * (1 - mutationRate)), arbitrary: fc.constant(null) },
          { weight: Math.round(100 * mutationRate), arbitrary: fc.constantFrom(...mutations) },
        );
  return fc
    .record({
      persona: fc.constantFrom(
        'nobody',
        'guest',
        'patient',
        'patient',
        'patient-bearer',
        'doctor',
        'pharmacist',
        'admin',
      ) as fc.Arbitrary<FuzzRequest['persona']>,
      csrf: fc.oneof(
        { weight: 9, arbitrary: fc.constant(true) },
        { weight: 1, arbitrary: fc.constant(false) },
      ),
      unknownHost: fc.oneof(
        { weight: 49, arbitrary: fc.constant(false) },
        { weight: 1, arbitrary: fc.constant(true) },
      ),
      path: pathArb,
      query: queryArb,
      headers: headerArb,
      body: bodyArb,
      mutation: mutationArb,
      inputs: mutationInputs,
    })
    .map(
      ({
        persona,
        csrf,
        unknownHost,
        path,
        query,
        headers,
        body,
        mutation,
        inputs,
      }): FuzzRequest => {
        const request: FuzzRequest = {
          operation: operation.key,
          persona,
          csrf,
          unknownHost,
          mutation,
          path: { ...path },
          query: { ...query },
          headers: { ...headers },
          body: body === undefined ? null : { json: structuredClone(body) },
          contentType: body === undefined ? null : 'application/json',
          garbageSession: null,
        };
        if (mutation) mutate(request, mutation, operation, registry, inputs);
        return request;
      },
    );
}

function mutate(
  request: FuzzRequest,
  mutation: Mutation,
  operation: Operation,
  registry: SchemaRegistry,
  inputs: typeof mutationInputs extends fc.Arbitrary<infer T> ? T : never,
) {
  const json = request.body && 'json' in request.body ? request.body.json : undefined;
  const leaves = leavesOf(json);
  const pickLeaf = (filter: (leaf: Leaf) => boolean = () => true) => {
    const candidates = leaves.filter(filter);
    return candidates.length ? candidates[inputs.pick % candidates.length] : undefined;
  };
  const ensureBody = () => {
    if (!request.body || !('json' in request.body)) {
      request.body = { json: {} };
      request.contentType = 'application/json';
    }
    return request.body.json;
  };
  switch (mutation) {
    case 'body-wrong-type': {
      const leaf = pickLeaf();
      if (leaf) setLeaf(leaf, inputs.value);
      else request.body = { json: inputs.value };
      request.contentType = 'application/json';
      break;
    }
    case 'body-missing-required': {
      const schema = resolve(operation.body!.schema, registry);
      const body = ensureBody();
      const required = schema.required ?? [];
      if (body && typeof body === 'object' && !Array.isArray(body) && required.length) {
        delete (body as Record<string, unknown>)[required[inputs.pick % required.length]!];
      } else {
        request.body = null;
        request.contentType = null;
      }
      break;
    }
    case 'body-extra-field': {
      const objects = [json, ...leaves.map((l) => l.value)].filter(
        (v) => v && typeof v === 'object' && !Array.isArray(v),
      );
      const target =
        (objects[inputs.pick % Math.max(objects.length, 1)] as
          Record<string, unknown> | undefined) ?? (ensureBody() as Record<string, unknown>);
      if (target && typeof target === 'object') {
        Object.defineProperty(target, inputs.field, {
          value: inputs.value,
          enumerable: true,
          configurable: true,
          writable: true,
        });
      }
      break;
    }
    case 'body-nasty-string': {
      const leaf = pickLeaf((l) => typeof l.value === 'string') ?? pickLeaf();
      if (leaf) setLeaf(leaf, inputs.text);
      else request.body = { json: inputs.text };
      request.contentType = 'application/json';
      break;
    }
    case 'body-nasty-number': {
      const leaf = pickLeaf((l) => typeof l.value === 'number') ?? pickLeaf();
      if (leaf) setLeaf(leaf, inputs.number);
      else request.body = { json: inputs.number };
      request.contentType = 'application/json';
      break;
    }
    case 'body-not-object':
      request.body = { json: Array.isArray(json) ? { items: json } : inputs.value };
      request.contentType = 'application/json';
      break;
    case 'malformed-json':
      request.body = { raw: inputs.malformed };
      request.contentType = 'application/json';
      break;
    case 'wrong-content-type':
      request.body = request.body ?? { json: {} };
      request.contentType = inputs.contentType;
      break;
    case 'path-random': {
      const names = operation.pathParams.map((p) => p.name);
      request.path[names[inputs.pick % names.length]!] = { value: inputs.randomId };
      break;
    }
    case 'query-nasty': {
      const names = operation.query.map((p) => p.name);
      const name =
        names.length && inputs.pick % 3 !== 0 ? names[inputs.pick % names.length]! : inputs.field;
      request.query[name] = inputs.pick % 2 === 0 ? inputs.value : inputs.text;
      break;
    }
    case 'header-nasty': {
      const names = operation.headers.map((p) => p.name);
      request.headers[names[inputs.pick % names.length]!] = inputs.text;
      break;
    }
    case 'session-garbage':
      request.garbageSession = inputs.text;
      break;
  }
}
