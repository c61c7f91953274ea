// The short verification code printed on a prescription (issue 15): 9 characters from an alphabet
// without look-alikes (no 0/O, 1/I/L), chosen with crypto, shown as XXXX-XXXXX. Only its SHA-256
// is stored; a pharmacy types it (any case, with or without the dash or spaces) on the public page.
import { createHash, randomInt } from 'node:crypto';

export const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const CODE_LENGTH = 9;

export function newVerificationCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** XXXX-XXXXX, as printed. */
export const formatVerificationCode = (code: string) => `${code.slice(0, 4)}-${code.slice(4)}`;

/** The code as typed, reduced to its characters; null when it cannot be one of ours. */
export function normalizeVerificationCode(input: string): string | null {
  const code = input.toUpperCase().replace(/[\s-]/g, '');
  if (code.length !== CODE_LENGTH) return null;
  for (const c of code) if (!CODE_ALPHABET.includes(c)) return null;
  return code;
}

export const hashVerificationCode = (code: string) => createHash('sha256').update(code).digest('hex');
