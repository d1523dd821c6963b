// BYOC privacy over SMTP, as test/pipeline/byocPrivacy.test.ts proves it for HTTP: a BYOC message
// with unique markers in the recipient, subject, body, attachment and tags, submitted through the
// relay with an idempotency header, reaches the customer's SES (moto); afterwards a PostgreSQL
// dump, every Redis key and value and the workflow's full history hold none of them.
import { configureByoc } from '../api/helpers/accounts';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { sendWorkflowId } from '../../core/model/workflowContract';
import { toolPath } from '../../tools/stack/processes';
import { createSender, type SenderFixture } from '../helpers/fixtures';
import { BYOC_ROLE_ARN, startMotoPeer, type MotoPeer } from '../helpers/moto';
import { startServiceStack, type ServiceStack } from '../helpers/serviceStack';
import { makeTlsFiles, startRelay, type RunningRelay, type TlsFiles } from '../helpers/smtpRelay';
import { sendWithNodemailer } from './clients';

const REGION = 'eu-west-1';
let moto: MotoPeer;
let stack: ServiceStack;
let tls: TlsFiles;
let relay: RunningRelay;
let byoc: SenderFixture;

beforeAll(async () => {
  moto = await startMotoPeer('moto-smtp-byoc-privacy');
  const externalId = randomBytes(24).toString('hex');
  await moto.configureByocRole({ externalId });
  stack = await startServiceStack({
    env: {
      STS_ENDPOINT: moto.endpoint,
      STS_ACCESS_KEY_ID: moto.relay.accessKeyId,
      STS_SECRET_ACCESS_KEY: moto.relay.secretAccessKey,
      BYOC_SES_ENDPOINT: moto.endpoint,
    },
  });
  byoc = await createSender(stack.db, { mode: 'byoc' });
  await moto.verifySesIdentity(byoc.domain, REGION);
  await configureByoc(stack.db, byoc.account.id, { roleArn: BYOC_ROLE_ARN, region: REGION, externalId });
  tls = await makeTlsFiles();
  relay = await startRelay(stack, tls);
});

afterAll(async () => {
  await relay?.stop();
  await stack?.stop();
  await moto?.stop();
});

async function postgresDump(): Promise<string> {
  const pgBin = toolPath('POSTAGE_PG_BIN');
  const { stdout } = await promisify(execFile)(
    pgBin ? path.join(pgBin, 'pg_dump') : 'pg_dump',
    ['--dbname', stack.database.url, '--no-owner'],
    { maxBuffer: 256 * 1024 * 1024 },
  );
  return stdout;
}

/** Every Redis key with its value (the relay keeps rate and AUTH-failure windows there). */
async function redisContents(): Promise<string> {
  const out: string[] = [];
  let cursor = '0';
  do {
    const [next, keys] = await stack.redis.scan(cursor, 'COUNT', 500);
    cursor = next;
    for (const key of keys) {
      const type = await stack.redis.type(key);
      const value =
        type === 'string'
          ? await stack.redis.get(key)
          : type === 'hash'
            ? JSON.stringify(await stack.redis.hgetall(key))
            : type === 'zset'
              ? JSON.stringify(await stack.redis.zrange(key, 0, -1))
              : type;
      out.push(key, String(value));
    }
  } while (cursor !== '0');
  return out.join('\n');
}

async function historyText(messageId: string): Promise<string> {
  const history = await stack.temporal.workflow.getHandle(sendWorkflowId(messageId)).fetchHistory();
  const parts: string[] = [];
  const walk = (v: unknown): void => {
    if (v instanceof Uint8Array) parts.push(Buffer.from(v).toString('utf8'), Buffer.from(v).toString('base64'));
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.entries(v).forEach(([k, x]) => (parts.push(k), walk(x)));
    else if (v !== undefined && v !== null) parts.push(String(v));
  };
  walk(history);
  return parts.join('\n');
}

test('a BYOC message sent over SMTP leaves no recipient, subject or body in PostgreSQL, Redis or Temporal history', async () => {
  const m = () => `mk${randomBytes(10).toString('hex')}`;
  const mk = { recipient: m(), subject: m(), body: m(), html: m(), attachment: m(), tag: m(), name: m() };
  const info = await sendWithNodemailer(
    { port: relay.port, secure: false, apiKey: byoc.apiKey, ca: tls.cert },
    {
      from: `Billing <billing@${byoc.domain}>`,
      to: `${mk.name} <${mk.recipient}@example.org>`,
      subject: `Invoice ${mk.subject}`,
      text: `Dear customer, ${mk.body}.`,
      html: `<p>${mk.html}</p>`,
      attachments: [{ filename: 'invoice.txt', content: `total ${mk.attachment}`, contentType: 'text/plain' }],
      headers: { 'X-Postage-Tags': `invoice=${mk.tag}`, 'X-Postage-Idempotency-Key': `byoc-${m()}` },
    },
  );
  const [messageId] = info.response.match(/[0-9a-f]{8}-[0-9a-f-]{27}/) ?? [];
  expect(messageId).toBeDefined();
  expect(await stack.temporal.workflow.getHandle(sendWorkflowId(messageId!)).result()).toMatchObject({
    status: 'sent',
  });

  // Control: the message reached the customer's SES with its content.
  const raw = (await moto.sentRawEmails()).map((e) => e.raw_data).find((r) => r.includes(mk.subject));
  expect(raw).toContain(mk.recipient);
  expect(raw).toContain(mk.html); // HTML wins over text (docs/sending.md)

  const [dump, redis, history] = [await postgresDump(), await redisContents(), await historyText(messageId!)];
  expect(history).toContain(messageId); // the search sees what it should
  for (const [field, marker] of Object.entries(mk)) {
    expect({
      field,
      inPostgres: dump.includes(marker),
      inRedis: redis.includes(marker),
      inHistory: history.includes(marker),
    }).toEqual({ field, inPostgres: false, inRedis: false, inHistory: false });
  }
  expect(await stack.db('staged_messages').where({ message_id: messageId })).toEqual([]);
});
