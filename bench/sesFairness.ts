// Benchmark: one SES account shared by many customers, paced at its MaxSendRate. Account A queues
// --emails in batches of 100 (POST /api/send/batch) while account B sends single emails (POST
// /api/send/, one every few seconds during A's drain), as a password reset would. Per run: B's
// wait from the API's answer to `sent` (p50, p99), SES calls throttled per email sent, and A's
// drain rate; min / median / max of --runs runs, BEFORE (--before <checkout>) and AFTER (this
// checkout) alternating, side by side. bench/README.md, "`sesFairness.ts`".
//
//   node --import tsx bench/sesFairness.ts [--before <dir>] [--rate 10] [--emails 1000] [--runs 3]
//        [--singles 20] [--single-every <s>] [--byoc [--byoc-rate 2] [--byoc-emails 100]]
//
// Both stacks are `npm run dev`'s (bench/devStack.ts), each from its own checkout, and both send
// through the same SES, which this process runs as `npm run dev` runs its own (throttledSes.ts):
// the SES v2 emulator answering GetAccount with MaxSendRate = --rate, behind the recorder
// throttling SendEmail past --rate a second per access key. Handed to both as SES_ENDPOINT, so an
// older checkout, whose own local SES may not throttle, meets the same SES as this one.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { randomBytes } from 'node:crypto';
import { createAccount } from '../core/accounts/accounts';
import { createApiKey } from '../core/accounts/apiKeys';
import { addDomain, markDomainVerified } from '../core/domains/domains';
import { toolsDir } from '../core/platform/devEnvironment';
import { createDb } from '../core/platform/db';
import { startMoto } from '../tools/stack/moto';
import type { RawRecord } from '../tools/stack/sesRecorder';
import type { PaceReport } from '../tools/stack/sesSendRate';
import { startThrottledSes } from '../tools/stack/throttledSes';
import { portNear } from '../tools/stack/processes';
import { formatTable } from './closedLoop';
import { startDevStack, type DevStack } from './devStack';
import { quantile, seedSenders, sleep, type Sender } from './stack';

const say = (line: string) => console.log(`[bench] ${new Date().toISOString().slice(11, 19)} ${line}`);
const { values: args } = parseArgs({
  options: {
    before: { type: 'string' },
    rate: { type: 'string', default: '10' },
    emails: { type: 'string', default: '1000' },
    runs: { type: 'string', default: '3' },
    singles: { type: 'string', default: '20' },
    'single-every': { type: 'string' },
    byoc: { type: 'boolean', default: false },
    'byoc-rate': { type: 'string', default: '2' },
    'byoc-emails': { type: 'string', default: '100' },
  },
});
const rate = Number(args.rate);
const emails = Number(args.emails);
const runs = Number(args.runs);
const singles = Number(args.singles);
// Spread over A's drain (at the SES rate), at most one every 2 s: each single meets the backlog.
const singleEverySeconds =
  args['single-every'] !== undefined ? Number(args['single-every']) : Math.min(2, emails / rate / (singles + 1));
for (const [name, v] of [
  ['--rate', rate],
  ['--emails', emails],
  ['--runs', runs],
  ['--singles', singles],
] as const)
  if (!Number.isInteger(v) || v < 1) throw new Error(`${name} is a whole number, 1 or more`);
const SIMULATOR = 'simulator.amazonses.com';
const BATCH_SIZE = 100;

interface BenchSes {
  endpoint: string;
  /** What SES accepted (the recorder's GET /raw list, the newest 2000). */
  accepted(): RawRecord[];
  /** SendEmail calls accepted and throttled per access key (the recorder's GET /pace). */
  pace(): PaceReport;
  stop(): Promise<void>;
}

/** The local SES `npm run dev` starts (tools/stack/throttledSes.ts), at `rate`: GetAccount's MaxSendRate and the throttle per access key. */
async function startBenchSes(rate: number, dir: string, name: string): Promise<BenchSes> {
  const ses = await startThrottledSes({ rate, logFile: path.join(dir, `${name}-ses-emulator.log`) });
  return {
    endpoint: ses.endpoint,
    accepted: () => ses.recorder.list(),
    pace: () => ses.recorder.pace(),
    stop: () => ses.stop(),
  };
}

