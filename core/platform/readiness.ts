// Readiness: can this process reach what it needs right now? Each dependency is checked with a
// short deadline of its own, so a hung one answers "unreachable" instead of hanging the probe.
import type { Client } from '@temporalio/client';
import type Redis from 'ioredis';
import type { Db } from './db';

const CHECK_TIMEOUT_MS = 2_000;

export type Check = () => Promise<void>;

export interface Readiness {
  ready: boolean;
  /** `ok`, or why not. */
  checks: Record<string, string>;
}

function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

export const checks = {
  postgres: (db: Db): Check => async () => void (await db.raw('select 1')),
  redis: (redis: Redis): Check => async () => {
    if ((await redis.ping()) !== 'PONG') throw new Error('unexpected answer to PING');
  },
  temporal: (client: Client): Check => async () =>
    void (await client.withDeadline(Date.now() + CHECK_TIMEOUT_MS, () => client.workflowService.getSystemInfo({}))),
};

export async function checkReadiness(named: Record<string, Check>): Promise<Readiness> {
  const entries = await Promise.all(
    Object.entries(named).map(async ([name, check]) => {
      try {
        await within(CHECK_TIMEOUT_MS, check());
        return [name, 'ok'] as const;
      } catch (err) {
        return [name, `unreachable: ${(err as { message?: string }).message ?? String(err)}`.slice(0, 200)] as const;
      }
    }),
  );
  return { ready: entries.every(([, state]) => state === 'ok'), checks: Object.fromEntries(entries) };
}
