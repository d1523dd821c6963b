import type { Client } from '@temporalio/client';
import type { ApiKeyRow } from '../../core/accounts/apiKeys';
import type { ApiKeyLookup } from '../../core/accounts/apiKeyCache';
import type Redis from 'ioredis';
import type { Logger } from 'pino';
import type { Config } from '../../core/platform/config';
import type { Db } from '../../core/platform/db';
import type { ApiMetrics } from '../../core/platform/metrics';
import type { MessageWorkflows } from '../../core/model/workflowContract';

/** What the routes use: the process's dependencies and the typed workflow client built on them. */
export interface RouteDeps extends ApiDeps {
  workflows: MessageWorkflows;
  metrics: ApiMetrics;
}

export interface ApiDeps {
  /** This process's Prometheus series; createApp makes them when absent. */
  metrics?: ApiMetrics;
  config: Config;
  db: Db;
  redis: Redis;
  temporal: Client;
  logger: Logger;
  /** The send routes' key cache (api/server.ts makes one); without it every request reads its key. */
  apiKeys?: ApiKeyLookup<ApiKeyRow>;
}
