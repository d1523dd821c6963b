// `npm run dev` as a newcomer runs it: private PostgreSQL, Redis, Temporal and SES emulator,
// migrations, the demo seed, worker, API and SMTP relay; then the printed curl and SMTP settings
// work as printed, the demo receiver gets a correctly signed email.delivered, and Ctrl-C stops
// everything.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { eventually } from '../helpers/wait';
import nodemailer from 'nodemailer';
import { Client as PgClient } from 'pg';
import { testInfra } from '../helpers/env';

const ROOT = path.resolve(__dirname, '..', '..');
let dev: ChildProcess | undefined;
let output = '';

afterAll(async () => {
  if (dev && dev.exitCode === null) {
    dev.kill('SIGKILL');
  }
});

test('the run command starts the stack, prints a working curl, and Ctrl-C stops it', async () => {
  const devDir = path.join(testInfra().runDir, 'dev-command');
  const env: NodeJS.ProcessEnv = { ...process.env, POSTAGE_DEV_DIR: devDir, LOG_LEVEL: 'warn' };
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'TEMPORAL_ADDRESS', 'SES_ENDPOINT', 'API_PORT', 'NODE_ENV'])
    delete env[name];
  dev = spawn('bash', [path.join(ROOT, 'tools', 'dev.sh')], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  dev.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  dev.stderr!.on('data', (c: Buffer) => (output += c.toString()));

  const curl = await eventually(
    'the dev command to print a curl',
    async () => output.split('\n').find((l) => l.trim().startsWith('curl ')),
    120_000,
  ).catch((err) => {
    throw new Error(`${String(err)}\n--- output ---\n${output}`);
  });
  const key = /Demo API key\s+(pk_\S+)/.exec(output)?.[1];
  expect(key).toBeDefined();
  expect(curl).toContain(key);

  const { stdout } = await promisify(execFile)('bash', ['-c', `${curl.trim()} -w '\\n%{http_code}'`]);
  const [body, status] = stdout.trim().split('\n');
  expect(status).toBe('200');
  const response = JSON.parse(body!) as { message_id: string; mode: string };
  expect(response.mode).toBe('shared');

  const receiverUrl = /Demo receiver\s+(\S+)/.exec(output)![1]!;
  const delivered = await eventually(
    'the demo receiver to get email.delivered',
    async () => {
      const received = (await (await fetch(receiverUrl)).json()) as {
        event: string;
        signatureValid: boolean;
        body: { payload: { message_id: string } };
      }[];
      return received.find((r) => r.event === 'email.delivered' && r.body.payload.message_id === response.message_id);
    },
    10_000,
  );
  expect(delivered.signatureValid).toBe(true);

  // The SES mailbox simulator through the emulator: the dev stack's own local SNS publishes what
  // SES would, through the unmodified /provider/ses-events handler, within seconds.
  const apiUrl = /API\s+(\S+)/.exec(output)![1]!;
  const expected = {
    success: ['delivered', ['email.delivered']],
    ooto: ['delivered', ['email.delivered']],
    bounce: ['bounced', ['email.bounced']],
    complaint: ['complained', ['email.delivered', 'email.complained']],
    suppressionlist: ['bounced', ['email.bounced']],
  } as const;
  const simulatorSend = async (local: string) => {
    const res = await fetch(`${apiUrl}/api/send/`, {
      method: 'POST',
      headers: { 'X-API-Key': key!, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        from_email: 'hello@demo.postage.dev',
        to: `${local}@simulator.amazonses.com`,
        subject: `Simulator ${local}`,
        message: 'Hello.',
      }),
    });
    return { status: res.status, json: (await res.json()) as { message_id: string } };
  };
  const sends = await Promise.all(
    Object.keys(expected).map(async (local) => [local, await simulatorSend(local)] as const),
  );
  const serviceEnv = Object.fromEntries(
    fs
      .readFileSync(path.join(devDir, 'service.env'), 'utf8')
      .split('\n')
      .filter((l) => l.includes('=') && !l.startsWith('#'))
      .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
  );
  const pg = new PgClient({ connectionString: serviceEnv.DATABASE_URL });
  await pg.connect();
  try {
    for (const [local, sent] of sends) {
      expect(sent.status).toBe(200);
      const [status, events] = expected[local as keyof typeof expected];
      await eventually(
        `${local}@ to reach ${status}`,
        async () => {
          const row = (
            await pg.query<{ status: string }>('SELECT status FROM email_log WHERE message_id = $1', [
              sent.json.message_id,
            ])
          ).rows[0];
          return row?.status === status ? true : undefined;
        },
        20_000,
      );
      const received = await eventually(`the webhooks of ${local}@`, async () => {
        const all = (await (await fetch(receiverUrl)).json()) as {
          event: string;
          signatureValid: boolean;
          body: { payload: { message_id: string } };
        }[];
        const mine = all.filter((r) => r.body.payload.message_id === sent.json.message_id && r.event !== 'email.sent');
        return mine.length === events.length ? mine : undefined;
      });
      expect(received.map((r) => r.event).sort()).toEqual([...events].sort());
      expect(received.every((r) => r.signatureValid)).toBe(true);
    }
  } finally {
    await pg.end();
  }
  // SES keeps simulator addresses off suppression lists, and so does Postage.
  expect((await simulatorSend('bounce')).status).toBe(200);

  // The printed demo sign-in works, and a new customer's verification email lands in the emulator.
  const signIn = /Demo sign-in\s+(\S+) \/ (\S+)/.exec(output)!;
  const session = await fetch(`${apiUrl}/api/auth/signin`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: signIn[1], password: signIn[2] }),
  });
  expect(session.status).toBe(200);
  const newcomer = `newcomer-${Date.now()}@example.com`;
  await fetch(`${apiUrl}/api/auth/signup`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: newcomer, password: 'a fine password' }),
  });
  const sesStore = /SES emulator\s+(\S+)/.exec(output)![1]!;
  const verification = await eventually('the verification email in the SES emulator', async () => {
    const { emails } = (await (await fetch(sesStore)).json()) as {
      emails: { destination: { to: string[] }; body: { text?: string } }[];
    };
    return emails.find((e) => e.destination.to.some((to) => to.includes(newcomer)));
  });
  expect(verification.body.text).toMatch(/\/verify-email\?token=/);

  // The printed SMTP settings work as printed: any user, the demo key, the printed certificate.
  const smtp =
    /SMTP relay\s+host (\S+), port (\d+)[^\n]*\n\s+user: any name, password: (\S+) \(the demo key\); certificate (\S+)/.exec(
      output,
    )!;
  const transport = nodemailer.createTransport({
    host: smtp[1],
    port: Number(smtp[2]),
    requireTLS: true,
    auth: { user: 'app', pass: smtp[3]! },
    tls: { ca: fs.readFileSync(smtp[4]!, 'utf8') },
  });
  try {
    const info = await transport.sendMail({
      from: 'hello@demo.postage.dev',
      to: 'delivered@test.postage.dev',
      subject: 'Through the relay',
      text: 'Hello.',
    });
    expect(info.accepted).toEqual(['delivered@test.postage.dev']);
  } finally {
    transport.close();
  }

  // The MX listener takes mail for the demo's inbound domain, as the banner says.
  const mx = /MX listener\s+host (\S+), port (\d+)[\s\S]*?the demo's (\S+) reaches/.exec(output);
  expect(mx).not.toBeNull();
  const inbound = nodemailer.createTransport({ host: mx![1], port: Number(mx![2]), secure: false, ignoreTLS: true });
  try {
    const info = await inbound.sendMail({
      envelope: { from: 'ann@example.org', to: [`hello@${mx![3]}`] },
      raw: 'From: ann@example.org\r\nTo: hello@demo\r\nSubject: Hi\r\n\r\nHello.\r\n',
    });
    expect(info.accepted).toEqual([`hello@${mx![3]}`]);
  } finally {
    inbound.close();
  }

  const pids = JSON.parse(fs.readFileSync(path.join(devDir, 'pids.json'), 'utf8')) as number[];
  expect(pids.length).toBe(8); // postgres, redis, temporal, SES emulator, worker, API, SMTP relay, MX listener
  const exited = new Promise<number | null>((resolve) => dev!.once('exit', (code) => resolve(code)));
  dev.kill('SIGINT');
  expect(await exited).toBe(0);
  const alive = pids.filter((pid) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  });
  expect(alive).toEqual([]);
}, 180_000);
