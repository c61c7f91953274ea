import { describe, expect, it } from 'vitest';
import { safeRedirect } from './session';

describe('safeRedirect (SPEC §2 redirect target with optional id query)', () => {
  it.each([
    ['/order-details', '42', '/order-details?id=42'],
    ['/checkout/summary', null, '/checkout/summary'],
    ['/x?y=1', '7', '/x?y=1&id=7'],
    ['//evil.example', null, null],
    ['https://evil.example', null, null],
    ['/\\evil.example', null, null],
    [null, '1', null],
  ])('%s + id %s → %s', (path, id, expected) => {
    expect(safeRedirect(path, id)).toBe(expected);
  });
});
