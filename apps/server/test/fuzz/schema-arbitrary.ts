// issue 20 (fuzzing): fast-check arbitraries from the OpenAPI document's JSON schemas, the values a
// well-behaved client would send, and the nasty values a careless or hostile one would.
import fc from 'fast-check';

// The OpenAPI 3.0 subset @fastify/swagger emits from our zod schemas.
export interface JsonSchema {
  $ref?: string;
  type?: string;
  format?: string;
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

export type SchemaRegistry = Record<string, JsonSchema>;

/** `#/components/schemas/X` resolved against the document's components. */
export function resolve(schema: JsonSchema, registry: SchemaRegistry): JsonSchema {
  let current = schema;
  for (let hops = 0; current.$ref && hops < 10; hops++) {
    const name = current.$ref.split('/').pop()!;
    current = registry[name] ?? {};
  }
  return current;
}

// Valid values stay short: the aim is many requests, not big ones (oversized strings are a mutation).
const SHORT = 24;

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? SHORT, minLength + SHORT));
  const fits = (value: string) =>
    value.length >= minLength && value.length <= (schema.maxLength ?? Infinity);
  switch (schema.format) {
    case 'uuid':
      return fc.uuid();
    case 'email':
      return fc.stringMatching(/^[a-z][a-z0-9.]{0,12}@example\.(com|org)$/);
    case 'date':
      return fc
        .date({
          min: new Date('1930-01-01T00:00:00Z'),
          max: new Date('2035-12-31T00:00:00Z'),
          noInvalidDate: true,
        })
        .map((d) => d.toISOString().slice(0, 10));
    case 'date-time':
      return fc
        .date({
          min: new Date('2000-01-01T00:00:00Z'),
          max: new Date('2035-12-31T00:00:00Z'),
          noInvalidDate: true,
        })
        .map((d) => d.toISOString());
    default:
      break;
  }
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern)).filter(fits);
    } catch {
      // a pattern fast-check cannot invert: plain strings (the server answers 400, also fine)
    }
  }
  return fc.string({ minLength, maxLength, unit: 'grapheme' }).filter(fits);
}

function numberBound(
  value: number | undefined,
  fallback: number,
  clamp: (a: number, b: number) => number,
): number {
  return value === undefined ? fallback : clamp(value, fallback);
}

function numberArbitrary(schema: JsonSchema): fc.Arbitrary<number> {
  // Small ranges for valid values; the extremes are a mutation.
  let min = numberBound(schema.minimum, -1000, Math.max);
  let max = numberBound(schema.maximum, 100_000, Math.min);
  if (typeof schema.exclusiveMinimum === 'number')
    min = Math.max(min, schema.exclusiveMinimum + (schema.type === 'integer' ? 1 : 0.001));
  else if (schema.exclusiveMinimum === true && schema.minimum !== undefined)
    min = schema.minimum + (schema.type === 'integer' ? 1 : 0.001);
  if (typeof schema.exclusiveMaximum === 'number')
    max = Math.min(max, schema.exclusiveMaximum - (schema.type === 'integer' ? 1 : 0.001));
  if (min > max) max = min;
  if (schema.type === 'integer') return fc.integer({ min: Math.ceil(min), max: Math.floor(max) });
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

/** A value the schema accepts (as far as JSON schema says: zod refinements it cannot carry are not known). */
export function validArbitrary(
  input: JsonSchema,
  registry: SchemaRegistry,
  depth = 0,
): fc.Arbitrary<unknown> {
  const schema = resolve(input, registry);
  if (depth > 6) return fc.constant(null);
  const arbitrary = ((): fc.Arbitrary<unknown> => {
    if (schema.enum) return fc.constantFrom(...schema.enum);
    if (schema.const !== undefined) return fc.constant(schema.const);
    const alternatives = schema.anyOf ?? schema.oneOf;
    if (alternatives)
      return fc.oneof(...alternatives.map((s) => validArbitrary(s, registry, depth + 1)));
    if (schema.allOf) {
      if (schema.allOf.length === 1) return validArbitrary(schema.allOf[0]!, registry, depth + 1);
      const merged: JsonSchema = { type: 'object', properties: {}, required: [] };
      for (const part of schema.allOf.map((s) => resolve(s, registry))) {
        Object.assign(merged.properties!, part.properties);
        merged.required!.push(...(part.required ?? []));
      }
      return validArbitrary(merged, registry, depth + 1);
    }
    switch (schema.type) {
      case 'string':
        return stringArbitrary(schema);
      case 'integer':
      case 'number':
        return numberArbitrary(schema);
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      case 'array': {
        const minLength = schema.minItems ?? 0;
        const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? 3, minLength + 3));
        return fc.array(validArbitrary(schema.items ?? {}, registry, depth + 1), {
          minLength,
          maxLength,
        });
      }
      case 'object':
      case undefined: {
        if (schema.type === undefined && !schema.properties) return fc.jsonValue({ maxDepth: 2 });
        const properties = schema.properties ?? {};
        const record = fc.record(
          Object.fromEntries(
            Object.entries(properties).map(([key, s]) => [
              key,
              validArbitrary(s, registry, depth + 1),
            ]),
          ),
          { requiredKeys: (schema.required ?? []).filter((key) => key in properties) },
        );
        if (typeof schema.additionalProperties === 'object') {
          const extra = fc.dictionary(
            fc.string({ minLength: 1, maxLength: 12 }),
            validArbitrary(schema.additionalProperties, registry, depth + 1),
            {
              maxKeys: 3,
            },
          );
          return fc.tuple(record, extra).map(([known, more]) => ({ ...more, ...known }));
        }
        return record;
      }
      default:
        return fc.jsonValue({ maxDepth: 2 });
    }
  })();
  return schema.nullable ? fc.option(arbitrary, { nil: null, freq: 6 }) : arbitrary;
}

