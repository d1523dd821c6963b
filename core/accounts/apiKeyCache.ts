// API keys the send path has seen, per process, so authenticating a send reads no row (one round
// trip of three; bench/README.md, "Half the cost per email, before and after"). Correctness never
// rests on it:
// - every send's gates statement checks that its key is still active (core/sending/sendGates.ts),
//   so from the request after a revocation on, nothing is accepted with the key, whatever the
//   cache holds;
// - a change to a key row (trigger `api_key_changed`, migration 20261130) is notified at commit
//   and evicts the key here within milliseconds, so the 401 comes first again;
// - without its listening connection the cache answers nothing (every lookup reads the row) until
//   it listens again, and an entry is kept at most a minute.
import { Client } from 'pg';
import type { Logger } from 'pino';

export const API_KEY_CHANGED_CHANNEL = 'api_key_changed';

export interface ApiKeyLookup<Row> {
  get(lookupId: string): Row | undefined;
  /** Call before reading a row; pass the answer to `set`. */
  readStarts(): number;
  /** Keeps the row unless a key changed since `readStarts` (the row read may predate the change). */
  set(lookupId: string, row: Row, readStartedAt: number): void;
}

export class ApiKeyCache<Row> implements ApiKeyLookup<Row> {
  private readonly entries = new Map<string, { row: Row; until: number }>();
  private listener: Client | undefined;
  private listening = false;
  private closed = false;
  private retry: NodeJS.Timeout | undefined;
  /** Notifications received (and losses of the connection): a row read before one may be stale. */
  private changes = 0;

  constructor(
    private readonly opts: {
      databaseUrl: string;
      logger: Logger;
      ttlMs?: number;
      maxEntries?: number;
      connectTimeoutMs?: number;
    },
  ) {}

  /** Starts listening (and keeps trying in the background when the database is away). */
  async start(): Promise<void> {
    await this.listen();
  }

  get(lookupId: string): Row | undefined {
    if (!this.listening) return undefined;
    const entry = this.entries.get(lookupId);
    if (!entry) return undefined;
    if (entry.until > Date.now()) return entry.row;
    this.entries.delete(lookupId);
    return undefined;
  }

  readStarts(): number {
    return this.changes;
  }

  set(lookupId: string, row: Row, readStartedAt: number): void {
    if (!this.listening || readStartedAt !== this.changes) return;
    if (this.entries.size >= (this.opts.maxEntries ?? 10_000)) this.entries.clear();
    this.entries.set(lookupId, { row, until: Date.now() + (this.opts.ttlMs ?? 60_000) });
  }

  async close(): Promise<void> {
    this.closed = true;
    this.stopListening();
    clearTimeout(this.retry);
    await this.listener?.end().catch(() => undefined);
  }

  private stopListening(): void {
    this.listening = false;
    this.changes += 1;
    this.entries.clear();
  }

  private async listen(): Promise<void> {
    if (this.closed) return;
    const client = new Client({
      connectionString: this.opts.databaseUrl,
      connectionTimeoutMillis: this.opts.connectTimeoutMs ?? 3_000,
    });
    this.listener = client;
    const lost = (err?: unknown) => {
      if (this.listener !== client) return;
      this.listener = undefined;
      this.stopListening();
      void client.end().catch(() => undefined);
      if (this.closed) return;
      this.opts.logger.warn(
        { err },
        'API key cache: lost its listening connection; keys are read every time until it is back',
      );
      this.retry = setTimeout(() => void this.listen(), 1_000);
      this.retry.unref();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    client.on('notification', (n) => {
      this.changes += 1;
      if (n.payload) this.entries.delete(n.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${API_KEY_CHANGED_CHANNEL}`);
      if (this.listener === client && !this.closed) this.listening = true;
    } catch (err) {
      lost(err);
    }
  }
}
