// The "Set up an account with the CLI" walkthrough of docs/operations.md, step by step: everything
// is created with postage-admin, the send goes through the real API and worker, the webhook lands
// in `postage-admin webhook listen`, and the log, the deliveries and revocation are observed.
import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from '../../tools/stack/processes';
import { startServiceStack, type ServiceStack } from '../helpers/serviceStack';
import { eventually } from '../helpers/wait';
import { CLI_BIN, cliFor, ok, type Cli } from './cliHarness';
import { TEST_SECRET_KEY } from '../helpers/config';

let stack: ServiceStack;
let cli: Cli;
let listener: ChildProcess | undefined;

beforeAll(async () => {
  stack = await startServiceStack();
  cli = cliFor({
    DATABASE_URL: stack.database.url,
    SES_DOMAIN_IDENTITIES: 'local',
    WEBHOOK_ALLOWED_PRIVATE_ADDRESSES: '127.0.0.1,::1',
  });
});

afterAll(async () => {
  listener?.kill();
  await stack?.stop();
});

async function send(
  key: string,
  body: Record<string, unknown>,
): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(`${stack.baseUrl}/api/send/`, {
    method: 'POST',
    headers: { 'X-API-Key': key, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json().catch(() => ({}))) as Record<string, unknown> };
}

test('account, domain, key and webhook from the CLI; a simulator send; the signed webhook; the log; revocation', async () => {
  const account = ok(
    await cli(['account', 'create', '--email', 'me@example.com', '--name', 'Me', '--plan', 'growth', '--verified']),
  ).json;
  const added = ok(await cli(['domain', 'add', 'me@example.com', 'myapp.example', '--mode', 'shared'])).json;
  // The ownership TXT; the three DKIM CNAMEs follow once ownership is verified.
  expect(added.records.filter((r: { required: boolean }) => r.required)).toHaveLength(1);
  ok(await cli(['domain', 'mark-verified', 'myapp.example']));
  const key = ok(await cli(['key', 'create', 'me@example.com', '--name', 'my app', '--domains', 'myapp.example'])).json;

  const port = await freePort();
  const hook = ok(
    await cli([
      'webhook',
      'create',
      'me@example.com',
      '--url',
      `http://127.0.0.1:${port}/hooks`,
      '--events',
      'email.sent',
    ]),
  ).json;
  listener = spawn(
    CLI_BIN,
    ['webhook', 'listen', '--port', String(port), '--secret', hook.signingSecret, '--count', '1', '--json'],
    {
      env: { ...process.env, NODE_ENV: 'test', POSTAGE_SECRET_KEY: TEST_SECRET_KEY },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let heard = '';
  let listening = '';
  listener.stdout!.on('data', (c: Buffer) => (heard += c.toString()));
  listener.stderr!.on('data', (c: Buffer) => (listening += c.toString()));
  await eventually('the listener to listen', async () => (listening.includes('Listening on') ? true : undefined));

  const sent = await send(key.secret, {
    from_email: 'hello@myapp.example',
    to: `success@${stack.config.simulatorDomain}`,
    subject: 'First send',
    message: 'Hello.',
  });
  expect(sent.status).toBe(200);
  expect(sent.json).toMatchObject({ success: true, mode: 'shared' });

  const event = await eventually('the webhook to reach webhook listen', async () =>
    heard.trim() ? (JSON.parse(heard.trim().split('\n')[0]!) as Record<string, unknown>) : undefined,
  );
  expect(event).toMatchObject({
    event: 'email.sent',
    signatureValid: true,
    userAgent: 'Service-Webhook/1.0',
    body: { event_type: 'email.sent', payload: { message_id: sent.json.message_id } },
  });

  const log = ok(await cli(['log', account.id])).json as { message_id: string; recipient: string }[];
  expect(log.map((r) => r.message_id)).toContain(sent.json.message_id);
  const deliveries = await eventually('the delivery to be recorded', async () => {
    const rows = ok(await cli(['webhook', 'deliveries', hook.id])).json as {
      eventType: string;
      succeeded: boolean;
      statusCode: number;
    }[];
    return rows.length ? rows : undefined;
  });
  expect(deliveries[0]).toMatchObject({ eventType: 'email.sent', succeeded: true, statusCode: 200 });

  // The key is scoped to myapp.example; revoking it stops it at the next request.
  ok(await cli(['key', 'revoke', key.prefix]));
  expect(
    (
      await send(key.secret, {
        from_email: 'hello@myapp.example',
        to: `success@${stack.config.simulatorDomain}`,
        message: 'again',
      })
    ).status,
  ).toBe(401);
});
