/**
 * One LISTEN connection per process, shared by everything that wants wake-up hints or change
 * notices (projector runner, GraphQL subscriptions). Reconnects after a lost connection; anything
 * missed meanwhile is covered by the listeners' own polling or refetching.
 */
import pg from 'pg';

type Handler = (payload: string) => void;

export class PgListener {
  private client: pg.Client | null = null;
  private handlers = new Map<string, Set<Handler>>();
  private closed = false;
  private connecting: Promise<void> | null = null;

  constructor(private readonly connectionString: string, private readonly onError?: (e: unknown) => void) {}

  async on(channel: string, handler: Handler): Promise<() => void> {
    let set = this.handlers.get(channel);
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
      await this.ensureConnected();
      await this.client?.query(`LISTEN "${channel}"`);
    }
    set.add(handler);
    return () => set!.delete(handler);
  }

  private ensureConnected(): Promise<void> {
    if (this.client || this.closed) return Promise.resolve();
    this.connecting ??= (async () => {
      const client = new pg.Client({ connectionString: this.connectionString });
      client.on('notification', (msg) => {
        for (const h of this.handlers.get(msg.channel) ?? []) h(msg.payload ?? '');
      });
      client.on('error', (e) => {
        this.onError?.(e);
        this.client = null;
        client.end().catch(() => {});
        if (!this.closed) setTimeout(() => void this.reconnect(), 1000);
      });
      await client.connect();
      this.client = client;
    })().finally(() => (this.connecting = null));
    return this.connecting;
  }

  private async reconnect() {
    try {
      await this.ensureConnected();
      for (const channel of this.handlers.keys()) await this.client?.query(`LISTEN "${channel}"`);
      // Wake everyone: something may have happened while the connection was down.
      for (const set of this.handlers.values()) for (const h of set) h('');
    } catch (e) {
      this.onError?.(e);
      this.client = null;
      if (!this.closed) setTimeout(() => void this.reconnect(), 2000);
    }
  }

  async close() {
    this.closed = true;
    await this.client?.end().catch(() => {});
    this.client = null;
  }
}
