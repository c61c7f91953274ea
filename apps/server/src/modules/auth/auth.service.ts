// Accounts and sign-in (SPEC §1, §2, §5–§8): registration (plain, join-the-movement, provider
// invite, ECP, one-time code), password and one-time-code login, logout, password reset and
// change, profile. Every sign-in gets a new session token and ends the browser's previous session
// (guest or user); the sign-in workflow then moves a guest's things to the account. Every sign-in, failure, code
// send, reset and password change goes to the audit log. Throttles live in the database.
import { createAuthCore, type AuthDeps } from './auth.core.ts';
import { createDirectory } from './directory.service.ts';
import { createEcp } from './ecp.service.ts';
import { createOneTimeCodes } from './one-time-codes.service.ts';
import { createPasswords } from './passwords.service.ts';
import { createProfile } from './profile.service.ts';
import { createRegistration } from './registration.service.ts';
import { createSignIn } from './sign-in.service.ts';

export { OTP_TTL_MS, OTP_MAX_TRIES, RESET_TTL_MS, INVITE_DEFAULT_DAYS, safeRedirectPath, maskEmail, maskPhone, smsNumber } from './auth.core.ts';
export type { OtpChannel, RequestContext, SignedIn, ProductLookup, RegisterInput } from './auth.core.ts';

/**
 * The auth service: one object over the parts above, split along what they do (and their tests):
 * sign-in, one-time codes, registration, passwords, profile, ECP.
 */
export function createAuthService(deps: AuthDeps) {
  const core = createAuthCore(deps);
  return {
    ...createSignIn(core),
    ...createOneTimeCodes(core),
    ...createRegistration(core),
    ...createPasswords(core),
    ...createProfile(core),
    ...createEcp(core),
    // issue 18: the operator's console finds and names the company's people.
    ...createDirectory(core),
  };
}

export type { Profile } from './profile.service.ts';
export type AuthService = ReturnType<typeof createAuthService>;
