// Benchmark: erasing an address with 100,000 log rows (docs/privacy.md, "Erasing an address") on
// `npm run dev`'s own stack (bench/devStack.ts). Seeds --rows email-log rows, each with a
// three-event timeline (queued, sent, delivered), for one address of the demo account straight
// into the dev database; then the demo owner erases it while test sends to another address go one
// at a time. Prints how long the erasure took and the latency of those sends (min / median / max)
// beside the same sends before it began: an erasure must never hold sends up.
//
//   node --import tsx bench/erasure.ts [--rows 100000] [--baseline 50]
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { createDb } from '../core/platform/db';
import { DEMO_DOMAIN, DEMO_EMAIL, DEMO_PASSWORD } from '../tools/demoSeed';
import { startDevStack, type DevStack } from './devStack';
import { quantile } from './stack';

const say = (line: string) => console.log(`[bench] ${line}`);
const { values: args } = parseArgs({
  options: { rows: { type: 'string', default: '100000' }, baseline: { type: 'string', default: '50' } },
});
const ROWS = Number(args.rows);
const ERASED = 'erase.bench@example.org';

/** One row per message and three timeline events each, in one statement per 10,000 messages. */
async function seed(databaseUrl: string, accountId: string): Promise<void> {
  const db = createDb(databaseUrl, { max: 2 });
  try {
    for (let done = 0; done < ROWS; done += 10_000) {
      const count = Math.min(10_000, ROWS - done);
      await db.raw(
        `WITH rows AS (
           INSERT INTO email_log (message_id, account_id, recipient, from_email, subject, status, kind, created_at, sent_at, delivered_at)
           SELECT gen_random_uuid(), ?, ?, ?, 'Seeded ' || g, 'delivered', 'real', now() - interval '1 day', now(), now()
           FROM generate_series(1, ?) g RETURNING message_id)
         INSERT INTO email_events (message_id, type, at)
         SELECT message_id, t, now() FROM rows CROSS JOIN unnest(ARRAY['queued', 'sent', 'delivered']) t`,
        [accountId, ERASED, `hello@${DEMO_DOMAIN}`, count],
      );
    }
  } finally {
    await db.destroy();
  }
}

/** The demo owner's session: its cookie and CSRF token. */
async function signIn(apiUrl: string): Promise<{ cookie: string; csrf: string; accountId: string }> {
  const res = await fetch(`${apiUrl}/api/auth/signin`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: DEMO_EMAIL, password: DEMO_PASSWORD }),
  });
  const body = (await res.json()) as { csrf_token: string; account: { id: string } };
  const cookie = res.headers.get('set-cookie')!.split(';')[0]!;
  return { cookie, csrf: body.csrf_token, accountId: body.account.id };
}

async function sendOnce(dev: DevStack, i: number): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(`${dev.apiUrl}/api/send/`, {
    method: 'POST',
    headers: { 'X-API-Key': dev.demoKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      from_email: `hello@${DEMO_DOMAIN}`,
      to: `delivered+erasure-bench@test.postage.dev`,
      subject: `During the erasure ${i}`,
      message: 'Hello.',
    }),
  });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`a send answered ${res.status}`);
  return performance.now() - t0;
}

const summary = (ms: number[]) =>
  `${ms.length} sends: min ${Math.min(...ms).toFixed(1)} ms, median ${quantile(ms, 0.5).toFixed(1)} ms, max ${Math.max(...ms).toFixed(1)} ms`;

async function main(): Promise<void> {
  const dev = await startDevStack(say, { RATE_LIMIT_PER_MINUTE: '1000000000' });
  try {
    const session = await signIn(dev.apiUrl);
    say(`seeding ${ROWS} log rows with timelines for one address`);
    const seeded = performance.now();
    await seed(dev.serviceEnv.DATABASE_URL!, session.accountId);
    say(`seeded in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);
    const before: number[] = [];
    for (let i = 0; i < Number(args.baseline); i++) before.push(await sendOnce(dev, i));
    const started = performance.now();
    const res = await fetch(`${dev.apiUrl}/api/privacy/erasures`, {
      method: 'POST',
      headers: { Cookie: session.cookie, 'X-CSRF-Token': session.csrf, 'Content-Type': 'application/json' },
      body: JSON.stringify({ address: ERASED }),
    });
    const { id } = (await res.json()) as { id: string };
    if (res.status !== 202) throw new Error(`the erasure answered ${res.status}`);
    const during: number[] = [];
    let erasure: { status: string; removed: Record<string, number> } = { status: 'running', removed: {} };
    for (let i = 0; erasure.status === 'running'; i++) {
      during.push(await sendOnce(dev, i));
      if (i % 10 === 0)
        erasure = (await (
          await fetch(`${dev.apiUrl}/api/privacy/erasures/${id}`, { headers: { Cookie: session.cookie } })
        ).json()) as typeof erasure;
    }
    const seconds = (performance.now() - started) / 1000;
    say(`erasure ${erasure.status} in ${seconds.toFixed(1)} s: ${JSON.stringify(erasure.removed)}`);
    say(`before the erasure: ${summary(before)}`);
    say(`during the erasure: ${summary(during)}`);
  } finally {
    await dev.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
