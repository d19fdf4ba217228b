/**
 * Look-ups by key asked for in the same turn of the event loop go to PostgreSQL as one statement
 * (`WHERE key = ANY($1)`): requests that a projection batch wakes together (their answers), or
 * that arrive together, cost one round trip instead of one each. The statement is sent after every
 * caller asked, so no caller gets an older answer than a statement of its own would have given.
 * Should it fail, every caller of that turn gets the error.
 */
export function coalescedLookup<K, V>(loadMany: (keys: K[]) => Promise<Map<K, V>>): (key: K) => Promise<V | null> {
  type Batch = Map<K, { resolve: (value: V | null) => void; reject: (error: unknown) => void }[]>;
  let pending: Batch | null = null;
  async function flush(batch: Batch) {
    try {
      const found = await loadMany([...batch.keys()]);
      for (const [key, callers] of batch) for (const c of callers) c.resolve(found.get(key) ?? null);
    } catch (error) {
      for (const callers of batch.values()) for (const c of callers) c.reject(error);
    }
  }
  return (key) =>
    new Promise<V | null>((resolve, reject) => {
      if (!pending) {
        const batch: Batch = new Map();
        pending = batch;
        setImmediate(() => {
          pending = null;
          void flush(batch);
        });
      }
      const callers = pending.get(key) ?? [];
      callers.push({ resolve, reject });
      pending.set(key, callers);
    });
}
