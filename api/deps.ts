import type { Client } from '@temporalio/client';
import type Redis from 'ioredis';
import type { Logger } from 'pino';
import type { Config } from '../core/config';
import type { Db } from '../core/db';

export interface ApiDeps {
  config: Config;
  db: Db;
  redis: Redis;
  temporal: Client;
  logger: Logger;
}
