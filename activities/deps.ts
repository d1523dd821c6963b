// What activities need from the process: built once by the worker, passed in explicitly so
// tests can build them against their own database and emulators.
import type { SESv2Client } from '@aws-sdk/client-sesv2';
import type { Logger } from 'pino';
import type { Config } from '../core/config';
import type { Db } from '../core/db';

export interface ActivityDeps {
  config: Config;
  db: Db;
  sharedSes: SESv2Client;
  logger: Logger;
}
