// Network faults in the fault suite (docs/operations.md, "Fault tolerance"): a Toxiproxy server
// (tools/ensure-toxiproxy.sh) with one proxy per link between a process and a dependency, always in
// the path, and a seeded plan of cases on those links: latency with jitter, a bandwidth limit, a
// half-open connection (bytes vanish, the connection stays up until the window ends), a cut (a
// connection closed mid-stream: after a stall, a reset or a byte budget) and a partition (the
// proxy refuses and drops every connection for a while).
import path from 'node:path';
import { Toxiproxy, type ICreateToxicBody, type Proxy, type Toxic } from 'toxiproxy-node-client';
import { freePort, requireToolPath, startProcess, waitFor, type ManagedProcess } from '../../tools/stack/processes';

/** The links, each a proxy: the process on the left reaches the dependency on the right through it. */
export const LINKS = [
  'api→postgres',
  'api→redis',
  'api→temporal',
  'worker→temporal',
  'worker→postgres',
  'worker→ses',
  'worker→webhook',
] as const;
export type Link = (typeof LINKS)[number];

export const KINDS = ['latency', 'bandwidth', 'half-open', 'cut', 'partition'] as const;
export type Kind = (typeof KINDS)[number];

export interface PlannedCase {
  link: Link;
  kind: Kind;
  /** What exactly is injected, for the table. */
  detail: string;
  windowMs: number;
  /** Toxics added for the window (none for a partition: the proxy is disabled instead). */
  toxics: ICreateToxicBody<unknown>[];
}

export interface CaseRun extends PlannedCase {
  from: number;
  to: number;
  /** Toxiproxy answered 503 to removing a toxic of the case (see removeToxic): left to finish on its own. */
  removalStuck?: true;
}

export interface Toxiproxies {
  process: ManagedProcess;
  /** host:port of a link's proxy. */
  address(link: Link): string;
  run(planned: PlannedCase): Promise<CaseRun>;
}

/** Starts a Toxiproxy server (its API on a free port of loopback), logging to `logDir`. */
export async function startToxiproxyServer(logDir: string): Promise<{ process: ManagedProcess; toxiproxy: Toxiproxy }> {
  const port = await freePort();
  const proc = startProcess(
    'toxiproxy',
    requireToolPath('POSTAGE_TOXIPROXY_SERVER'),
    ['-host', '127.0.0.1', '-port', String(port)],
    // Toxiproxy logs each connection at info: the suite makes thousands.
    { logFile: path.join(logDir, 'toxiproxy.log'), env: { ...process.env, LOG_LEVEL: 'warn' } },
  );
  const api = `http://127.0.0.1:${port}`;
  await waitFor(
    'Toxiproxy',
    async () => (await fetch(`${api}/version`, { signal: AbortSignal.timeout(1000) })).ok,
    30_000,
    proc,
  );
  return { process: proc, toxiproxy: new Toxiproxy(api) };
}

/** Starts the Toxiproxy server and a proxy for each link to `upstreams` (host:port). */
export async function startToxiproxies(logDir: string, upstreams: Record<Link, string>): Promise<Toxiproxies> {
  const { process: proc, toxiproxy } = await startToxiproxyServer(logDir);
  const proxies = new Map<Link, Proxy>();
  let runSerial = 0;
  for (const link of LINKS) {
    const listen = `127.0.0.1:${await freePort()}`;
    proxies.set(link, await toxiproxy.createProxy({ name: proxyName(link), listen, upstream: upstreams[link] }));
  }
  return {
    process: proc,
    address: (link) => proxies.get(link)!.listen,
    async run(planned) {
      const proxy = proxies.get(planned.link)!;
      const from = Date.now();
      if (planned.kind === 'partition') {
        await proxy.update({ enabled: false, listen: proxy.listen, upstream: proxy.upstream });
        await sleep(planned.windowMs);
        await proxy.update({ enabled: true, listen: proxy.listen, upstream: proxy.upstream });
      } else {
        const toxics = [];
        // Named for this run: two cases may meet on a link at once (a half-open and a stalling cut
        // both use the timeout toxic), and a toxic whose removal was not confirmed may still be
        // there; Toxiproxy answers 409 to a second toxic of the same name.
        const serial = ++runSerial;
        for (const body of planned.toxics)
          toxics.push(await proxy.addToxic({ ...body, name: `${body.name}-${serial}` }));
        await sleep(planned.windowMs);
        // Removing a half-open toxic closes the connections it held (Toxiproxy's Cleanup).
        let removed = true;
        for (const toxic of toxics) removed = (await removeToxic(toxic)) && removed;
        if (!removed) return { ...planned, from, to: Date.now(), removalStuck: true };
      }
      return { ...planned, from, to: Date.now() };
    },
  };
}

/**
 * Removes a toxic; false when Toxiproxy answered 503. Toxiproxy can hang removing a latency or
 * bandwidth toxic whose connection holds bytes for a peer that died meanwhile (a SIGKILLed worker):
 * it keeps trying to hand them on, and its API gives up on the request after its handler timeout
 * while the removal goes on (Shopify/toxiproxy#558, open). That is the proxy's fault, not the
 * stack's: the case is marked in the table and the run goes on; the connection ends with its peer.
 */
