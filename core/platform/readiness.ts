// Readiness: can this process reach what it needs right now? Each dependency is checked with a
// short deadline of its own, so a hung one answers "unreachable" instead of hanging the probe.
// The answer names each dependency and its state only: /readyz is public on the API, and a
// driver's error text (host names, ports, user names, TLS details) is for the operator's log.
import type { Client } from '@temporalio/client';
import type Redis from 'ioredis';
import type { Logger } from 'pino';
import type { Db } from './db';

const CHECK_TIMEOUT_MS = 2_000;

export type Check = () => Promise<void>;

export type CheckState = 'ok' | 'unreachable';

export interface Readiness {
  ready: boolean;
  /** Each dependency by name: `ok` or `unreachable` (why is logged, never answered). */
  checks: Record<string, CheckState>;
}

function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

export const checks = {
  postgres:
    (db: Db): Check =>
    async () =>
      void (await db.raw('select 1')),
  redis:
    (redis: Redis): Check =>
    async () => {
      if ((await redis.ping()) !== 'PONG') throw new Error('unexpected answer to PING');
    },
  temporal:
    (client: Client): Check =>
    async () =>
      void (await client.withDeadline(Date.now() + CHECK_TIMEOUT_MS, () => client.workflowService.getSystemInfo({}))),
};

/**
 * Checks every dependency at once; a failure's reason goes to `logger` (warn), not into the answer.
 * `servedWithout` names dependencies the process keeps serving without, degraded: reported as
 * unreachable but never unready. Redis is one: it holds only rate-limit windows, kept per process
 * while it is away, and an unready answer would take every API process out of its load balancer
 * for it.
 */
export async function checkReadiness(
  named: Record<string, Check>,
  logger: Pick<Logger, 'warn'>,
  servedWithout: readonly string[] = [],
): Promise<Readiness> {
  const entries = await Promise.all(
    Object.entries(named).map(async ([name, check]): Promise<[string, CheckState]> => {
      try {
        await within(CHECK_TIMEOUT_MS, check());
        return [name, 'ok'];
      } catch (err) {
        const e = err as { name?: string; code?: unknown; message?: string };
        logger.warn(
          {
            check: name,
            cause: {
              type: e.name,
              ...(e.code !== undefined ? { code: e.code } : {}),
              message: String(e.message ?? err)
                .split('\n')[0]!
                .slice(0, 300),
            },
          },
          'readiness check failed',
        );
        return [name, 'unreachable'];
      }
    }),
  );
  return {
    ready: entries.every(([name, state]) => state === 'ok' || servedWithout.includes(name)),
    checks: Object.fromEntries(entries),
  };
}

/**
 * The readiness of a process that serves clients (the API, the SMTP relay, the MX listener): its
 * store, Redis and Temporal, with Redis named but never making it unready (checkReadiness).
 */
export function checkServingReadiness(
  deps: { db: Db; redis: Redis; temporal: Client },
  logger: Pick<Logger, 'warn'>,
): Promise<Readiness> {
  return checkReadiness(
    { postgres: checks.postgres(deps.db), redis: checks.redis(deps.redis), temporal: checks.temporal(deps.temporal) },
    logger,
    ['redis'],
  );
}
