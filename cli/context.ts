// What every command needs: the configuration (core/platform/config.ts, completed by the dev stack's
// environment file), one database pool and one Redis connection opened on first use, the actor
// recorded in the audit table, and the output mode.
import os from 'node:os';
import type { Client } from '@temporalio/client';
import Redis from 'ioredis';
import { loadConfig, type Config } from '../core/platform/config';
import { createDb, type Db } from '../core/platform/db';
import { createDnsLookup, type DnsLookup } from '../core/domains/dnsLookup';
import { cliEnvironment } from '../core/platform/devEnvironment';
import { connectTemporalClient } from '../core/platform/temporal';

export interface CliContext {
  readonly actor: string;
  json: boolean;
  config(): Config;
  db(): Db;
  dns(): DnsLookup;
  /** The deployment's Redis (the SES pace), connected on first use. */
  redis(): Redis;
  /** The deployment's Temporal (TEMPORAL_ADDRESS), connected on first use; rejects when unreachable. */
  temporal(): Promise<Client>;
  close(): Promise<void>;
}

function osUser(): string {
  try {
    return os.userInfo().username;
  } catch {
    return process.env.USER ?? 'unknown';
  }
}

export function createContext(): CliContext {
  let config: Config | undefined;
  let db: Db | undefined;
  let redis: Redis | undefined;
  let temporal: Promise<Client> | undefined;
  return {
    actor: `cli:${osUser()}`,
    json: false,
    config() {
      config ??= loadConfig('cli', cliEnvironment().env);
      return config;
    },
    db() {
      // Connection failures surface as the command's one-line error, not as knex warnings.
      const quiet = () => undefined;
      db ??= createDb(this.config().databaseUrl, {
        min: 0,
        max: 4,
        timeouts: this.config().db,
        log: { warn: quiet, error: quiet, deprecate: quiet, debug: quiet },
      });
      return db;
    },
    dns() {
      return createDnsLookup(this.config().dns.servers);
    },
    redis() {
      const { redisUrl, redis: settings } = this.config();
      if (redis) return redis;
      // One try: an unreachable Redis is the command's one-line error, not a wait.
      redis = new Redis(redisUrl, {
        lazyConnect: true,
        connectTimeout: settings.connectTimeoutMs,
        commandTimeout: settings.commandTimeoutMs,
        maxRetriesPerRequest: 0,
        retryStrategy: () => null,
      });
      redis.on('error', () => undefined);
      return redis;
    },
    temporal() {
      temporal ??= connectTemporalClient(this.config());
      return temporal;
    },
    async close() {
      redis?.disconnect();
      await temporal?.then((client) => client.connection.close()).catch(() => undefined);
      await db?.destroy();
    },
  };
}