async function removeToxic(toxic: Toxic<unknown>): Promise<boolean> {
  try {
    await toxic.remove();
    return true;
  } catch (err) {
    if (err instanceof Error && /status code 503/.test(err.message)) return false;
    throw err;
  }
}

const proxyName = (link: Link) => link.replace('→', '-to-');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Two cases per link, of two different kinds, every kind at least twice (14 cases for 7 links, 5
 * kinds), in a seeded order. One half-open window outlasts the clients' 20 s bound: only the
 * processes' own deadlines keep an answer inside it.
 */
export function planCases(random: () => number): PlannedCase[] {
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const between = (lo: number, hi: number) => Math.round(lo + random() * (hi - lo));
  let kinds: Kind[];
  for (;;) {
    const deck = [...KINDS, ...KINDS, ...KINDS];
    shuffle(deck, random);
    kinds = deck.slice(0, LINKS.length * 2);
    const distinctPerLink = LINKS.every((_, i) => kinds[2 * i] !== kinds[2 * i + 1]);
    const everyKindTwice = KINDS.every((k) => kinds.filter((x) => x === k).length >= 2);
    if (distinctPerLink && everyKindTwice) break;
  }
  const cases = kinds.map((kind, i) => one(LINKS[Math.floor(i / 2)]!, kind));
  const halfOpen = cases.filter((c) => c.kind === 'half-open');
  const long = pick(halfOpen);
  long.windowMs = 25_000;
  long.detail = `${long.detail}, 25 s`;
  shuffle(cases, random);
  return cases;

  function one(link: Link, kind: Kind): PlannedCase {
    const both = (type: ICreateToxicBody<unknown>['type'], attributes: unknown) =>
      (['upstream', 'downstream'] as const).map((stream) => ({
        name: `${type}-${stream}`,
        type,
        stream,
        toxicity: 1,
        attributes,
      }));
    switch (kind) {
      case 'latency': {
        const latency = between(200, 800);
        const jitter = Math.round(latency / 2);
        return {
          link,
          kind,
          detail: `${latency} ± ${jitter} ms each way`,
          windowMs: between(6000, 10_000),
          toxics: both('latency', { latency, jitter }),
        };
      }
      case 'bandwidth': {
        const rate = between(4, 32);
        return {
          link,
          kind,
          detail: `${rate} KB/s each way`,
          windowMs: between(6000, 10_000),
          toxics: both('bandwidth', { rate }),
        };
      }
      case 'half-open':
        // Toxiproxy's timeout toxic at 0: the connections stay open and every byte is dropped,
        // as when the peer's host vanished; they are closed when the window ends.
        return {
          link,
          kind,
          detail: 'every byte dropped, connections left open',
          windowMs: between(4000, 12_000),
          toxics: both('timeout', { timeout: 0 }),
        };
      case 'cut': {
        const how = pick(['stall', 'reset', 'limit'] as const);
        const windowMs = between(4000, 8000);
        if (how === 'stall') {
          const timeout = between(1000, 4000);
          return {
            link,
            kind,
            detail: `bytes dropped, closed after ${timeout} ms`,
            windowMs,
            toxics: both('timeout', { timeout }),
          };
        }
        if (how === 'reset') {
          const timeout = between(0, 1000);
          return {
            link,
            kind,
            detail: `TCP reset after ${timeout} ms`,
            windowMs,
            toxics: [{ name: 'reset', type: 'reset_peer', stream: 'upstream', toxicity: 1, attributes: { timeout } }],
          };
        }
        const bytes = between(500, 20_000);
        return {
          link,
          kind,
          detail: `closed after ${bytes} bytes`,
          windowMs,
          toxics: [{ name: 'limit', type: 'limit_data', stream: 'downstream', toxicity: 1, attributes: { bytes } }],
        };
      }
      case 'partition':
        return {
          link,
          kind,
          detail: 'refused and dropped',
          windowMs: between(3000, 10_000),
          toxics: [],
        };
    }
  }
}

function shuffle<T>(items: T[], random: () => number): void {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
}

/**
 * Runs the cases in two lanes at once (a link may meet two at a time), each case after a seeded
 * pause, so the 14 fit beside the kills in `budgetMs` of traffic.
 */
export async function runCases(
  net: Toxiproxies,
  cases: PlannedCase[],
  random: () => number,
  budgetMs: number,
): Promise<CaseRun[]> {
  const runs: CaseRun[] = [];
  const laneCases = [0, 1].map((lane) => cases.filter((_, i) => i % 2 === lane));
  // Drawn before either lane starts, so the pauses replay with the seed whatever the timing.
  const pauses = laneCases.map((mine) => {
    const gap = Math.max(500, (budgetMs - mine.reduce((sum, c) => sum + c.windowMs, 0)) / (mine.length + 1));
    return mine.map(() => gap * (0.5 + random()));
  });
  await Promise.all(
    laneCases.map(async (mine, lane) => {
      for (const [i, planned] of mine.entries()) {
        await sleep(pauses[lane]![i]!);
        runs.push(await net.run(planned));
      }
    }),
  );
  return runs.sort((a, b) => a.from - b.from);
}
