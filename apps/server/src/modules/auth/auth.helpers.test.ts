import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadOrCreateAuthSecret } from '../../lib/auth-secret.ts';
import { maskEmail, maskPhone, safeRedirectPath, smsNumber } from './auth.service.ts';

describe('safeRedirectPath (SPEC §2 redirect target, never off-site)', () => {
  it.each([
    ['/checkout/summary', '/checkout/summary'],
    ['/order-details?id=42', '/order-details?id=42'],
    ['//evil.example', null],
    ['/\\evil.example', null],
    ['https://evil.example', null],
    ['javascript:alert(1)', null],
    ['/x\nSet-Cookie: a', null],
    ['', null],
    [null, null],
  ])('%s → %s', (input, expected) => {
    expect(safeRedirectPath(input)).toBe(expected);
  });
});

describe('hints of where a code went', () => {
  it('masks email and phone', () => {
    expect(maskEmail('patient@evergreen.example')).toBe('p*****t@evergreen.example');
    expect(maskEmail('al@x.example')).toBe('a*@x.example');
    expect(maskPhone('(555) 010-2030')).toBe('(***) ***-2030');
    expect(smsNumber('(555) 010-2030')).toBe('+15550102030');
  });
});

describe('AUTH_SECRET file', () => {
  it('is generated once into DATA_DIR (mode 0600) and reused', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auth-secret-'));
    try {
      const first = loadOrCreateAuthSecret(dir);
      expect(first.length).toBeGreaterThanOrEqual(43);
      expect(loadOrCreateAuthSecret(dir)).toBe(first);
      expect(fs.statSync(path.join(dir, 'auth-secret')).mode & 0o777).toBe(0o600);
      const other = fs.mkdtempSync(path.join(os.tmpdir(), 'auth-secret-'));
      expect(loadOrCreateAuthSecret(other)).not.toBe(first);
      fs.rmSync(other, { recursive: true });
    } finally {
      fs.rmSync(dir, { recursive: true });
    }
  });
});
