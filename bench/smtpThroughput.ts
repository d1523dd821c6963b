// Benchmark: messages accepted per second over the SMTP relay (STARTTLS, AUTH once per pooled
// connection, one recipient a message, and ten recipients a message) next to single POST
// /api/send/ requests, in one run against the same stack, alternating. No worker runs: the
// figures are about accepting. See bench/README.md.
//
//   npm exec -- node --import tsx bench/smtpThroughput.ts [--seconds 10] [--rounds 3] [--concurrency 32]
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import nodemailer from 'nodemailer';
import type { ManagedProcess } from '../tools/stack/processes';
import { runClosedLoop } from './closedLoop';
import { startBenchInfra } from './infra';
import { benchServiceEnv, seedSenders, startApi, startRelay, type Sender } from './stack';
const say = (line: string) => console.log(`[bench] ${line}`);

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '3' },
    concurrency: { type: 'string', default: '32' },
  },
});
const seconds = Number(args.seconds);
const concurrency = Number(args.concurrency);
const QUEUED = /^250 2\.6\.0 Queued (\d+)/;

async function measureHttp(baseUrl: string, senders: Sender[], runSeconds: number) {
  let accepted = 0;
  const result = await runClosedLoop('http', { concurrency, seconds: runSeconds }, async (i) => {
    const sender = senders[i % senders.length]!;
    const res = await fetch(`${baseUrl}/api/send/`, {
      method: 'POST',
      headers: { 'X-API-Key': sender.apiKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        from_email: `bench@${sender.domain}`,
        to: `success+${i}@simulator.amazonses.com`,
        subject: `Benchmark ${i}`,
        message: 'Hello from the benchmark.',
      }),
    });
    await res.arrayBuffer();
    if (res.status !== 200) return `HTTP ${res.status}`;
    accepted++;
    return 'ok';
  });
  return { perSecond: accepted / result.seconds, p50Ms: result.p50Ms };
}

async function measureSmtp(port: number, ca: string, senders: Sender[], recipients: number, runSeconds: number) {
  // One pooled transport per sender: connections are reused (STARTTLS and AUTH once each), as an application's mailer does.
  const transports = senders.map((s) =>
    nodemailer.createTransport({
      host: 'localhost',
      port,
      secure: false,
      requireTLS: true,
      pool: true,
      maxConnections: 4,
      auth: { user: 'bench', pass: s.apiKey },
      tls: { ca },
    }),
  );
  let accepted = 0;
  try {
    const result = await runClosedLoop(`smtp x${recipients}`, { concurrency, seconds: runSeconds }, async (i) => {
      const sender = senders[i % senders.length]!;
      const info = await transports[i % senders.length]!.sendMail({
        from: `bench@${sender.domain}`,
        to: Array.from({ length: recipients }, (_, k) => `success+${i}-${k}@simulator.amazonses.com`),
        subject: `Benchmark ${i}`,
        text: 'Hello from the benchmark.',
      });
      const queued = Number(QUEUED.exec(info.response)?.[1] ?? 0);
      accepted += queued;
      return queued === recipients ? 'ok' : info.response.slice(0, 40);
    });
    return { perSecond: accepted / result.seconds, p50Ms: result.p50Ms };
  } finally {
    for (const t of transports) t.close();
  }
}

async function main(): Promise<void> {
  const loadBefore = os.loadavg();
  const infra = await startBenchInfra(say);
  const started: ManagedProcess[] = [];
  try {
    const env = benchServiceEnv(infra);
    say('seeding 20 accounts x 5 keys');
    const senders = await seedSenders(infra.db, 20, 5);
    const logDir = path.join(infra.runDir, 'logs');
    const api = await startApi(env, logDir);
    started.push(api.process);
    const relay = await startRelay(env, logDir, infra.runDir);
    started.push(relay.process);
    say('warming up');
    await measureHttp(api.baseUrl, senders, 2);
    await measureSmtp(relay.port, relay.ca, senders, 1, 2);
    const rows: string[] = [];
    const ratios: { one: number[]; ten: number[] } = { one: [], ten: [] };
    for (let round = 1; round <= Number(args.rounds); round++) {
      const http = await measureHttp(api.baseUrl, senders, seconds);
      const one = await measureSmtp(relay.port, relay.ca, senders, 1, seconds);
      const ten = await measureSmtp(relay.port, relay.ca, senders, 10, seconds);
      ratios.one.push(one.perSecond / http.perSecond);
      ratios.ten.push(ten.perSecond / http.perSecond);
      rows.push(
        `${round}  http ${http.perSecond.toFixed(0)} msg/s (p50 ${http.p50Ms.toFixed(0)} ms)  smtp 1 rcpt ${one.perSecond.toFixed(0)} msg/s (p50 ${one.p50Ms.toFixed(0)} ms)  smtp 10 rcpt ${ten.perSecond.toFixed(0)} msg/s (p50 ${ten.p50Ms.toFixed(0)} ms a message)  smtp/http ${(one.perSecond / http.perSecond).toFixed(2)} / ${(ten.perSecond / http.perSecond).toFixed(2)}`,
      );
    }
    const spread = (r: number[]) => {
      const s = [...r].sort((a, b) => a - b);
      return `${s[0]!.toFixed(2)} / ${s[Math.floor(s.length / 2)]!.toFixed(2)} / ${s[s.length - 1]!.toFixed(2)}`;
    };
    console.log('');
    console.log(
      `machine: ${os.cpus().length} x ${os.cpus()[0]?.model ?? 'unknown CPU'}, node ${process.version}; load average before: ${loadBefore.map((l) => l.toFixed(2)).join(' ')}`,
    );
    console.log(
      `concurrency ${concurrency} for each, ${seconds} s each, alternating; SMTP over STARTTLS with pooled connections`,
    );
    for (const row of rows) console.log(row);
    console.log(`smtp (1 rcpt) / http, min / median / max: ${spread(ratios.one)}`);
    console.log(`smtp (10 rcpt) / http, min / median / max: ${spread(ratios.ten)}`);
  } finally {
    for (const p of started) await p.stop();
    await infra.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