const paceTotals = (p: PaceReport) =>
  Object.values(p.keys).reduce(
    (t, k) => ({ accepted: t.accepted + k.accepted, throttled: t.throttled + k.throttled }),
    { accepted: 0, throttled: 0 },
  );

/**
 * Throttled calls under the access keys first seen since `before`. A BYOC run's account is new, so
 * its worker assumes the role afresh and signs with keys of its own; an older run's messages still
 * being retried (the "before" side leaves some unsent) sign with theirs and are not this run's.
 */
const throttledUnderNewKeys = (before: PaceReport, after: PaceReport) =>
  Object.entries(after.keys)
    .filter(([key]) => !(key in before.keys))
    .reduce((sum, [, k]) => sum + k.throttled, 0);

/** A sending account: its sending key, and a full_access key to read its email log. */
interface Party extends Sender {
  manageKey: string;
}

/** Two fresh shared-mode accounts with verified domains in `dev`'s database (the bench plan: no quota in reach). */
async function seedParties(dev: DevStack): Promise<[Party, Party]> {
  const db = createDb(dev.serviceEnv.DATABASE_URL!);
  try {
    const senders = await seedSenders(db, 2, 1);
    const parties = await Promise.all(
      senders.map(async (s) => ({
        ...s,
        manageKey: (
          await createApiKey(db, { accountId: s.accountId, name: 'bench log', permission: 'full_access' }, 'bench')
        ).secret,
      })),
    );
    return [parties[0]!, parties[1]!];
  } finally {
    await db.destroy();
  }
}

