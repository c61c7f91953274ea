// An OpenAPI operationId made from a route's method and path, so a new route gets a readable one
// without anyone choosing it: GET /api/orders/{id} → getOrder, GET /api/orders → listOrders,
// POST /api/addresses → createAddress, POST /api/orders/{id}/pay → payOrder,
// DELETE /api/doctor/orders/{id}/claim → deleteDoctorOrderClaim. A route whose derived name reads
// badly (or collides) sets `schema.operationId`, which wins (plugins/openapi.ts).

/** Last path segments (or their first word) that name what a POST does rather than a thing. */
const ACTIONS = new Set([
  'answer',
  'approve',
  'cancel',
  'claim',
  'complete',
  'deactivate',
  'decline',
  'deliver',
  'fill',
  'inspect',
  'invite',
  'login',
  'logout',
  'pay',
  'publish',
  'rebook',
  'register',
  'renew',
  'reorder',
  'request',
  'reschedule',
  'resend',
  'rollback',
  'send',
  'ship',
  'skip',
  'submit',
  'use',
  'validate',
  'verify',
  'join',
]);
/** Whole segments that are one action of several words. */
const COMPOUND_ACTIONS = new Set(['sign-off', 'revoke-all']);
/** Words ending in s that name one thing. */
const NOT_PLURAL = new Set(['settings', 'status', 'access', 'ics']);

const isParam = (segment: string) => segment.startsWith(':') || segment.startsWith('{');

function isPlural(word: string): boolean {
  return word.endsWith('s') && !word.endsWith('ss') && !NOT_PLURAL.has(word);
}

export function singular(word: string): string {
  if (!isPlural(word)) return word;
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (/(ss|sh|ch|x|z)es$/.test(word)) return word.slice(0, -2);
  return word.slice(0, -1);
}

function camel(words: string[]): string {
  return words
    .filter(Boolean)
    .map((word, i) => {
      const lower = word.toLowerCase();
      return i === 0 ? lower : lower.charAt(0).toUpperCase() + lower.slice(1);
    })
    .join('');
}

const wordsOf = (segment: string) => segment.split(/[-._]/).filter(Boolean);

export function deriveOperationId(method: string, url: string): string {
  const segments = url
    .replace(/^\/api(\/|$)/, '')
    .split('/')
    .filter(Boolean);
  // The noun before an id is one of them: orders/{id} → order.
  const words: string[] = [];
  for (const segment of segments) {
    if (isParam(segment)) {
      const last = words.pop();
      if (last !== undefined) words.push(singular(last));
      continue;
    }
    words.push(...wordsOf(segment));
  }
  const endsWithParam = segments.length > 0 && isParam(segments[segments.length - 1]!);
  const lastSegment = endsWithParam ? undefined : segments[segments.length - 1];
  const lastWord = words[words.length - 1] ?? '';

  let verb: string;
  switch (method.toUpperCase()) {
    case 'GET':
    case 'HEAD':
      verb = !endsWithParam && isPlural(lastWord) ? 'list' : 'get';
      break;
    case 'DELETE':
      verb = 'delete';
      break;
    case 'PATCH':
      verb = 'update';
      break;
    case 'PUT':
      // PUT of a whole thing by id updates it; PUT of a part (an order's items, a note) sets it.
      verb = endsWithParam ? 'update' : 'set';
      break;
    default: {
      if (lastSegment && COMPOUND_ACTIONS.has(lastSegment)) {
        words.splice(words.length - wordsOf(lastSegment).length);
        return camel([...wordsOf(lastSegment), ...words]);
      }
      const first = lastSegment ? wordsOf(lastSegment)[0] : undefined;
      if (lastSegment && first && ACTIONS.has(first)) {
        // cancel-order → cancel…Order; pay → pay…
        const rest = wordsOf(lastSegment).slice(1);
        words.splice(words.length - wordsOf(lastSegment).length);
        return camel([first, ...words, ...rest]);
      }
      if (endsWithParam) {
        verb = 'update';
      } else {
        verb = 'create';
        if (isPlural(lastWord)) words[words.length - 1] = singular(lastWord);
      }
    }
  }
  return camel([verb, ...words]);
}