// ---- the nasty values -------------------------------------------------------------------------

/** Strings a hostile or broken client sends: control characters, odd unicode, injections, sizes. */
export const nastyString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\u0000'.repeat(40),
    '\u0001\u0002\u0003\u0007\u0008\u001b[31m\u007f',
    '\r\n\r\nX-Injected: 1',
    '\t\v\f',
    '\ud800', // a lone surrogate
    '\udfff\ud800',
    '\u202eevil\u202c', // right-to-left override
    '\ufeffbom',
    'e\u0301\u0301\u0301\u0301\u0301',
    '🧪💊🩺👩🏽‍⚕️',
    'ẞÅﬁ𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
    "' OR '1'='1",
    "'; DROP TABLE users; --",
    '1; SELECT pg_sleep(1)--',
    "\\'; --",
    '" OR ""="',
    '%',
    '_',
    '%%%%',
    '$1',
    '../../../../etc/passwd',
    '..\\..\\..\\windows\\win.ini',
    '/etc/passwd',
    '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
    'file:///etc/passwd',
    '<script>alert(1)</script>',
    '{{7*7}}${7*7}',
    '__proto__',
    'constructor',
    'null',
    'undefined',
    'NaN',
    '-1',
    '0',
    '1e309',
    '99999999999999999999999999',
    '0x7fffffff',
    'true',
    '[]',
    '{}',
    '00000000-0000-0000-0000-000000000000',
    'ffffffff-ffff-ffff-ffff-ffffffffffff',
    'not-a-uuid',
  ),
  // oversized: just past the usual limits, and far past
  fc.constantFrom(101, 255, 256, 1001, 5000, 70_000).map((n) => 'x'.repeat(n)),
  fc.constantFrom(300, 20_000).map((n) => '💊'.repeat(n)),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({
    unit: fc.constantFrom(
      '\u0000',
      '\u001f',
      '\u2028',
      '\u2029',
      '\ufffd',
      '\ud83d',
      'a',
      "'",
      '"',
      '\\',
      '/',
      '%',
    ),
    maxLength: 30,
  }),
);

/** Numbers at and past every edge: negative, zero, fractions, beyond 32 and 53 bits. */
export const nastyNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(
    -1,
    0,
    -0,
    0.5,
    -0.0001,
    2 ** 31,
    -(2 ** 31) - 1,
    2 ** 53 + 2,
    -(2 ** 53) - 2,
    1e21,
    -1e21,
    1e308,
    -1e308,
    5e-324,
  ),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Any JSON value, typed wrong for almost every field. */
export const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  nastyString,
  nastyNumber,
  fc.boolean(),
  fc.constant(null),
  fc.constant([]),
  fc.constant({}),
  fc.array(nastyString, { maxLength: 3 }),
  fc.dictionary(nastyString, nastyString, { maxKeys: 2 }),
  // a nested value (deeper ones go raw, in malformedJson: fast-check prints values recursively)
  fc
    .constantFrom(20, 300)
    .map((depth) => JSON.parse('['.repeat(depth) + ']'.repeat(depth)) as unknown),
);

/** Bodies that are not JSON at all, or JSON that our parser must refuse. */
export const malformedJson: fc.Arbitrary<string> = fc.constantFrom(
  '',
  '{',
  '{"a":',
  '[1,2',
  '{"a":1}}',
  "{'a':1}",
  '{"a":1,}',
  'nul',
  'undefined',
  '\u0000',
  '\ufeff{}',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '{"a":"\\ud800"}',
  '{"a":1e999}',
  '{"a":"x"' + ',"a":"y"}',
  '['.repeat(100_000),
  // well-formed but deep: a recursive validator must not overflow the stack
  '{"a":' + '['.repeat(10_000) + ']'.repeat(10_000) + '}',
  '\u00ff\u00fe{\u0000"\u0000}',
);

export const otherContentTypes = fc.constantFrom(
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=fuzz',
  'application/xml',
  'application/json; charset=utf-16',
  'application/octet-stream',
  'application/json-patch+json',
  '*/*',
  ';;;',
);
