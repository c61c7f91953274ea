import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as StaleChunk from './staleChunk';

let isChunkLoadError: typeof StaleChunk.isChunkLoadError;
let reloadOnceForStaleChunk: typeof StaleChunk.reloadOnceForStaleChunk;

// A fresh module per test: each stands for a new page life.
beforeEach(async () => {
  vi.resetModules();
  ({ isChunkLoadError, reloadOnceForStaleChunk } = await import('./staleChunk'));
});

function memoryStorage() {
  const values = new Map<string, string>();
  return { getItem: (k: string) => values.get(k) ?? null, setItem: (k: string, v: string) => void values.set(k, v) };
}

describe('a page chunk gone after a redeploy (issue 19)', () => {
  it('recognises the browsers’ failed-import errors and nothing else', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: https://x/assets/Home-abc.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Failed to fetch'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });

  it('reloads once, and not again within a minute (no reload loop when the server is really down)', () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    expect(reloadOnceForStaleChunk(storage, reload, 1_000_000)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    // A second render of the same page waits for the reload already asked for.
    expect(reloadOnceForStaleChunk(storage, reload, 1_000_001)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('after the reload, a second failure within a minute is shown, not reloaded; a day later it reloads again', async () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    reloadOnceForStaleChunk(storage, reload, 1_000_000);
    vi.resetModules();
    const afterReload = await import('./staleChunk');
    expect(afterReload.reloadOnceForStaleChunk(storage, reload, 1_030_000)).toBe(false);
    vi.resetModules();
    const nextDay = await import('./staleChunk');
    expect(nextDay.reloadOnceForStaleChunk(storage, reload, 1_000_000 + 86_400_000)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('never reloads without session storage to remember it by', () => {
    const reload = vi.fn();
    const broken = { getItem: () => { throw new Error('denied'); }, setItem: () => undefined };
    expect(reloadOnceForStaleChunk(broken, reload, 5)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});
