import type pg from 'pg';
import type { AppendedWake } from '../port';

interface Connection {
  client: pg.PoolClient;
  detach(): void;
}

/** The pause before a lost or refused LISTEN connection is tried again. */
const RETRY_MS = 1000;

/**
 * One LISTEN connection per store, shared by its subscriptions and runners; taken from the pool
 * while at least one of them listens. If it breaks, it is made again a second later (and every
 * second until it is), and its wakers are woken once it listens: whatever was appended meanwhile is
 * read then, not at their next poll.
 */
export class Listener {
  /**
   * The connection listening now, with the removal of its own handlers: a release that ends after
   * the next connection was made (its UNLISTEN was slow) must not take that one's handlers off.
   */
  private connection: Connection | null = null;
  private connecting: Promise<void> | null = null;
  private readonly wakers = new Set<AppendedWake>();
  private retryAfter = 0;
  private retryTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly pool: pg.Pool,
    private readonly channel: string,
    /** The payload of this store's own after-commit notices, which its appends have already announced here. */
    private readonly ownPayload: string,
  ) {}

  /** Registers a waker; returns its unregistration. */
  add(wake: AppendedWake): () => void {
    this.wakers.add(wake);
    this.ensure();
    return () => {
      this.wakers.delete(wake);
      if (this.wakers.size === 0) void this.release();
    };
  }

  /** Settles when no connection attempt is under way. */
  async settled(): Promise<void> {
    await this.connecting;
  }

  /** Wakes this store's subscriptions (after one of its own appends committed: with its event types). */
  wakeLocal(types?: readonly string[]): void {
    for (const wake of [...this.wakers]) wake(types);
  }

  /** Connects and LISTENs unless already done (or failed less than a second ago). */
  ensure(): void {
    if (this.connection || this.connecting || this.wakers.size === 0) return;
    if (Date.now() < this.retryAfter) {
      this.retryLater();
      return;
    }
    this.connecting = (async () => {
      let connection: Connection | null = null;
      try {
        const owned = await this.pool.connect();
        const onNotification = (message: pg.Notification) => {
          if (message.channel === this.channel && message.payload !== this.ownPayload) this.wakeLocal();
        };
        const onLost = (error?: unknown) => {
          if (!connection || this.connection !== connection) return;
          this.connection = null;
          connection.detach();
          this.retryAfter = Date.now() + RETRY_MS;
          owned.release(error instanceof Error ? error : new Error('LISTEN connection ended'));
          this.retryLater();
        };
        const onEnd = () => onLost();
        owned.on('notification', onNotification);
        owned.on('error', onLost);
        owned.on('end', onEnd);
        connection = {
          client: owned,
          detach: () => {
            owned.off('notification', onNotification);
            owned.off('error', onLost);
            owned.off('end', onEnd);
          },
        };
        this.connection = connection;
        await owned.query(`LISTEN "${this.channel.replace(/"/g, '""')}"`);
        // Something may have been appended while we were connecting.
        this.wakeLocal();
      } catch {
        if (connection && this.connection === connection) {
          this.connection = null;
          connection.detach();
          connection.client.release(true);
        }
        this.retryAfter = Date.now() + RETRY_MS;
      } finally {
        this.connecting = null;
      }
      if (!this.connection) this.retryLater();
      if (this.wakers.size === 0) await this.release();
    })();
  }

  /** Gives the connection back to the pool once no subscription needs it. */
  async release(): Promise<void> {
    await this.connecting;
    const connection = this.connection;
    if (!connection || this.wakers.size > 0) return;
    this.connection = null;
    try {
      await connection.client.query('UNLISTEN *');
      connection.detach();
      connection.client.release();
    } catch (error) {
      connection.detach();
      connection.client.release(error instanceof Error ? error : true);
    }
  }

  /** Calls ensure() once the retry pause is over (a timer that does not keep the process alive). */
  private retryLater(): void {
    if (this.retryTimer || this.wakers.size === 0) return;
    this.retryTimer = setTimeout(
      () => {
        this.retryTimer = null;
        this.ensure();
      },
      Math.max(0, this.retryAfter - Date.now()),
    );
    this.retryTimer.unref();
  }

  async close(): Promise<void> {
    this.wakers.clear();
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    await this.release();
  }
}
