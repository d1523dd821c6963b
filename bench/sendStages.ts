// Benchmark: where the time of one POST /api/send/ goes. Runs each stage of the send path in
// sequence (one request at a time, so no queueing) against the real stack and prints p50/p90
// per stage, next to a raw `client.workflow.start`. See bench/README.md.
//
//   node --import tsx bench/sendStages.ts [--iterations 300]
import { Client, Connection } from '@temporalio/client';
import Redis from 'ioredis';
import { randomBytes, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { RateLimiterRedis } from 'rate-limiter-flexible';
import { createAccount } from '../core/accounts/accounts';
import { acceptMessage } from '../core/sending/acceptMessage';
import { messageWorkflows } from '../workflows/client';
import { authenticateApiKey, createApiKey } from '../core/accounts/apiKeys';
import { loadConfig } from '../core/platform/config';
import { addDomain, markDomainVerified } from '../core/domains/domains';
import { checkSendGates } from '../core/sending/sendGates';
import { startBenchInfra } from './infra';

const { values: args } = parseArgs({ options: { iterations: { type: 'string', default: '300' } } });
const iterations = Number(args.iterations);

async function main(): Promise<void> {
  const infra = await startBenchInfra((line) => console.log(`[bench] ${line}`));
  const config = loadConfig({
    NODE_ENV: 'development',
    DATABASE_URL: infra.databaseUrl,
    TEMPORAL_TASK_QUEUE: `stages-${randomBytes(4).toString('hex')}`,
  });
  const connection = await Connection.connect({ address: infra.temporalAddress });
  const workflows = messageWorkflows(new Client({ connection }), config.temporal.taskQueue);
  const redis = new Redis(infra.redisUrl);
  try {
    const limiter = new RateLimiterRedis({ storeClient: redis, keyPrefix: 'bench', points: 1e9, duration: 60 });
    const account = await createAccount(
      infra.db,
      { email: `stages-${randomBytes(4).toString('hex')}@example.com`, plan: 'growth', verified: true },
      'bench',
    );
    const domain = `stages-${randomBytes(4).toString('hex')}.example.com`;
    await addDomain(infra.db, { accountId: account.id, name: domain, mode: 'shared' }, 'bench');
    await markDomainVerified(infra.db, domain, 'bench');
    const { secret } = await createApiKey(infra.db, { accountId: account.id, name: 'stages' }, 'bench');

    const stages = [
      'authenticate (1 query)',
      'rate limit (Redis)',
      'gates (1 statement)',
      'accept (stage + count + commit, then start)',
      'raw workflow.start',
    ] as const;
    const samples = new Map<(typeof stages)[number], number[]>(stages.map((s) => [s, []]));
    const time = async <T>(stage: (typeof stages)[number], fn: () => Promise<T>): Promise<T> => {
      const t0 = performance.now();
      const result = await fn();
      samples.get(stage)!.push(performance.now() - t0);
      return result;
    };
    for (let i = 0; i < iterations; i++) {
      const auth = await time('authenticate (1 query)', () => authenticateApiKey(infra.db, secret, '127.0.0.1'));
      if (!auth.ok) throw new Error('the bench key did not authenticate');
      await time('rate limit (Redis)', () => limiter.consume('stages'));
      const recipient = `stages+${i}@${config.simulatorDomain}`;
      const gates = await time('gates (1 statement)', () =>
        checkSendGates(infra.db, {
          apiKey: auth.key,
          fromDomain: domain,
          recipient,
          recipientKind: { kind: 'simulator' },
          secretKey: config.secretKey,
        }),
      );
      if (!gates.ok)
        throw new Error(`gate refused: ${'failure' in gates ? gates.failure.code : 'key no longer active'}`);
      const accepted = await time('accept (stage + count + commit, then start)', () =>
        acceptMessage(
          { db: infra.db, config, workflows },
          {
            accountId: account.id,
            monthlyLimit: gates.context.monthlyLimit,
            workflow: { mode: 'shared', kind: 'simulator' },
            content: {
              to: { address: recipient, name: '' },
              from: { address: `bench@${domain}`, name: '' },
              subject: 'Stages',
              text: 'Hello.',
            },
            attachments: [],
            response: (messageId) => ({ message_id: messageId }),
          },
        ),
      );
      if (!accepted.ok) throw new Error(`not accepted: ${accepted.code}`);
      await time('raw workflow.start', () =>
        workflows.startSend(
          {
            messageId: randomUUID(),
            accountId: account.id,
            mode: 'shared',
            kind: 'simulator',
            outcomeTimeoutSeconds: 60,
          },
          Date.now() + config.temporal.startTimeoutMs,
        ),
      );
    }
    const pct = (values: number[], q: number) =>
      [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))]!;
    console.log(`\n${iterations} sequential iterations\n${'stage'.padEnd(42)}  p50 ms  p90 ms`);
    for (const [stage, values] of samples)
      console.log(
        `${stage.padEnd(42)}  ${pct(values, 0.5).toFixed(2).padStart(6)}  ${pct(values, 0.9).toFixed(2).padStart(6)}`,
      );
  } finally {
    redis.disconnect();
    await connection.close();
    await infra.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
