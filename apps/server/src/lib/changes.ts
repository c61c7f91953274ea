// Cache invalidation across instances (issue 20). A service that caches what the operator edits
// (catalog, shipping methods and tax rates, storefront configs, consents) announces a change on
// this bus once its write committed, and drops its cache whenever a change of its topic arrives,
// its own included. One process: the in-process bus below. Several instances: the Redis pub/sub
// bus (adapters/redis/redis-changes.ts), so a change is served by every instance at once; the
// storefronts' and consents' once-a-second database check (lib/freshness.ts) stays as the fallback
// for a message lost while Redis was away.

/** What changed: the name of the cache that holds it. `shipping` holds methods and tax rates. */
export type ChangeTopic = 'catalog' | 'shipping' | 'storefront' | 'consents';

/** `storefrontId` undefined: every storefront's entry. */
export type ChangeListener = (storefrontId: string | undefined) => void;

export interface ChangeBus {
  /** Tell every instance (this one first, at once) that `topic` changed for one storefront, or all. */
  publish(topic: ChangeTopic, storefrontId?: string): void;
  /** Hear the topic's changes; call the answer to stop. */
  subscribe(topic: ChangeTopic, listener: ChangeListener): () => void;
}

/** The listeners of each topic, told in the order they subscribed; one's failure does not stop the others. */
export function createChangeListeners() {
  const listeners = new Map<ChangeTopic, Set<ChangeListener>>();
  return {
    add(topic: ChangeTopic, listener: ChangeListener): () => void {
      let set = listeners.get(topic);
      if (!set) listeners.set(topic, (set = new Set()));
      set.add(listener);
      return () => set.delete(listener);
    },
    tell(topic: ChangeTopic, storefrontId: string | undefined): void {
      for (const listener of [...(listeners.get(topic) ?? [])]) {
        try {
          listener(storefrontId);
        } catch {
          // Dropping a cache does not fail; a listener that does must not keep the change from others.
        }
      }
    },
    /** Every topic, every storefront (after messages may have been lost). */
    tellAll(): void {
      for (const topic of listeners.keys()) this.tell(topic, undefined);
    },
  };
}

/** One process: a change is heard at once, here only. */
export function createInProcessChangeBus(): ChangeBus {
  const listeners = createChangeListeners();
  return {
    publish: (topic, storefrontId) => listeners.tell(topic, storefrontId),
    subscribe: (topic, listener) => listeners.add(topic, listener),
  };
}
