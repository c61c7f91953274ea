// The demo accounts printed at start (the accounts seed adds them; none exist before it lands).
export function demoAccountLines(): string[] {
  return [];
}
