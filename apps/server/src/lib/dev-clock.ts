// A clock that runs with the machine's and can be moved forward, for development and the browser
// tests (DEV_CLOCK=true; refused in production): a visit booked for two hours from now can be opened
// without waiting. Only the server's time moves; browsers read a visit's phase from the server.
export interface DevClock {
  now(): Date;
  /** Moves the clock forward by `ms` (never back: jobs and leases assume time only grows). */
  advance(ms: number): Date;
  offsetMs(): number;
}

export function createDevClock(): DevClock {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    advance(ms: number) {
      offset += Math.max(0, ms);
      return new Date(Date.now() + offset);
    },
    offsetMs: () => offset,
  };
}
