// Benchmark: the MX listener's memory while clients hold DATA open, and what an ordinary client
// waits meanwhile. The listener as its own process (mx/main.ts, production mode, its RSS its own)
// with MX_MAX_BYTES_IN_FLIGHT at `--budget-mib`, one account with an inbound domain and a
// catch-all rule. Each run has three phases of `--seconds`: quiet; `--clients` clients each
// opening a DATA and sending `--mb` MB of dot-stuffed lines (`..` CRLF: one piece per line for
// smtp-server), then holding it open; the same clients sending their DATA slowly (a 1 KB line each
// 100 ms). Throughout, one ordinary client times, one after the other, EHLO (connect, greeting,
// EHLO) and a small message to its 250, and the listener's RSS is sampled every 100 ms. Per phase:
// RSS growth over the quiet baseline (peak) against the budget, EHLO and 250 p50 / p99 / max.
// Min / median / max over `--runs`. See bench/README.md.
//
//   npm exec -- node --import tsx bench/mxMemory.ts [--runs 3] [--clients 8] [--mb 4] [--seconds 10] [--budget-mib 16]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { dotStuffedLines, openData, timeEhlo, type RawSmtpSession } from '../tools/stack/rawSmtp';
import type { ManagedProcess } from '../tools/stack/processes';
import { formatTable } from './closedLoop';
import { startBenchInfra } from './infra';
import {
  addCatchAllInboundDomain,
  benchServiceEnv,
  quantile,
  residentMiB,
  seedSenders,
  sleep,
  startMxListener,
} from './stack';

const say = (line: string) => console.log(`[bench] ${line}`);
const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    clients: { type: 'string', default: '8' },
    mb: { type: 'string', default: '4' },
    seconds: { type: 'string', default: '10' },
    'budget-mib': { type: 'string', default: '16' },
  },
});
const clients = Number(args.clients);
const phaseMs = Number(args.seconds) * 1000;
const budgetMiB = Number(args['budget-mib']);
const SENDER = 'ann@sender.example.org';

type Phase = 'quiet' | 'dot-stuffed' | 'slow';
const PHASES: readonly Phase[] = ['quiet', 'dot-stuffed', 'slow'];

interface PhaseResult {
  /** RSS before the phase, and its peak during it, MiB. */
  baseMiB: number;
  peakMiB: number;
  ehloMs: number[];
  acceptedMs: number[];
  /** The replies of ordinary messages not answered 250, by reply. */
  notAccepted: Map<string, number>;
}

/** One ordinary message, timed from connecting to its 250; otherwise the reply that refused it. */
async function timeMessage(port: number, to: string, n: number): Promise<{ ms: number } | { refused: string }> {
  const started = performance.now();
  let session: RawSmtpSession;
  try {
    session = await openData(port, SENDER, to);
  } catch (err) {
    return { refused: (err as Error).message };
  }
  try {
    const body = `From: ${SENDER}\r\nTo: ${to}\r\nSubject: ordinary ${n}\r\nMessage-ID: <ordinary-${n}-${Date.now()}@sender.example.org>\r\n\r\nAn ordinary message.\r\n`;
    const answer = await session.command(`${body}.`);
    return answer.startsWith('250') ? { ms: performance.now() - started } : { refused: `DATA ${answer.slice(0, 60)}` };
  } catch (err) {
    return { refused: (err as Error).message };
  } finally {
    session.destroy();
  }
}

/** What the held clients do during a phase: nothing, dot-stuffed lines then hold, or a slow trickle. Bounded by `until`. */
async function hold(phase: Phase, sessions: RawSmtpSession[], until: number): Promise<void> {
  if (phase === 'dot-stuffed') {
    const lines = Math.round((Number(args.mb) * 1024 * 1024) / 4);
    await Promise.all(sessions.map((s) => s.write(dotStuffedLines(lines)).catch(() => undefined)));
  }
  if (phase === 'slow') {
    const line = Buffer.from(`${'x'.repeat(1000)}\r\n`);
    while (performance.now() < until) {
      await Promise.all(sessions.map((s) => s.write(line).catch(() => undefined)));
      await sleep(100);
    }
  }
}

async function runPhase(phase: Phase, port: number, pid: number | undefined, to: string): Promise<PhaseResult> {
  const baseMiB = residentMiB(pid);
  const sessions: RawSmtpSession[] = [];
  if (phase !== 'quiet')
    for (let c = 0; c < clients; c++) sessions.push(await openData(port, SENDER, to.replace('@', `+held${c}@`)));
  const until = performance.now() + phaseMs;
  let peakMiB = baseMiB;
  const sampler = setInterval(() => (peakMiB = Math.max(peakMiB, residentMiB(pid))), 100);
  const result: PhaseResult = { baseMiB, peakMiB, ehloMs: [], acceptedMs: [], notAccepted: new Map() };
  const ordinary = async () => {
    for (let n = 0; performance.now() < until; n++) {
      result.ehloMs.push((await timeEhlo(port)).ms);
      const answer = await timeMessage(port, to, n);
      if ('ms' in answer) result.acceptedMs.push(answer.ms);
      else result.notAccepted.set(answer.refused, (result.notAccepted.get(answer.refused) ?? 0) + 1);
      await sleep(100);
    }
  };
  await Promise.all([ordinary(), hold(phase, sessions, until)]);
  while (performance.now() < until) await sleep(100); // the dot-stuffed clients hold their DATA open
  clearInterval(sampler);
  for (const s of sessions) s.destroy();
  await sleep(2000); // the listener lets go of the abandoned transactions
  return { ...result, peakMiB: Math.max(peakMiB, residentMiB(pid)) };
}

