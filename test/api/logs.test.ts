// Structured logs: one JSON line per request with request id, key prefix, account and outcome;
// never an API key, a body, or a recipient (of a BYOC message or any other).
import { Writable } from 'node:stream';
import { createSender, uniqueName } from '../helpers/fixtures';
import { startServiceStack, type ServiceStack } from '../helpers/serviceStack';
import { configureByoc } from './helpers/accounts';
import { me, send, testSendBody, type ApiResponse } from './helpers/http';

const lines: string[] = [];
let stack: ServiceStack;

beforeAll(async () => {
  const capture = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  stack = await startServiceStack({ worker: false, logDestination: capture });
});
afterAll(async () => stack?.stop());

interface LogLine {
  msg: string;
  requestId?: string;
  key?: string;
  account?: string;
  outcome?: string;
  messageId?: string;
  req?: { method: string; path: string };
  res?: { statusCode: number };
}

function lineFor(res: ApiResponse): LogLine {
  const id = res.headers.get('X-Request-Id');
  const parsed = lines
    .map((l) => JSON.parse(l) as LogLine)
    .filter((l) => l.requestId === id && l.msg === 'request completed');
  expect(parsed).toHaveLength(1);
  return parsed[0]!;
}

test('every request leaves one line with its id, key prefix, account and outcome, and no secret or content', async () => {
  const shared = await createSender(stack.db);
  const byoc = await createSender(stack.db, { plan: null, mode: 'byoc' });
  await configureByoc(stack.db, byoc.account.id);
  const secrets = {
    subject: uniqueName('Subject-secret'),
    message: uniqueName('Body-secret'),
    html: uniqueName('Html-secret'),
    attachment: Buffer.from(uniqueName('File-secret')).toString('base64'),
    sharedRecipient: `${uniqueName('shared-person')}@${stack.config.simulatorDomain}`,
    byocRecipient: `${uniqueName('byoc-person')}@${stack.config.simulatorDomain}`,
    invalidRecipient: `${uniqueName('typo-person')}@@example.org`,
  };
  const content = {
    subject: secrets.subject,
    message: secrets.message,
    html: secrets.html,
    attachments: [{ filename: 'f.txt', content: secrets.attachment }],
  };

  const queuedShared = await send(
    stack,
    shared.apiKey,
    testSendBody(stack, shared.domain, { ...content, to: `Person <${secrets.sharedRecipient}>` }),
  );
  const queuedByoc = await send(
    stack,
    byoc.apiKey,
    testSendBody(stack, byoc.domain, { ...content, to: secrets.byocRecipient }),
  );
  const invalid = await send(
    stack,
    shared.apiKey,
    testSendBody(stack, shared.domain, { ...content, to: secrets.invalidRecipient }),
  );
  const refused = await send(
    stack,
    byoc.apiKey,
    testSendBody(stack, byoc.domain, { ...content, to: `delivered@${stack.config.testDomain}` }),
  );
  const wrongKey = await send(
    stack,
    shared.apiKey.replace(/.$/, (c) => (c === '0' ? '1' : '0')),
    testSendBody(stack, shared.domain, content),
  );
  const account = await me(stack, byoc.apiKey);
  expect([queuedShared, queuedByoc, invalid, refused, wrongKey, account].map((r) => r.status)).toEqual([
    200, 200, 400, 403, 401, 200,
  ]);

  const prefix = (key: string) => key.split('_').slice(0, 2).join('_');
  expect(lineFor(queuedShared)).toMatchObject({
    key: prefix(shared.apiKey),
    account: shared.account.id,
    outcome: 'queued',
    messageId: queuedShared.json.message_id,
    req: { method: 'POST', path: '/api/send/' },
    res: { statusCode: 200 },
  });
  expect(lineFor(queuedByoc)).toMatchObject({ key: prefix(byoc.apiKey), account: byoc.account.id, outcome: 'queued' });
  expect(lineFor(invalid)).toMatchObject({
    key: prefix(shared.apiKey),
    outcome: 'invalid_body',
    res: { statusCode: 400 },
  });
  expect(lineFor(refused)).toMatchObject({
    account: byoc.account.id,
    outcome: 'unauthorized',
    res: { statusCode: 403 },
  });
  expect(lineFor(wrongKey)).toMatchObject({ outcome: 'unauthenticated:unknown', res: { statusCode: 401 } });
  expect(lineFor(wrongKey)).not.toHaveProperty('account');
  expect(lineFor(account)).toMatchObject({
    account: byoc.account.id,
    outcome: 'ok',
    req: { method: 'GET', path: '/api/me/' },
  });

  const text = lines.join('\n');
  const keySecrets = [shared.apiKey, byoc.apiKey].flatMap((k) => [k, k.split('_')[2]!]);
  for (const value of [...keySecrets, ...Object.values(secrets), stack.config.secretKey])
    expect(text).not.toContain(value);
});

test('the tokens of unsubscribe, tracking, attachment and export links, in any case, never reach the logs', async () => {
  const token = uniqueName('capability');
  const paths = { [`/u/${token}`]: '/u/{token}', [`/U/${token}`]: '/u/{token}', [`/t/c/${token}`]: '/t/c/{token}' };
  Object.assign(paths, { [`/T/O/${token}`]: '/t/o/{token}', [`/t/C/${token}?x=1`]: '/t/c/{token}' });
  Object.assign(paths, { [`/inbound/attachments/${token}`]: '/inbound/attachments/{token}' });
  Object.assign(paths, { [`/privacy/exports/${token}`]: '/privacy/exports/{token}' });
  for (const [path, logged] of Object.entries(paths)) {
    const res = await fetch(`${stack.baseUrl}${path}`, { redirect: 'manual' });
    await res.arrayBuffer();
    const line = lineFor({ status: res.status, headers: res.headers, json: {} });
    expect(line.req?.path).toBe(logged);
  }
  expect(lines.filter((l) => l.includes(token))).toEqual([]);
});
