// `npm run dev`'s own stack, started as a user starts it (tools/dev.sh), for bench/pipeline.ts
// --stack dev. Only what keeps a user's own dev state out of reach differs: the state lives in a
// private POSTAGE_DEV_DIR (removed afterwards) and the stores, Temporal and SES of the caller's
// environment are not used (each is the dev stack's private one), unless a switch says otherwise.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { readEnvFile, toolsDir } from '../core/platform/devEnvironment';

const ROOT = path.resolve(__dirname, '..');

/** What the dev stack's own output says once it is up. */
export interface DevStack {
  dir: string;
  apiUrl: string;
  demoKey: string;
  temporalAddress: string;
  /** The services' environment as `npm run dev` wrote it for the CLI (DATABASE_URL, TEMPORAL_ADDRESS...). */
  serviceEnv: Record<string, string>;
  /** Arrival time of each `email.delivered` the demo receiver logged as verified, by message id. */
  delivered: Map<string, number>;
  /** The processes by role: the dev command itself (demo receiver, local SNS, SES recorder, log relay) and what it started. */
  pids(): Record<
    'dev' | 'API' | 'worker' | 'SMTP relay' | 'MX' | 'SES emulator' | 'PostgreSQL' | 'Redis' | 'Temporal',
    number | undefined
  >;
  /** Every output line so far. */
  output: string[];
  stop(): Promise<void>;
}

/** The roles of dev.ts's children, told apart by their command line. */
const ROLES: [RegExp, keyof ReturnType<DevStack['pids']>][] = [
  [/\/api\/server\.ts/, 'API'],
  [/\/worker\/main\.ts/, 'worker'],
  [/\/smtp\/main\.ts/, 'SMTP relay'],
  [/\/mx\/main\.ts/, 'MX'],
  [/aws-ses-v2-local/, 'SES emulator'],
  [/postgres/, 'PostgreSQL'],
  [/redis-server/, 'Redis'],
  [/temporal/, 'Temporal'],
];

const DELIVERED = /\[receiver\] email\.delivered message_id=(\S+) verified/;

/**
 * Starts `bash tools/dev.sh` with `env` added (e.g. RATE_LIMIT_PER_MINUTE, the way a user lifts
 * the limit) and waits for its banner. Infrastructure the caller's environment names is dropped
 * (the dev command would use it), except what `env` itself sets. `root` is the checkout whose
 * `npm run dev` starts (another worktree, to compare two commits; default this one).
 */
export async function startDevStack(
  say: (line: string) => void,
  env: Record<string, string>,
  root = ROOT,
): Promise<DevStack> {
  fs.mkdirSync(path.join(toolsDir(), 'bench'), { recursive: true });
  const dir = fs.mkdtempSync(path.join(toolsDir(), 'bench', 'dev-'));
  fs.chmodSync(dir, 0o755); // the private PostgreSQL runs as `postgres` when we are root
  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  for (const name of [
    'DATABASE_URL',
    'REDIS_URL',
    'TEMPORAL_ADDRESS',
    'SES_ENDPOINT',
    'API_PORT',
    'NODE_ENV',
    'LOG_LEVEL',
    'SMTP_PORT',
    'SMTPS_PORT',
    'MX_PORT',
  ])
    delete childEnv[name];
  Object.assign(childEnv, env, { POSTAGE_DEV_DIR: dir });
  const output: string[] = [];
  const delivered = new Map<string, number>();
  // Its own process group: stopped as Ctrl-C stops it (SIGINT to the dev command, which stops its children).
  const child: ChildProcess = spawn('bash', [path.join(root, 'tools', 'dev.sh')], {
    cwd: root,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [child.stdout, child.stderr]) {
    let buffered = '';
    stream!.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        const id = DELIVERED.exec(line)?.[1];
        if (id) delivered.set(id, performance.now());
        else output.push(line);
      }
    });
  }
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGINT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      await exited;
      clearTimeout(timer);
    }
    if (!process.env.POSTAGE_KEEP_BENCH_RUN) fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    const deadline = Date.now() + 300_000;
    while (!output.some((l) => l.startsWith('Press Ctrl-C'))) {
      if (child.exitCode !== null) throw new Error(`npm run dev exited (${child.exitCode}):\n${output.join('\n')}`);
      if (Date.now() > deadline) throw new Error(`npm run dev did not start in 300 s:\n${output.join('\n')}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    const field = (re: RegExp) => {
      const value = output.map((l) => re.exec(l)?.[1]).find(Boolean);
      if (!value) throw new Error(`npm run dev's banner has no ${String(re)}`);
      return value;
    };
    const serviceEnv = readEnvFile(path.join(dir, 'service.env'));
    const devPid = child.pid;
    const pids = () => {
      const found: ReturnType<DevStack['pids']> = {
        dev: devPid,
        API: undefined,
        worker: undefined,
        'SMTP relay': undefined,
        MX: undefined,
        'SES emulator': undefined,
        PostgreSQL: undefined,
        Redis: undefined,
        Temporal: undefined,
      };
      const started = fs.existsSync(path.join(dir, 'pids.json'))
        ? (JSON.parse(fs.readFileSync(path.join(dir, 'pids.json'), 'utf8')) as number[])
        : [];
      for (const pid of started) {
        let cmdline = '';
        try {
          cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
        } catch {
          continue;
        }
        const role = ROLES.find(([re]) => re.test(cmdline))?.[1];
        if (role) found[role] = pid;
      }
      return found;
    };
    say(`npm run dev is up (state in ${dir})`);
    return {
      dir,
      apiUrl: field(/^\s+API\s+(http\S+)/),
      demoKey: field(/Demo API key\s+(pk_\S+)/),
      temporalAddress: env.TEMPORAL_ADDRESS ?? field(/Temporal: dev server at ([^,\s]+)/),
      serviceEnv,
      delivered,
      pids,
      output,
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
