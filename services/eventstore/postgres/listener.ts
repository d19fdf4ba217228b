import type pg from 'pg';
import type { AppendedWake } from '../port';

/**
 * One LISTEN connection per store, shared by its subscriptions; taken from the pool while at
 * least one subscription is open. If it breaks, subscriptions carry on polling and it is
 * re-established on the next wait.
 */
export class Listener {
  private client: pg.PoolClient | null = null;
  private detach: (() => void) | null = null;
  private connecting: Promise<void> | null = null;
  private readonly wakers = new Set<AppendedWake>();
  private retryAfter = 0;

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
    if (this.client || this.connecting || this.wakers.size === 0 || Date.now() < this.retryAfter) return;
    this.connecting = (async () => {
      let client: pg.PoolClient | null = null;
      try {
        client = await this.pool.connect();
        const owned = client;
        const onNotification = (message: pg.Notification) => {
          if (message.channel === this.channel && message.payload !== this.ownPayload) this.wakeLocal();
        };
        const onLost = (error?: unknown) => {
          if (this.client !== owned) return;
          this.client = null;
          this.detach?.();
          this.detach = null;
          this.retryAfter = Date.now() + 1000;
          owned.release(error instanceof Error ? error : new Error('LISTEN connection ended'));
        };
        const onEnd = () => onLost();
        owned.on('notification', onNotification);
        owned.on('error', onLost);
        owned.on('end', onEnd);
        this.detach = () => {
          owned.off('notification', onNotification);
          owned.off('error', onLost);
          owned.off('end', onEnd);
        };
        this.client = owned;
        await owned.query(`LISTEN "${this.channel.replace(/"/g, '""')}"`);
        // Something may have been appended while we were connecting.
        this.wakeLocal();
      } catch {
        if (client && this.client === client) {
          this.client = null;
          this.detach?.();
          this.detach = null;
          client.release(true);
        }
        this.retryAfter = Date.now() + 1000;
      } finally {
        this.connecting = null;
      }
      if (this.wakers.size === 0) await this.release();
    })();
  }

  /** Gives the connection back to the pool once no subscription needs it. */
  async release(): Promise<void> {
    await this.connecting;
    const client = this.client;
    if (!client || this.wakers.size > 0) return;
    this.client = null;
    try {
      await client.query('UNLISTEN *');
      this.detach?.();
      this.detach = null;
      client.release();
    } catch (error) {
      this.detach?.();
      this.detach = null;
      client.release(error instanceof Error ? error : true);
    }
  }

  async close(): Promise<void> {
    this.wakers.clear();
    await this.release();
  }
}
