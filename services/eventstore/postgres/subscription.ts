/**
 * A subscription to the PostgreSQL store's global feed: a loop that reads a batch, hands it to the
 * handler, and when caught up sleeps until a NOTIFY (or its own store's append) wakes it or the
 * poll comes round, looking again sooner while committed events wait behind an older transaction.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { checkpointOf, heldBackRetryMs, type GlobalCheckpoint, type StoredEvent, type Subscription } from '../port';
import type { Listener } from './listener';

/** Where a subscription failure came from: the handler (fatal) or reading the feed (retried). */
export interface SubscriptionErrorInfo {
  source: 'handler' | 'read';
  /** True when the subscription stopped because of it. */
  fatal: boolean;
}

export type SubscriptionErrorHandler = (error: unknown, info: SubscriptionErrorInfo) => void;

export interface PostgresSubscribeOptions {
  batchSize?: number;
  pollIntervalMs?: number;
  /** Told about handler errors (the subscription stops) and read errors (it retries). */
  onError?: SubscriptionErrorHandler;
}

export interface PostgresSubscription extends Subscription {
  /** Settles (never rejects) once the subscription has stopped, by close() or by a failure. */
  readonly done: Promise<void>;
  /**
   * Resolves once the subscription has made its first read and its LISTEN is in place (or has
   * failed, leaving the poll): from then on a NOTIFY reaches it.
   */
  readonly ready: Promise<void>;
  /** The handler error that stopped the subscription, if any. */
  readonly error: unknown;
  /** The checkpoint of the last event the handler accepted (or the starting point). */
  readonly checkpoint: GlobalCheckpoint | null;
}

/** What a subscription needs of its store. */
export interface SubscriptionSource {
  readAll(after: GlobalCheckpoint | null, limit: number): Promise<StoredEvent[]>;
  eventsPending(after: GlobalCheckpoint | null): Promise<boolean>;
  listener: Listener;
  /** The store's open subscriptions, which it closes when it closes. */
  open: Set<PostgresSubscription>;
  defaults: { batchSize: number; pollIntervalMs: number; onError: SubscriptionErrorHandler };
}

/** The subscription whose handler is running, so close() from inside it does not wait for itself. */
const insideHandler = new AsyncLocalStorage<PostgresSubscription>();

export function startSubscription(
  store: SubscriptionSource,
  after: GlobalCheckpoint | null,
  handler: (events: StoredEvent[]) => Promise<void>,
  subscribeOptions: PostgresSubscribeOptions = {},
): PostgresSubscription {
  const { readAll, eventsPending, listener, open } = store;
  const batchSize = subscribeOptions.batchSize ?? store.defaults.batchSize;
  const pollIntervalMs = subscribeOptions.pollIntervalMs ?? store.defaults.pollIntervalMs;
  const onError = subscribeOptions.onError ?? store.defaults.onError;
  let stopped = false;
  let woken = false;
  let wakeWaiter: (() => void) | null = null;
  let failure: unknown;
  let checkpoint = after;

  const wake = () => {
    woken = true;
    wakeWaiter?.();
  };
  const waitForWake = (ms: number) =>
    new Promise<void>((resolve) => {
      if (woken || stopped) return resolve();
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakeWaiter = null;
        resolve();
      }
      wakeWaiter = done;
      listener.ensure(); // re-LISTEN if the connection was lost
    });
  const report = (error: unknown, info: SubscriptionErrorInfo) => {
    try {
      onError(error, info);
    } catch {
      /* a broken error reporter must not break the loop */
    }
  };

  const unregister = listener.add(wake);
  let subscription!: PostgresSubscription;

  let firstRead!: () => void;
  const ready = new Promise<void>((resolve) => (firstRead = resolve)).then(() => listener.settled());
  const loop = async () => {
    let readFailures = 0;
    let heldBackWaits = 0;
    while (!stopped) {
      woken = false;
      let batch: StoredEvent[];
      try {
        batch = await readAll(checkpoint, batchSize);
        readFailures = 0;
        firstRead();
      } catch (error) {
        firstRead();
        if (stopped) break;
        readFailures += 1;
        report(error, { source: 'read', fatal: false });
        await waitForWake(Math.min(pollIntervalMs * 2 ** readFailures, 10_000));
        continue;
      }
      if (stopped) break;
      if (batch.length > 0) {
        try {
          await insideHandler.run(subscription, () => handler(batch));
        } catch (error) {
          failure = error;
          stopped = true;
          report(error, { source: 'handler', fatal: true });
          break;
        }
        checkpoint = checkpointOf(batch[batch.length - 1]);
        if (batch.length === batchSize) continue;
      }
      // Caught up as far as the feed allows. If committed events wait behind an older
      // transaction still running (whose end may send no NOTIFY: another database, a write
      // that is no append), or have committed since the read, look again soon, backing off
      // up to a second; otherwise sleep until woken or the poll.
      let pending = false;
      try {
        pending = await eventsPending(checkpoint);
      } catch {
        /* a hint only */
      }
      if (pending) {
        heldBackWaits += 1;
        await waitForWake(heldBackRetryMs(heldBackWaits, pollIntervalMs));
      } else {
        heldBackWaits = 0;
        await waitForWake(pollIntervalMs);
      }
    }
  };

  const done = loop()
    .catch((error) => {
      failure ??= error;
      report(error, { source: 'handler', fatal: true });
    })
    .finally(() => {
      stopped = true;
      firstRead();
      unregister();
      open.delete(subscription);
    });

  subscription = {
    done,
    ready,
    get error() {
      return failure;
    },
    get checkpoint() {
      return checkpoint;
    },
    async close() {
      stopped = true;
      wakeWaiter?.();
      // Closing from inside the handler must not wait for the handler to return.
      if (insideHandler.getStore() === subscription) return;
      await done;
    },
  };
  open.add(subscription);
  return subscription;
}
