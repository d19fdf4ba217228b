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
  /** Channels LISTENed on the current connection (emptied when it is lost). */
  private listened = new Set<string>();

  constructor(
    private readonly connectionString: string,
    private readonly onError?: (e: unknown) => void,
  ) {}

  async on(channel: string, handler: Handler): Promise<() => void> {
    let set = this.handlers.get(channel);
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
      await this.ensureConnected();
      const client = this.client;
      await client?.query(`LISTEN "${channel}"`);
      if (client && client === this.client) this.listened.add(channel);
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
        this.listened.clear();
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
      const client = this.client;
      for (const channel of this.handlers.keys()) {
        await client?.query(`LISTEN "${channel}"`);
        if (client && client === this.client) this.listened.add(channel);
      }
      // Wake everyone: something may have happened while the connection was down.
      for (const set of this.handlers.values()) for (const h of set) h('');
    } catch (e) {
      this.onError?.(e);
      this.client = null;
      this.listened.clear();
      if (!this.closed) setTimeout(() => void this.reconnect(), 2000);
    }
  }

  /**
   * Whether notices on `channel` are arriving: the connection is up and has LISTENed to it. A notice
   * sent while this is false is lost (those who rely on notices stop trusting what they remember).
   */
  isListening(channel: string): boolean {
    return !this.closed && this.client !== null && this.listened.has(channel);
  }

  async close() {
    this.closed = true;
    this.listened.clear();
    await this.client?.end().catch(() => {});
    this.client = null;
  }
}
