// A cheap cross-instance freshness check for in-process caches (issue 18: a published storefront is
// served by every instance without a restart). At most once per interval a process reads a small
// "generation" from the database (e.g. a digest of the rows' updated_at, or a row count of an
// insert-only table); when it moved since the last look, the caches are dropped. Concurrent callers
// share one read; a failed read is tried again at the next call.
export interface Freshness {
  /** Resolves once the caches are known to be at most `intervalMs` stale (usually at once). */
  check(): Promise<void> | undefined;
  /** Forget the last generation read (the next check reads it again without dropping anything). */
  reset(): void;
}

export function createFreshness(options: {
  read: () => Promise<string>;
  onChange: () => void;
  intervalMs: number;
  /** A monotonic clock in ms (tests may pass their own). */
  clock?: () => number;
}): Freshness {
  const clock = options.clock ?? (() => performance.now());
  let last: string | null = null;
  let checkedAt = -Infinity;
  let inFlight: Promise<void> | null = null;
  return {
    check() {
      if (inFlight) return inFlight;
      if (clock() - checkedAt < options.intervalMs) return undefined;
      checkedAt = clock();
      const running = (async () => {
        try {
          const generation = await options.read();
          if (last !== null && generation !== last) options.onChange();
          last = generation;
        } catch {
          // The database did not answer: serve what is cached and look again next time.
          checkedAt = -Infinity;
        } finally {
          inFlight = null;
        }
      })();
      inFlight = running;
      return running;
    },
    reset() {
      last = null;
    },
  };
}
