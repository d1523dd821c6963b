// What activities need from the process: built once by the worker, passed in explicitly so
// tests can build them against their own database and emulators.
import type { SESv2Client } from '@aws-sdk/client-sesv2';
import type { STSClient } from '@aws-sdk/client-sts';
import type Redis from 'ioredis';
import type { Logger } from 'pino';
import type { ByocCredentialCache } from '../core/byoc/byocRole';
import type { Config } from '../core/platform/config';
import type { Db } from '../core/platform/db';
import type { WorkerMetrics } from '../core/platform/metrics';
import type { SesPacer } from '../core/sending/sesPacing';

export interface ActivityDeps {
  config: Config;
  db: Db;
  sharedSes: SESv2Client;
  logger: Logger;
  /** STS client for assuming customers' roles; built from the config when absent. */
  sts?: STSClient;
  /** Assumed-role sessions of this worker process; a fresh cache when absent. */
  byocCredentials?: ByocCredentialCache;
  /** This worker's Prometheus series; fresh ones when absent. */
  metrics?: WorkerMetrics;
  /** Turns at SES, shared by every worker through Redis (core/sending/sesPacing.ts); without it SES is called unpaced. */
  pacer?: SesPacer;
  /** Where the live events stream is kept (core/webhooks/liveEvents.ts); without it no event goes to a live stream. */
  redis?: Redis;
}

/** Deps with the optional parts filled in, as the activities use them. */
export type ResolvedActivityDeps = Required<Omit<ActivityDeps, 'pacer' | 'redis'>> &
  Pick<ActivityDeps, 'pacer' | 'redis'>;