const fmt = (v: number, digits = 0) => (Number.isFinite(v) ? v.toFixed(digits) : '-');
const spread = (values: number[], digits = 0) => {
  const s = [...values].sort((a, b) => a - b);
  return `${fmt(s[0]!, digits)} / ${fmt(s[Math.floor(s.length / 2)]!, digits)} / ${fmt(s[s.length - 1]!, digits)}`;
};
const latency = (ms: number[]) => `${fmt(quantile(ms, 0.5))} / ${fmt(quantile(ms, 0.99))} / ${fmt(Math.max(...ms))}`;

async function main(): Promise<void> {
  const loadBefore = os.loadavg();
  const infra = await startBenchInfra(say);
  let mx: { process: ManagedProcess; port: number } | undefined;
  try {
    const logDir = path.join(infra.runDir, 'logs');
    fs.mkdirSync(logDir, { recursive: true });
    const [sender] = await seedSenders(infra.db, 1, 1);
    await infra.db('plans').where({ name: 'bench' }).update({ inbound_monthly_quota: 100_000_000 });
    const to = `reader@${await addCatchAllInboundDomain(infra.db, sender!)}`;
    mx = await startMxListener(
      { ...benchServiceEnv(infra), MX_MAX_BYTES_IN_FLIGHT: String(budgetMiB * 1024 * 1024) },
      logDir,
    );
    const pid = mx.process.child.pid;
    say('warming up (one quiet phase, not measured)');
    await runPhase('quiet', mx.port, pid, to);
    const warmMiB = residentMiB(pid);
    const runs: Map<Phase, PhaseResult>[] = [];
    for (let r = 1; r <= Number(args.runs); r++) {
      const run = new Map<Phase, PhaseResult>();
      for (const phase of PHASES) {
        say(`run ${r}: ${phase}`);
        run.set(phase, await runPhase(phase, mx.port, pid, to));
      }
      runs.push(run);
    }

    console.log('');
    console.log(
      `machine: ${os.cpus().length} x ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}; load before: ${loadBefore.map((l) => l.toFixed(2)).join(' ')}`,
    );
    console.log(
      `MX_MAX_BYTES_IN_FLIGHT ${budgetMiB} MiB; ${clients} held clients, ${args.mb} MB of dot-stuffed lines each or a 1 KB line each 100 ms; ${args.seconds} s a phase`,
    );
    console.log('');
    console.log(
      formatTable(
        [
          'run',
          'phase',
          'RSS before MiB',
          'peak MiB',
          'growth MiB',
          'EHLO p50 / p99 / max ms',
          '250 p50 / p99 / max ms',
          'not 250',
        ],
        runs.flatMap((run, i) =>
          PHASES.map((phase) => {
            const p = run.get(phase)!;
            return [
              String(i + 1),
              phase,
              fmt(p.baseMiB),
              fmt(p.peakMiB),
              fmt(p.peakMiB - p.baseMiB),
              latency(p.ehloMs),
              latency(p.acceptedMs),
              String([...p.notAccepted.values()].reduce((a, b) => a + b, 0)),
            ];
          }),
        ),
      ),
    );
    const refusals = new Map<string, number>();
    for (const run of runs)
      for (const p of run.values())
        for (const [reply, n] of p.notAccepted) refusals.set(reply, (refusals.get(reply) ?? 0) + n);
    for (const [reply, n] of refusals) console.log(`ordinary messages not answered 250: ${n} x ${reply}`);
    console.log('');
    console.log(`min / median / max over the runs (peak: over the RSS after the warm-up, ${fmt(warmMiB)} MiB):`);
    for (const phase of PHASES) {
      const of = (pick: (p: PhaseResult) => number) => spread(runs.map((run) => pick(run.get(phase)!)));
      console.log(
        `  ${phase}: peak RSS +${of((p) => p.peakMiB - warmMiB)} MiB (budget ${budgetMiB}); EHLO p99 ${of((p) => quantile(p.ehloMs, 0.99))} ms, max ${of((p) => Math.max(...p.ehloMs))} ms; 250 p99 ${of((p) => quantile(p.acceptedMs, 0.99))} ms`,
      );
    }
  } finally {
    await mx?.process.stop();
    await infra.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
