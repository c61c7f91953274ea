import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.ts';
import {
  PASSWORD_SPECIAL_CHARACTERS,
  emailSchema,
  firstNameSchema,
  fullNameSchema,
  isCommonPassword,
  lastNameSchema,
  meetsPasswordRules,
  phoneNoSchema,
  phoneNumberSchema,
  registrationPasswordSchema,
} from './account.ts';
import { COMMON_PASSWORDS } from './common-passwords.ts';

/** The messages of a failed parse, or the output of a successful one. */
function run(schema: { safeParse: (v: unknown) => unknown }, input: unknown) {
  const result = schema.safeParse(input) as
    { success: true; data: unknown } | { success: false; error: { issues: { message: string }[] } };
  return result.success
    ? { ok: true as const, data: result.data }
    : { ok: false as const, messages: result.error.issues.map((i) => i.message) };
}

describe('emailSchema', () => {
  it.each<[string, unknown, string]>([
    // SPEC §5 email must match an email pattern; trimmed and lower-cased
    ['plain', 'jane@example.com', 'jane@example.com'],
    ['trimmed', '  jane@example.com ', 'jane@example.com'],
    ['lower-cased', 'Jane.Doe@Example.COM', 'jane.doe@example.com'],
    ['plus tag', 'jane+rx@example.co.uk', 'jane+rx@example.co.uk'],
  ])('accepts %s', (_name, input, expected) => {
    // SPEC §5 "Email must match an email pattern"
    expect(run(emailSchema, input)).toEqual({ ok: true, data: expected });
  });

  it.each<[string, unknown]>([
    // SPEC §5 email pattern failures give the spec message
    ['empty', ''],
    ['blank', '   '],
    ['no at', 'jane.example.com'],
    ['no domain', 'jane@'],
    ['no tld', 'jane@example'],
    ['space inside', 'jane doe@example.com'],
    ['two ats', 'jane@@example.com'],
    ['not a string', 42],
    ['missing', undefined],
  ])('refuses %s', (_name, input) => {
    // SPEC §5 "You have entered an incorrect email format. Please check spelling and try again."
    expect(run(emailSchema, input)).toEqual({ ok: false, messages: [MESSAGES.EMAIL_INVALID] });
  });
});

describe('registrationPasswordSchema', () => {
  it('uses the fixed special-character set', () => {
    // SPEC §5 "one special character from a fixed set (e.g. @!#$%^&*)"
    expect(PASSWORD_SPECIAL_CHARACTERS).toBe(`@!#$%^&*()_+-=[]{};':"\\|,.<>/?~`);
  });

  it.each<[string, string]>([
    // SPEC §5 8 to 50 characters, one uppercase, one digit, one special
    ['exactly 8', 'Zebra7#q'],
    ['exactly 50', 'Zebra7#q' + 'x'.repeat(42)],
    ['special ~', 'Mango9~lily'],
    ['special backslash', 'Mango9\\lily'],
    ['special quote', 'Mango9"lily'],
    ['special bracket', 'Mango9]lily'],
    ['inner spaces kept', 'Blue Heron 4!'],
  ])('accepts %s', (_name, input) => {
    // SPEC §5 registration password rules
    expect(run(registrationPasswordSchema, input)).toEqual({ ok: true, data: input });
  });

  it.each<[string, unknown]>([
    // SPEC §5 / §9 "Password 8 to 50"
    ['7 characters', 'Zebr7#q'],
    ['51 characters', 'Zebra7#q' + 'x'.repeat(43)],
    // SPEC §5 at least one uppercase letter
    ['no uppercase', 'zebra7#quilt'],
    // SPEC §5 at least one digit
    ['no digit', 'Zebra#quilt'],
    // SPEC §5 at least one special character from the fixed set
    ['no special', 'Zebra7quilt'],
    ['special outside the set', 'Zebra7€quilt'],
    ['empty', ''],
    ['not a string', 12345678],
  ])('refuses %s with the rules message', (_name, input) => {
    // SPEC §5 "Your password must be 8 characters minimum, with at least one uppercase letter ..."
    expect(run(registrationPasswordSchema, input)).toEqual({
      ok: false,
      messages: [MESSAGES.PASSWORD_RULES],
    });
  });

  it.each<[string]>([
    ['Password1!'],
    ['P@ssw0rd'],
    ['Welcome1!'],
    ['Qwerty123!'],
    ['PASSWORD1!'],
    ['p@SSW0RD'],
  ])('refuses the common password %s', (input) => {
    // SPEC §5 password rules met, but the password is one of the most common (ours, case-insensitive)
    expect(run(registrationPasswordSchema, input)).toEqual({
      ok: false,
      messages: [MESSAGES.PASSWORD_TOO_COMMON],
    });
  });

  it('keeps a list of about 100 common passwords that all meet the rules', () => {
    // SPEC §5 rules: only passwords that would otherwise pass need listing
    expect(COMMON_PASSWORDS.length).toBeGreaterThanOrEqual(90);
    expect(COMMON_PASSWORDS.length).toBeLessThanOrEqual(150);
    expect(COMMON_PASSWORDS.filter((p) => !meetsPasswordRules(p))).toEqual([]);
    expect(new Set(COMMON_PASSWORDS.map((p) => p.toLowerCase())).size).toBe(
      COMMON_PASSWORDS.length,
    );
    expect(COMMON_PASSWORDS.every((p) => isCommonPassword(p.toUpperCase()))).toBe(true);
    expect(isCommonPassword('Zebra7#quilt')).toBe(false);
  });
});

