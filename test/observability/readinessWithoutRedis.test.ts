// The SMTP relay and the MX listener keep serving while Redis is away (their connection and AUTH
// limits fall back to per-process counts), so their /readyz names Redis and stays 200, as the
// API's does (docs/operations.md, "Health and metrics"): a load balancer must not take every
// front end out of service for a store they can do without. Each runs as its own process here,
// its Redis address a port where nothing listens.
import { freePort, type ManagedProcess } from '../../tools/stack/processes';
import { createSender } from '../helpers/fixtures';
import { startMxProcess, stackEnv } from '../helpers/mxListener';
import { startServiceStack, type ServiceStack } from '../helpers/serviceStack';
import { makeTlsFiles, startRelayProcess, type TlsFiles } from '../helpers/smtpRelay';
import { eventually } from '../helpers/wait';
import { sendWithNodemailer } from '../smtp/clients';

let stack: ServiceStack;
let tls: TlsFiles;
let redisUrl: string;
const processes: ManagedProcess[] = [];

beforeAll(async () => {
  stack = await startServiceStack({ worker: false });
  tls = await makeTlsFiles();
  redisUrl = `redis://127.0.0.1:${await freePort()}`;
});

afterAll(async () => {
  for (const p of processes) await p.stop();
  await stack?.stop();
});

async function readiness(healthPort: number): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`http://127.0.0.1:${healthPort}/readyz`);
  return { status: res.status, body: await res.json() };
}

const WITHOUT_REDIS = {
  status: 200,
  body: { ready: true, checks: { postgres: 'ok', redis: 'unreachable', temporal: 'ok' } },
};

/** The first answer that has checked all three (the connections are opened in the background). */
const settled = (healthPort: number) =>
  eventually('readiness with every check made', async () => {
    const r = await readiness(healthPort);
    const checks = (r.body as { checks?: Record<string, string> }).checks ?? {};
    return checks.postgres === 'ok' && checks.temporal === 'ok' ? r : undefined;
  });

test('the SMTP relay without Redis: ready, Redis named, and a message is still accepted', async () => {
  const sender = await createSender(stack.db);
  const relay = await startRelayProcess(stackEnv(stack, { REDIS_URL: redisUrl }), tls);
  processes.push(relay.process);
  expect(await settled(relay.healthPort)).toEqual(WITHOUT_REDIS);
  const sent = await sendWithNodemailer(
    { port: relay.port, secure: false, apiKey: sender.apiKey, ca: tls.cert },
    { from: `hello@${sender.domain}`, to: 'someone@example.org', subject: 'Without Redis', text: 'Hello.' },
  );
  expect(sent.response).toMatch(/^250 2\.6\.0 Queued 1 message: /);
  expect(await readiness(relay.healthPort)).toEqual(WITHOUT_REDIS);
});

test('the MX listener without Redis: ready, Redis named', async () => {
  const mx = await startMxProcess(stack, { env: { REDIS_URL: redisUrl } });
  processes.push(mx.process);
  expect(await settled(mx.healthPort)).toEqual(WITHOUT_REDIS);
});
