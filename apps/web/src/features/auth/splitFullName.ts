// A full name (SPEC §5 FullName: two words or more, as given on the shipping address) as the first
// and last names of the registration form: the last word is the last name, the rest the first.
export interface SplitName {
  firstName: string;
  lastName: string;
}

/** "Mary Ann Smith" → Mary Ann / Smith; one word → first name only; nothing → null. */
export function splitFullName(fullName: string | null | undefined): SplitName | null {
  const clean = (fullName ?? '').trim().replace(/\s+/g, ' ');
  if (!clean) return null;
  const space = clean.lastIndexOf(' ');
  if (space < 0) return { firstName: clean, lastName: '' };
  return { firstName: clean.slice(0, space), lastName: clean.slice(space + 1) };
}
