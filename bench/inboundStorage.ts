// Benchmark: what one received message costs the database. The MX listener and the worker as
// their own processes (as deployed), one account with an inbound domain and a catch-all rule; one
// SMTP transaction delivers a message of `--bytes` incompressible bytes (a random attachment,
// base64) to `--recipients` addresses, and once every recipient's message is recorded (parsed,
// checked) the growth of the database and of the received-mail tables is printed. `--runs`
// transactions, each a message of its own. See bench/README.md.
//
//   npm exec -- node --import tsx bench/inboundStorage.ts [--bytes 1048576] [--recipients 50] [--runs 3]
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import nodemailer from 'nodemailer';
import type { Db } from '../core/platform/db';
import type { ManagedProcess } from '../tools/stack/processes';
import { formatTable } from './closedLoop';
import { startBenchInfra } from './infra';
import { addCatchAllInboundDomain, benchServiceEnv, seedSenders, sleep, startMxListener, startWorker } from './stack';

const say = (line: string) => console.log(`[bench] ${line}`);
const { values: args } = parseArgs({
  options: {
    bytes: { type: 'string', default: String(1024 * 1024) },
    recipients: { type: 'string', default: '50' },
    runs: { type: 'string', default: '3' },
  },
});
const bytes = Number(args.bytes);
const recipients = Number(args.recipients);
const MB = 1024 * 1024;

/** The database's size, and the received-mail tables' (their TOAST and indexes included), in bytes. */
async function sizes(db: Db): Promise<{ database: number; inbound: number }> {
  const { rows } = await db.raw<{ rows: { database: string; inbound: string }[] }>(
    `SELECT pg_database_size(current_database()) AS database,
            (SELECT coalesce(sum(pg_total_relation_size(c.oid)), 0) FROM pg_class c
             JOIN pg_namespace n ON n.oid = c.relnamespace
             WHERE n.nspname = 'public' AND c.relkind = 'r' AND c.relname LIKE 'inbound%') AS inbound`,
  );
  return { database: Number(rows[0]!.database), inbound: Number(rows[0]!.inbound) };
}

async function recordedCount(db: Db, accountId: string): Promise<number> {
  const [row] = await db('inbound_messages')
    .where({ account_id: accountId })
    .whereNotNull('recorded_at')
    .count<{ n: string }[]>({ n: '*' });
  return Number(row!.n);
}

async function main(): Promise<void> {
  const infra = await startBenchInfra(say);
  const processes: ManagedProcess[] = [];
  let transport: ReturnType<typeof nodemailer.createTransport> | undefined;
  try {
    const logDir = path.join(infra.runDir, 'logs');
    fs.mkdirSync(logDir, { recursive: true });
    // No DNS server answers: the sender checks end at once (temperror) instead of asking the internet.
    const env = { ...benchServiceEnv(infra), DNS_SERVERS: '127.0.0.1:9' };
    const [sender] = await seedSenders(infra.db, 1, 1);
    await infra.db('plans').where({ name: 'bench' }).update({ inbound_monthly_quota: 100_000_000 });
    const domain = await addCatchAllInboundDomain(infra.db, sender!);
    processes.push(await startWorker(env, logDir));
    const mx = await startMxListener({ ...env, MX_MAX_RECIPIENTS: String(recipients) }, logDir);
    processes.push(mx.process);
    transport = nodemailer.createTransport({ host: '127.0.0.1', port: mx.port, secure: false, ignoreTLS: true });

    const rows: string[][] = [];
    let expected = 0;
    for (let run = 1; run <= Number(args.runs); run++) {
      await infra.db.raw('VACUUM ANALYZE'); // what earlier runs left is not counted to this one
      const before = await sizes(infra.db);
      // Base64 makes 3 bytes 4: an attachment of 3/4 of `bytes` is a message of about `bytes`.
      const info = (await transport.sendMail({
        from: 'Ann Sender <ann@sender.example.org>',
        to: Array.from({ length: recipients }, (_, i) => `reader${i}@${domain}`),
        subject: `Inbound storage benchmark, run ${run}`,
        text: 'The report is attached.',
        attachments: [{ filename: 'report.bin', content: randomBytes(Math.floor((bytes * 3) / 4)) }],
      })) as { accepted: string[]; messageSize?: number };
      expected += info.accepted.length;
      say(`run ${run}: ${info.accepted.length} recipients accepted; waiting for each to be recorded`);
      const deadline = Date.now() + 300_000;
      while ((await recordedCount(infra.db, sender!.accountId)) < expected && Date.now() < deadline) await sleep(250);
      const after = await sizes(infra.db);
      const size = info.messageSize ?? bytes;
      rows.push([
        String(run),
        (size / MB).toFixed(2),
        String(info.accepted.length),
        ((after.database - before.database) / MB).toFixed(1),
        ((after.inbound - before.inbound) / MB).toFixed(1),
        ((after.database - before.database) / size).toFixed(1),
      ]);
    }
    console.log('');
    console.log(
      `machine: ${os.cpus().length} x ${os.cpus()[0]?.model ?? 'unknown CPU'}, node ${process.version}; PostgreSQL ${infra.origin.postgres}`,
    );
    console.log(
      formatTable(
        ['run', 'message MB', 'recipients', 'database growth MB', 'inbound tables growth MB', 'growth / message size'],
        rows,
      ),
    );
  } finally {
    transport?.close();
    for (const p of processes.reverse()) await p.stop();
    await infra.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
