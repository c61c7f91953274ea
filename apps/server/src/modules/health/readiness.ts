// Readiness (issue 20): whether this instance should be sent work. Each dependency it needs (the
// database; Redis when REDIS_URL is set) is asked in turn, each bounded by a timeout so a hung
// connection answers "down" instead of hanging the balancer's probe. Once the process starts
// shutting down it is `draining`: not ready, whatever its dependencies say, so the balancer stops
// sending it work before its listener closes.

/** A dependency's check: resolves when it answers, rejects (or times out) when it does not. */
export type ReadinessCheck = () => Promise<void>;

export type ReadinessReport =
  | { status: 'ready'; checks: Record<string, 'up'> }
  | { status: 'unavailable'; checks: Record<string, 'up' | 'down'> }
  | { status: 'draining' };

export function createReadiness(checks: Record<string, ReadinessCheck>, opts: { timeoutMs?: number } = {}) {
  const timeoutMs = opts.timeoutMs ?? 2000;
  let draining = false;

  async function probe(check: ReadinessCheck): Promise<Error | null> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      await Promise.race([check(), timeout]);
      return null;
    } catch (err) {
      return err instanceof Error ? err : new Error(String(err));
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    /** Shutdown has begun: every later report is `draining`. */
    startDraining(): void {
      draining = true;
    },
    get draining(): boolean {
      return draining;
    },
    /** Asks every dependency (at once); the failures are handed to `onDown` for the log. */
    async report(onDown?: (name: string, err: Error) => void): Promise<ReadinessReport> {
      if (draining) return { status: 'draining' };
      const results = await Promise.all(Object.entries(checks).map(async ([name, check]) => [name, await probe(check)] as const));
      const states: Record<string, 'up' | 'down'> = {};
      for (const [name, err] of results) {
        states[name] = err ? 'down' : 'up';
        if (err) onDown?.(name, err);
      }
      if (results.some(([, err]) => err)) return { status: 'unavailable', checks: states };
      return { status: 'ready', checks: states as Record<string, 'up'> };
    },
  };
}
export type Readiness = ReturnType<typeof createReadiness>;
