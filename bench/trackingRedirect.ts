// Benchmark: the click redirect (`GET /t/c/{token}`) beside `GET /healthz`, each under 32
// concurrent clients, on the pipeline's stack (API and worker processes, SES emulator). One
// tracked send to the mailbox simulator gives a real link: its HTML is read back from the SES
// emulator. Every round runs the redirect and /healthz one after the other (alternating which
// goes first), then prints both p50/p99 and their ratios; over the rounds, min / median / max of
// each ratio. Clicks past the per-client limit are still redirected (and recorded no more), as
// a flood would be.
//
//   node --import tsx bench/trackingRedirect.ts [--clients 32] [--seconds 10] [--rounds 3]
import { parseArgs } from 'node:util';
import { sesEmulatorStore } from '../tools/stack/sesEmulator';
import { formatTable, runClosedLoop, type LoopResult } from './closedLoop';
import { quantile, sendOne, sleep, startPipelineStack } from './stack';

const say = (line: string) => console.log(`[bench] ${line}`);
const { values: args } = parseArgs({
  options: {
    clients: { type: 'string', default: '32' },
    seconds: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '3' },
  },
});
const clients = Number(args.clients);
/** The SES mailbox simulator's domain (SIMULATOR_DOMAIN's default), which the emulator accepts. */
const SIMULATOR_DOMAIN = 'simulator.amazonses.com';
const seconds = Number(args.seconds);

/**
 * The first tracked link in the message the emulator stored with `subject`, moved to the API's
 * port: its token is good only under its own host name (BASE_URL's, `localhost` here), so the
 * name stays (docs/sending.md, "Tracking opens and clicks").
 */
async function trackedLink(sesEndpoint: string, subject: string, apiBaseUrl: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const stored = (await sesEmulatorStore(sesEndpoint)).find((e) => e.subject === subject);
    const href = stored?.body.html?.match(/href="([^"]*\/t\/c\/[^"]+)"/)?.[1];
    if (href) {
      const link = new URL(href);
      link.port = new URL(apiBaseUrl).port;
      return link.toString();
    }
    await sleep(100);
  }
  throw new Error('the tracked message did not reach the SES emulator');
}

/** One GET answered `expected` (body read), or its status as the failure label. */
async function get(url: string, expected: number): Promise<string> {
  const res = await fetch(url, { redirect: 'manual' });
  await res.arrayBuffer();
  return res.status === expected ? 'ok' : `HTTP ${res.status}`;
}

const ratio = (a: number, b: number) => a / b;
const spread = (values: number[]) =>
  `${Math.min(...values).toFixed(2)} / ${quantile(values, 0.5).toFixed(2)} / ${Math.max(...values).toFixed(2)}`;

async function main(): Promise<void> {
  const stack = await startPipelineStack(say, { accounts: 1, keys: 1 });
  try {
    const sender = stack.senders[0]!;
    const subject = `tracked ${Date.now()}`;
    const sent = await sendOne(stack.api.baseUrl, sender, {
      to: `success@${SIMULATOR_DOMAIN}`,
      subject,
      html: '<html><body><p>Your order: <a href="https://shop.example/orders/1001?ref=bench">see it</a></p></body></html>',
      track_clicks: true,
    });
    if (sent.status !== 200) throw new Error(`the tracked send was answered ${sent.status}`);
    const link = await trackedLink(stack.env.SES_ENDPOINT!, subject, stack.api.baseUrl);
    const healthz = `${stack.api.baseUrl}/healthz`;
    say(`link ${link.slice(0, 80)}…; ${clients} clients, ${seconds} s per run, ${args.rounds} rounds`);
    // Warm-up: connections, JIT, the limiter's Redis keys.
    await runClosedLoop('warm-up', { concurrency: clients, seconds: 2 }, () => get(link, 302));
    await runClosedLoop('warm-up', { concurrency: clients, seconds: 2 }, () => get(healthz, 200));

    const rounds: { redirect: LoopResult; healthz: LoopResult }[] = [];
    for (let round = 1; round <= Number(args.rounds); round++) {
      const runRedirect = () =>
        runClosedLoop(`redirect r${round}`, { concurrency: clients, seconds }, () => get(link, 302));
      const runHealthz = () =>
        runClosedLoop(`healthz r${round}`, { concurrency: clients, seconds }, () => get(healthz, 200));
      // Alternate the order so neither always runs on a warmer (or more tired) process.
      const [first, second] = round % 2 === 1 ? [runRedirect, runHealthz] : [runHealthz, runRedirect];
      const a = await first();
      const b = await second();
      const [redirect, health] = a.label.startsWith('redirect') ? [a, b] : [b, a];
      rounds.push({ redirect, healthz: health });
    }
    const rows = rounds.flatMap(({ redirect, healthz: h }) =>
      [redirect, h].map((r) => [
        r.label,
        r.perSecond.toFixed(0),
        r.p50Ms.toFixed(2),
        r.p99Ms.toFixed(2),
        Object.entries(r.failed)
          .map(([k, v]) => `${k}: ${v}`)
          .join(', ') || '0',
      ]),
    );
    console.log(formatTable(['run', 'answers/s', 'p50 ms', 'p99 ms', 'failures'], rows));
    const p50 = rounds.map((r) => ratio(r.redirect.p50Ms, r.healthz.p50Ms));
    const p99 = rounds.map((r) => ratio(r.redirect.p99Ms, r.healthz.p99Ms));
    const rate = rounds.map((r) => ratio(r.redirect.perSecond, r.healthz.perSecond));
    say(`redirect / healthz over ${rounds.length} rounds (min / median / max):`);
    say(`  p50 ${spread(p50)}; p99 ${spread(p99)}; answers/s ${spread(rate)}`);
    say(
      `  redirect p50 ${spread(rounds.map((r) => r.redirect.p50Ms))} ms, p99 ${spread(rounds.map((r) => r.redirect.p99Ms))} ms`,
    );
  } finally {
    await stack.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