async function post(apiUrl: string, key: string, route: string, body: object): Promise<unknown> {
  const res = await fetch(`${apiUrl}${route}`, {
    method: 'POST',
    headers: { 'X-API-Key': key, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (res.status >= 300) throw new Error(`POST ${route}: HTTP ${res.status} ${await res.text()}`);
  return res.json();
}

const message = (party: Sender, to: string, n: number) => ({
  from_email: `bench@${party.domain}`,
  to,
  subject: `SES fairness ${n}`,
  message: 'Hello from the SES fairness benchmark.',
});

/** A's backlog: `count` simulator sends in batches of 100, one batch after the other; the accepted ids. */
async function queueBacklog(apiUrl: string, a: Sender, count: number, tag: string): Promise<string[]> {
  const ids: string[] = [];
  for (let first = 0; first < count; first += BATCH_SIZE) {
    const batch = Array.from({ length: Math.min(BATCH_SIZE, count - first) }, (_, k) =>
      message(a, `success+${tag}-a${first + k}@${SIMULATOR}`, first + k),
    );
    const answer = (await post(apiUrl, a.apiKey, '/api/send/batch', { emails: batch })) as {
      data: { success: boolean; message_id?: string }[];
    };
    for (const item of answer.data) if (item.success && item.message_id) ids.push(item.message_id);
  }
  return ids;
}

/** B's singles, one every `everyMs`: each id with the wall-clock time its 202 answer arrived. */
async function sendSingles(apiUrl: string, b: Party, count: number, everyMs: number, tag: string) {
  const answered = new Map<string, number>();
  for (let i = 0; i < count; i++) {
    const next = Date.now() + everyMs;
    const answer = (await post(apiUrl, b.apiKey, '/api/send/', message(b, `success+${tag}-b${i}@${SIMULATOR}`, i))) as {
      message_id: string;
    };
    answered.set(answer.message_id, Date.now());
    await sleep(Math.max(0, next - Date.now()));
  }
  return answered;
}

interface LogRow {
  message_id: string;
  status: string;
  sent_at: string | null;
}

/** The account's log rows created since `sinceIso` (GET /api/emails, pages of 100), or only `limit` of one status. */
async function logRows(apiUrl: string, party: Party, sinceIso: string, status?: string): Promise<LogRow[]> {
  const rows: LogRow[] = [];
  let cursor: string | null = null;
  do {
    const query = new URLSearchParams({ since: sinceIso, limit: status ? '1' : '100' });
    if (status) query.set('status', status);
    if (cursor) query.set('cursor', cursor);
    const res = await fetch(`${apiUrl}/api/emails?${query}`, { headers: { 'X-API-Key': party.manageKey } });
    if (!res.ok) throw new Error(`GET /api/emails: HTTP ${res.status} ${await res.text()}`);
    const page = (await res.json()) as { emails: LogRow[]; next_cursor: string | null };
    rows.push(...page.emails);
    cursor = status ? null : page.next_cursor;
  } while (cursor);
  return rows;
}

/** Waits until every id has a log row past `queued` (sent or failed), checking cheaply; the `sent_at` of those sent. */
async function awaitSent(
  apiUrl: string,
  parties: [Party, string[]][],
  sinceIso: string,
  deadlineMs: number,
  progress: () => Promise<void>,
): Promise<Map<string, number>> {
  let lastProgress = Date.now();
  for (;;) {
    const waiting = await Promise.all(parties.map(([p]) => logRows(apiUrl, p, sinceIso, 'queued')));
    if (waiting.every((rows) => rows.length === 0) || Date.now() > deadlineMs) {
      // A row is written by the workflow, so an id without one yet is still on its way.
      const rows = new Map<string, LogRow>();
      for (const [p] of parties) for (const row of await logRows(apiUrl, p, sinceIso)) rows.set(row.message_id, row);
      const settled = parties.every(([, ids]) => ids.every((id) => (rows.get(id)?.status ?? 'queued') !== 'queued'));
      if (settled || Date.now() > deadlineMs)
        return new Map([...rows.values()].filter((r) => r.sent_at).map((r) => [r.message_id, Date.parse(r.sent_at!)]));
    }
    if (Date.now() - lastProgress >= 10_000) {
      lastProgress = Date.now();
      await progress();
    }
    await sleep(2000);
  }
}

interface RunResult {
  bP50: number;
  bP99: number;
  bUnsent: number;
  throttledPerSent: number;
  sesCalls: number;
  drainPerSecond: number;
  /** Emails SES accepted a second (A's and B's) from A's first `sent` to its last: the pacer's use of the rate. */
  sesUsePerSecond: number;
  aUnsent: number;
  /** How long A's batches took to be answered: a drain cannot beat the API's accept rate. */
  aQueueSeconds: number;
  seconds: number;
}

/** One run on one stack: A's backlog, B's singles during its drain, until every email is sent. */
async function runOnce(dev: DevStack, ses: BenchSes, tag: string): Promise<RunResult> {
  const [a, b] = await seedParties(dev);
  const sinceIso = new Date(Date.now() - 1000).toISOString();
  const paceBefore = paceTotals(ses.pace());
  const start = Date.now();
  const aIds = await queueBacklog(dev.apiUrl, a, emails, tag);
  const aQueueSeconds = (Date.now() - start) / 1000;
  say(
    `  A queued ${aIds.length} in ${aQueueSeconds.toFixed(1)} s; B sends ${singles} singles, one every ${singleEverySeconds.toFixed(2)} s`,
  );
  const bAnswered = await sendSingles(dev.apiUrl, b, singles, singleEverySeconds * 1000, tag);
  const deadline = Date.now() + 120_000 + (4 * emails * 1000) / rate;
  const sent = await awaitSent(
    dev.apiUrl,
    [
      [a, aIds],
      [b, [...bAnswered.keys()]],
    ],
    sinceIso,
    deadline,
    async () => {
      const p = paceTotals(ses.pace());
      say(
        `  ${((Date.now() - start) / 1000).toFixed(0)} s: SES accepted ${p.accepted - paceBefore.accepted}, throttled ${p.throttled - paceBefore.throttled}`,
      );
    },
  );
  const paceAfter = paceTotals(ses.pace());
  const waits = [...bAnswered].filter(([id]) => sent.has(id)).map(([id, at]) => sent.get(id)! - at);
  const aSent = aIds.filter((id) => sent.has(id)).map((id) => sent.get(id)!);
  const totalSent = aSent.length + waits.length;
  const throttled = paceAfter.throttled - paceBefore.throttled;
  return {
    bP50: quantile(waits, 0.5),
    bP99: quantile(waits, 0.99),
    bUnsent: bAnswered.size - waits.length,
    throttledPerSent: throttled / totalSent,
    sesCalls: paceAfter.accepted + paceAfter.throttled - paceBefore.accepted - paceBefore.throttled,
    drainPerSecond: drainRate(aSent, start),
    sesUsePerSecond: sentWhileDraining(aSent, [...sent.values()]),
    aUnsent: aIds.length - aSent.length,
    aQueueSeconds,
    seconds: (Date.now() - start) / 1000,
  };
}

const BYOC_ROLE_ARN = 'arn:aws:iam::123456789012:role/Service-BYOC-Role';

/** A BYOC account with a verified BYOC domain and a validated configuration naming a role moto lets anyone assume. */
async function seedByocSender(dev: DevStack): Promise<Sender> {
  const db = createDb(dev.serviceEnv.DATABASE_URL!);
  try {
    const tag = randomBytes(4).toString('hex');
    const account = await createAccount(
      db,
      { email: `byoc-${tag}@example.com`, plan: 'bench', verified: true },
      'bench',
    );
    const domain = `byoc-${tag}.example.com`;
    await addDomain(db, { accountId: account.id, name: domain, mode: 'byoc' }, 'bench');
    await markDomainVerified(db, domain, 'bench');
    // As validation leaves it: moto (without IAM enforcement) grants the AssumeRole.
    await db('byoc_configs').insert({
      account_id: account.id,
      role_arn: BYOC_ROLE_ARN,
      region: 'us-east-1',
      external_id: randomBytes(24).toString('hex'),
      enabled: true,
      validated_at: db.fn.now(),
    });
    const { secret } = await createApiKey(db, { accountId: account.id, name: 'bench byoc' }, 'bench');
    return { accountId: account.id, domain, apiKey: secret };
  } finally {
    await db.destroy();
  }
}

interface ByocResult {
  drainPerSecond: number;
  throttledPerSent: number;
  unsent: number;
  sharedP50: number;
  sharedP99: number;
  sharedUnsent: number;
}

/**
 * --byoc: a BYOC account's burst through its own SES (paced at --byoc-rate) while a shared
 * account sends singles through the shared one. BYOC messages have no log: they are sent when
 * the BYOC recorder lists them (its time of SES's answer).
 */
async function runByoc(dev: DevStack, byocSes: BenchSes, tag: string): Promise<ByocResult> {
  const [, shared] = await seedParties(dev);
  const byoc = await seedByocSender(dev);
  const count = Number(args['byoc-emails']);
  const everyMs = 1000 * Math.min(2, count / Number(args['byoc-rate']) / (singles + 1));
  const sinceIso = new Date(Date.now() - 1000).toISOString();
  const paceBefore = byocSes.pace();
  const start = Date.now();
  const ids = await queueBacklog(dev.apiUrl, byoc, count, tag);
  const answered = await sendSingles(dev.apiUrl, shared, singles, everyMs, tag);
  const deadline = Date.now() + 120_000 + (4 * count * 1000) / Number(args['byoc-rate']);
  const mine = async () => byocSes.accepted().filter((r) => r.destination.some((d) => d.includes(`+${tag}-a`)));
  const [sent, byocSent] = await Promise.all([
    awaitSent(dev.apiUrl, [[shared, [...answered.keys()]]], sinceIso, deadline, async () => undefined),
    (async () => {
      while ((await mine()).length < ids.length && Date.now() < deadline) await sleep(1000);
      return (await mine()).map((r) => Date.parse(r.at));
    })(),
  ]);
  const waits = [...answered].filter(([id]) => sent.has(id)).map(([id, at]) => sent.get(id)! - at);
  return {
    drainPerSecond: drainRate(byocSent, start),
    throttledPerSent: throttledUnderNewKeys(paceBefore, byocSes.pace()) / byocSent.length,
    unsent: ids.length - byocSent.length,
    sharedP50: quantile(waits, 0.5),
    sharedP99: quantile(waits, 0.99),
    sharedUnsent: answered.size - waits.length,
  };
}

/** Emails a second from `start` to the last of `sentAt` (epoch ms); NaN when none was sent. */
const drainRate = (sentAt: number[], start: number) =>
  sentAt.length ? sentAt.length / ((Math.max(...sentAt) - start) / 1000) : NaN;

/**
 * Emails sent a second, A's and B's, from A's first `sent` to its last: how much of SES's rate
 * the pacer used while the backlog drained, without the time A's first batch took to be answered.
 */
function sentWhileDraining(aSentAt: number[], allSentAt: number[]): number {
  if (aSentAt.length < 2) return NaN;
  const first = Math.min(...aSentAt);
  const last = Math.max(...aSentAt);
  return allSentAt.filter((t) => t >= first && t <= last).length / ((last - first) / 1000);
}

/** min / median / max of one figure over the runs. */
function spread<R>(results: R[], pick: (r: R) => number, digits: number): string {
  if (!results.length) return '-';
  const v = results.map(pick).sort((x, y) => x - y);
  const f = (x: number) => (Number.isFinite(x) ? x.toFixed(digits) : 'n/a');
  return `${f(v[0]!)} / ${f(quantile(v, 0.5))} / ${f(v[v.length - 1]!)}`;
}

type Figure<R> = [label: string, pick: (r: R) => number, digits: number, target: string];

function sideBySide<R>(bySide: Map<string, R[]>, rows: Figure<R>[]): string {
  const sides = [...bySide.keys()];
  return formatTable(
    ['figure (min / median / max)', ...sides, 'target'],
    rows.map(([label, pick, digits, target]) => [
      label,
      ...sides.map((s) => spread(bySide.get(s)!, pick, digits)),
      target,
    ]),
  );
}

const FIGURES: Figure<RunResult>[] = [
  ["B's wait, 202 -> sent, p50 (ms)", (r) => r.bP50, 0, ''],
  ["B's wait, 202 -> sent, p99 (ms)", (r) => r.bP99, 0, '<= 1000'],
  ['throttled SES calls per email sent', (r) => r.throttledPerSent, 3, '<= 0.01'],
  ['SES SendEmail calls', (r) => r.sesCalls, 0, ''],
  ["A's drain (sent/s, first batch -> last sent)", (r) => r.drainPerSecond, 2, `>= ${(0.9 * rate).toFixed(1)}`],
  ["SES's use while A drained (A + B sent/s, A's first sent -> last)", (r) => r.sesUsePerSecond, 2, ''],
  ["A's batches answered in (s)", (r) => r.aQueueSeconds, 1, ''],
  ['emails not sent by the deadline (A + B)', (r) => r.aUnsent + r.bUnsent, 0, '0'],
  ['run length (s)', (r) => r.seconds, 0, ''],
];

const BYOC_FIGURES: Figure<ByocResult>[] = [
  [
    "BYOC burst's drain (sent/s, first batch -> last sent)",
    (r) => r.drainPerSecond,
    2,
    `>= ${(0.9 * Number(args['byoc-rate'])).toFixed(1)}`,
  ],
  ['throttled BYOC SES calls per BYOC email sent', (r) => r.throttledPerSent, 3, '<= 0.01'],
  ["shared singles' wait, 202 -> sent, p50 (ms)", (r) => r.sharedP50, 0, ''],
  ["shared singles' wait, 202 -> sent, p99 (ms)", (r) => r.sharedP99, 0, '<= 1000'],
  ['emails not sent by the deadline (BYOC + shared)', (r) => r.unsent + r.sharedUnsent, 0, '0'],
];

/** The BYOC side of --byoc: moto as STS (no IAM enforcement: any AssumeRole is granted) and an SES of its own at --byoc-rate. */
async function startByocPeers(
  dir: string,
): Promise<{ ses: BenchSes; env: Record<string, string>; stop(): Promise<void> }> {
  const moto = await startMoto({ port: await portNear(8205), logFile: path.join(dir, 'moto.log') });
  const ses = await startBenchSes(Number(args['byoc-rate']), dir, 'byoc').catch(async (err: unknown) => {
    await moto.process.stop();
    throw err;
  });
  return {
    ses,
    env: {
      STS_ENDPOINT: moto.endpoint,
      STS_ACCESS_KEY_ID: 'bench',
      STS_SECRET_ACCESS_KEY: 'bench',
      BYOC_SES_ENDPOINT: ses.endpoint,
    },
    async stop() {
      await ses.stop();
      await moto.process.stop();
    },
  };
}

function printReport(
  loadBefore: number[],
  results: Map<string, RunResult[]>,
  byocResults: Map<string, ByocResult[]>,
): void {
  console.log('');
  console.log(
    `machine: ${os.cpus().length} x ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}; load before: ${loadBefore.map((l) => l.toFixed(2)).join(' ')}`,
  );
  console.log(
    `SES: emulator with MaxSendRate ${rate}, throttled past ${rate} SendEmail/s per access key; ` +
      `A: ${emails} emails in batches of ${BATCH_SIZE}; B: ${singles} singles, one every ${singleEverySeconds.toFixed(2)} s; ${runs} runs per side${args.before ? `; before = ${path.resolve(args.before)}` : ''}`,
  );
  console.log('');
  console.log(sideBySide(results, FIGURES));
  if (!args.byoc) return;
  console.log('');
  console.log(
    `BYOC: a burst of ${args['byoc-emails']} through its own SES (MaxSendRate ${args['byoc-rate']}, throttled alike) while a shared account sends ${singles} singles:`,
  );
  console.log(sideBySide(byocResults, BYOC_FIGURES));
}

async function main(): Promise<void> {
  const loadBefore = os.loadavg();
  fs.mkdirSync(path.join(toolsDir(), 'bench'), { recursive: true });
  const dir = fs.mkdtempSync(path.join(toolsDir(), 'bench', 'ses-'));
  const ses = await startBenchSes(rate, dir, 'shared');
  const trees: [string, string][] = [
    ...(args.before ? [['before', path.resolve(args.before)] as [string, string]] : []),
    ['after', path.resolve(__dirname, '..')],
  ];
  const stacks = new Map<string, DevStack>();
  let byoc: Awaited<ReturnType<typeof startByocPeers>> | undefined;
  try {
    if (args.byoc) byoc = await startByocPeers(dir);
    for (const [side, root] of trees) {
      say(`starting npm run dev of ${root} (${side})`);
      const env = {
        RATE_LIMIT_PER_MINUTE: '1000000000',
        SES_ENDPOINT: ses.endpoint,
        SES_DOMAIN_IDENTITIES: 'local',
        ...byoc?.env,
      };
      stacks.set(side, await startDevStack(say, env, root));
    }
    const results = new Map<string, RunResult[]>(trees.map(([side]) => [side, []]));
    const byocResults = new Map<string, ByocResult[]>(trees.map(([side]) => [side, []]));
    for (let run = 1; run <= runs; run++) {
      for (const [side] of trees) {
        say(`run ${run}/${runs}, ${side}: A queues ${emails}, B sends ${singles} singles`);
        const r = await runOnce(stacks.get(side)!, ses, `${side}${run}`);
        results.get(side)!.push(r);
        say(
          `  B p50 ${r.bP50.toFixed(0)} ms, p99 ${r.bP99.toFixed(0)} ms; throttled/sent ${r.throttledPerSent.toFixed(3)}; A ${r.drainPerSecond.toFixed(2)}/s; ${r.seconds.toFixed(0)} s`,
        );
        await sleep(3000);
        if (!byoc) continue;
        say(
          `run ${run}/${runs}, ${side}, BYOC: a burst of ${args['byoc-emails']} at ${args['byoc-rate']}/s, shared singles`,
        );
        const b = await runByoc(stacks.get(side)!, byoc.ses, `${side}${run}byoc`);
        byocResults.get(side)!.push(b);
        say(
          `  BYOC ${b.drainPerSecond.toFixed(2)}/s (${b.unsent} unsent); shared singles p50 ${b.sharedP50.toFixed(0)} ms, p99 ${b.sharedP99.toFixed(0)} ms`,
        );
        await sleep(3000);
      }
    }
    printReport(loadBefore, results, byocResults);
  } finally {
    for (const dev of stacks.values()) await dev.stop();
    await byoc?.stop();
    await ses.stop();
    if (!process.env.POSTAGE_KEEP_BENCH_RUN) fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