describe('names', () => {
  it.each<[string, unknown, string]>([
    // SPEC §5 "FirstName trimmed at least 2 characters"
    ['two letters', 'Al', 'Al'],
    ['trimmed', '  Jane  ', 'Jane'],
  ])('firstNameSchema accepts %s', (_name, input, expected) => {
    // SPEC §5 FirstName trimmed at least 2 characters
    expect(run(firstNameSchema, input)).toEqual({ ok: true, data: expected });
  });

  it.each<[string, unknown]>([
    ['one letter', 'A'],
    ['one letter padded', '  A  '],
    ['empty', ''],
    ['missing', undefined],
  ])('firstNameSchema refuses %s', (_name, input) => {
    // SPEC §5 FirstName shorter than 2 after trim → firstNameError
    expect(run(firstNameSchema, input)).toEqual({
      ok: false,
      messages: [MESSAGES.FIRST_NAME_INVALID],
    });
  });

  it.each<[unknown, boolean]>([
    ['Li', true],
    [' Li ', true],
    ['L', false],
    ['   ', false],
  ])('lastNameSchema %j → ok %s', (input, ok) => {
    // SPEC §5 "LastName likewise" (trimmed, at least 2)
    expect(run(lastNameSchema, input)).toEqual(
      ok ? { ok: true, data: 'Li' } : { ok: false, messages: [MESSAGES.LAST_NAME_INVALID] },
    );
  });

  it.each<[string, string]>([
    // SPEC §5 FullName at least two words, each at least 2 characters
    ['Jane Doe', 'Jane Doe'],
    ['  Jane   Doe  ', 'Jane Doe'],
    ['Mary Ann Lee', 'Mary Ann Lee'],
    ['Al Bo', 'Al Bo'],
  ])('fullNameSchema accepts %j', (input, expected) => {
    // SPEC §5 FullName: two words of 2+ characters; output single-spaced
    expect(run(fullNameSchema, input)).toEqual({ ok: true, data: expected });
  });

  it.each<[unknown]>([['Jane'], ['Jane D'], ['J Doe'], ['Mary Ann L'], [''], ['   '], [null]])(
    'fullNameSchema refuses %j',
    (input) => {
      // SPEC §5 FullName with fewer than two words or a word under 2 characters → fullNameError
      expect(run(fullNameSchema, input)).toEqual({
        ok: false,
        messages: [MESSAGES.FULL_NAME_INVALID],
      });
    },
  );
});

describe('phones', () => {
  it.each<[unknown, string | undefined]>([
    // SPEC §5 "PhoneNo if given" — not given passes
    [undefined, undefined],
    ['', ''],
    ['   ', ''],
    // SPEC §5 at least 10 characters after trim
    ['5551234567', '5551234567'],
    [' (555) 123-4567 ', '(555) 123-4567'],
  ])('phoneNoSchema accepts %j', (input, expected) => {
    // SPEC §5 PhoneNo: optional; at least 10 characters after trim
    expect(run(phoneNoSchema, input)).toEqual({ ok: true, data: expected });
  });

  it.each<[unknown]>([['555123456'], ['  555-1234  '], [5551234567]])(
    'phoneNoSchema refuses %j',
    (input) => {
      // SPEC §5 "Your phone number must be 10 characters."
      expect(run(phoneNoSchema, input)).toEqual({
        ok: false,
        messages: [MESSAGES.PHONE_NO_LENGTH],
      });
    },
  );

  it.each<[string, string]>([
    // SPEC §5 PhoneNumber: after stripping non-digits exactly 10 digits
    ['5551234567', '5551234567'],
    ['(555) 123-4567', '5551234567'],
    ['555.123.4567', '5551234567'],
    [' 555 123 4567 ', '5551234567'],
  ])('phoneNumberSchema %j → %j', (input, expected) => {
    // SPEC §5 PhoneNumber: strip non-digits, exactly 10
    expect(run(phoneNumberSchema, input)).toEqual({ ok: true, data: expected });
  });

  it.each<[unknown]>([
    ['555123456'],
    ['+1 555 123 4567'],
    ['55512345678'],
    ['phone'],
    [''],
    [undefined],
  ])('phoneNumberSchema refuses %j', (input) => {
    // SPEC §5 "Invalid format. Please enter 10 digits."
    expect(run(phoneNumberSchema, input)).toEqual({
      ok: false,
      messages: [MESSAGES.PHONE_NUMBER_FORMAT],
    });
  });
});
