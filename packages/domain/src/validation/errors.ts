// Turn a zod error into the { field, message } list of the API's problem responses (DESIGN.md).
import type { z } from 'zod';

/**
 * One entry per issue, the field as a dotted path ('' for the root, 'items.0.qty' for nested);
 * identical field and message pairs are listed once, in the order they were found.
 */
export function fieldErrors(error: z.ZodError): { field: string; message: string }[] {
  const seen = new Set<string>();
  const result: { field: string; message: string }[] = [];
  for (const issue of error.issues) {
    const field = issue.path.map((part) => String(part)).join('.');
    const key = `${field}\u0000${issue.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    result.push({ field, message: issue.message });
  }
  return result;
}
