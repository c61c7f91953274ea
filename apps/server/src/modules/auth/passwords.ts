// Passwords: argon2id (OWASP parameters: 19 MiB, 2 passes, 1 lane) with a random salt per hash.
// An unknown email still costs one verification against a dummy hash, so the response time does
// not tell whether an account exists.
import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

const ARGON2ID = 2; // Algorithm.Argon2id (a const enum, not importable with isolatedModules)
const OPTIONS = {
  algorithm: ARGON2ID,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
  outputLen: 32,
};

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

let dummyHash: Promise<string> | undefined;
function dummy(): Promise<string> {
  dummyHash ??= hash(randomBytes(16).toString('base64url'), OPTIONS);
  return dummyHash;
}

/**
 * True when `password` matches `passwordHash`. With no hash (unknown email, or an account made by
 * one-time code with no password) a dummy hash is verified so the work, and the time, is the same.
 */
export async function verifyPassword(
  passwordHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!passwordHash) {
    await verify(await dummy(), password).catch(() => false);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Warm the dummy hash at start so the first unknown-email login is not faster than the rest. */
export function warmPasswordHashing(): Promise<unknown> {
  return dummy();
}
