// Phone display, kept apart from the address schemas so the shell's footer can show the store's
// number without downloading zod.

/** (555) 123-4567 for a 10-digit phone; anything else unchanged. */
export function formatUsPhone(digits: string): string {
  const m = /^(\d{3})(\d{3})(\d{4})$/.exec(digits);
  return m ? `(${m[1]}) ${m[2]}-${m[3]}` : digits;
}
