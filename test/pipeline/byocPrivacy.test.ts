// BYOC privacy, proved the hard way: BYOC messages with unique marker strings in the recipient,
// subject, body and attachment go through the whole service (API, Temporal, worker, moto's STS and
// SES), one delivered and one refused by the customer's SES with an error quoting the recipient
// and subject (as SES's sandbox refusal does); afterwards a PostgreSQL dump, every
// Redis key and value, and each workflow's full history (payloads decoded) hold none of them.
// Controls show the search can find things: the markers did reach the customer's SES, and a
// shared message's marker is found in the dump.
import { configureByoc } from '../api/helpers/accounts';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { simpleParser } from 'mailparser';
import { toolPath } from '../../tools/stack/processes';
import { sendWorkflowId, type SendEmailResult } from '../../core/model/workflowContract';
import { createSender, type SenderFixture } from '../helpers/fixtures';
import { createTemplate, publishTemplate } from '../../core/templates/templates';
import { BYOC_ROLE_ARN, startMotoPeer, type MotoPeer } from '../helpers/moto';
import { startSesFaultProxy, type SesFaultProxy } from '../helpers/sesFaults';
import { startServiceStack, type ServiceStack } from '../helpers/serviceStack';

const REGION = 'eu-west-1';
let moto: MotoPeer;
let stack: ServiceStack;
let byoc: SenderFixture;
let shared: SenderFixture;
let externalId: string;
let proxy: SesFaultProxy;

beforeAll(async () => {
  moto = await startMotoPeer('moto-byoc-privacy');
  // The customer's SES, with the sandbox refusal real SES gives (quoting the recipient) injected.
  proxy = await startSesFaultProxy(moto.endpoint);
  externalId = randomBytes(24).toString('hex');
  await moto.configureByocRole({ externalId });
  stack = await startServiceStack({
    env: {
      STS_ENDPOINT: moto.endpoint,
      STS_ACCESS_KEY_ID: moto.relay.accessKeyId,
      STS_SECRET_ACCESS_KEY: moto.relay.secretAccessKey,
      BYOC_SES_ENDPOINT: proxy.endpoint,
    },
  });
  byoc = await createSender(stack.db, { mode: 'byoc' });
  shared = await createSender(stack.db);
  await moto.verifySesIdentity(byoc.domain, REGION);
  await configureByoc(stack.db, byoc.account.id, { roleArn: BYOC_ROLE_ARN, region: REGION, externalId });
});

afterAll(async () => {
  await stack?.stop();
  await proxy?.close();
  await moto?.stop();
});

function markers(): Record<'recipient' | 'subject' | 'body' | 'attachment' | 'tag', string> {
  const m = () => `mk${randomBytes(10).toString('hex')}`;
  return { recipient: m(), subject: m(), body: m(), attachment: m(), tag: m() };
}

async function send(
  sender: SenderFixture,
  body: Record<string, unknown>,
): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(`${stack.baseUrl}/api/send/`, {
    method: 'POST',
    headers: { 'X-API-Key': sender.apiKey, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

function byocMessage(mk: ReturnType<typeof markers>) {
  return {
    from_email: `billing@${byoc.domain}`,
    to: `Customer <${mk.recipient}@example.org>`,
    subject: `Invoice ${mk.subject}`,
    message: `Dear customer, ${mk.body}.`,
    attachments: [
      {
        filename: 'invoice.txt',
        content: Buffer.from(`total ${mk.attachment}`).toString('base64'),
        content_type: 'text/plain',
      },
    ],
    // Tags go to the customer's SES as message tags; Postage keeps none of a BYOC message's.
    tags: { invoice: mk.tag },
  };
}

async function finished(messageId: string): Promise<SendEmailResult> {
  return (await stack.temporal.workflow.getHandle(sendWorkflowId(messageId)).result()) as SendEmailResult;
}

async function postgresDump(): Promise<string> {
  const pgBin = toolPath('POSTAGE_PG_BIN');
  const pgDump = pgBin ? path.join(pgBin, 'pg_dump') : 'pg_dump';
  const { stdout } = await promisify(execFile)(pgDump, ['--dbname', stack.database.url, '--no-owner'], {
    maxBuffer: 256 * 1024 * 1024,
  });
  return stdout;
}

/** Every key of the Redis instance with its value, whatever its type. */
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
          ? await stack.redis.getBuffer(key)
          : type === 'hash'
            ? await stack.redis.hgetall(key)
            : type === 'list'
              ? await stack.redis.lrange(key, 0, -1)
              : type === 'set'
                ? await stack.redis.smembers(key)
                : type === 'zset'
                  ? await stack.redis.zrange(key, 0, -1, 'WITHSCORES')
                  : type === 'stream'
                    ? await stack.redis.xrange(key, '-', '+')
                    : null;
      out.push(key, Buffer.isBuffer(value) ? value.toString('latin1') : JSON.stringify(value));
    }
  } while (cursor !== '0');
  return out.join('\n');
}

/** The workflow's whole history as text, with every binary field (payloads) decoded. */
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

test('after a delivered and a refused BYOC message, no recipient, subject or body is readable anywhere we keep data', async () => {
  const delivered = markers();
  const refused = markers();
  const ok = await send(byoc, byocMessage(delivered));
  const refusedTo = `${refused.recipient}@example.org`;
  proxy.script(refusedTo, [
    {
      kind: 'error',
      status: 400,
      type: 'MessageRejected',
      message: `Email address is not verified. The following identities failed the check in region EU-WEST-1: ${refusedTo} ("Invoice ${refused.subject}")`,
    },
  ]);
  const bad = await send(byoc, byocMessage(refused));
  // A template is account data, kept; its variables and the message rendered from them are content.
  const templated = markers();
  const template = await createTemplate(
    stack.db,
    {
      accountId: byoc.account.id,
      name: 'Invoice',
      content: { subject: 'Invoice {{ number }}', html: '<p>{{ line }}</p>', text: null },
    },
    'test',
  );
  await publishTemplate(stack.db, byoc.account.id, template.id, 'test');
  const fromTemplate = await send(byoc, {
    from_email: `billing@${byoc.domain}`,
    to: `${templated.recipient}@example.org`,
    template: { id: template.id, variables: { number: templated.subject, line: templated.body } },
    tags: { invoice: templated.tag },
  });
  expect(fromTemplate.status).toBe(200);
  expect(await finished(fromTemplate.json.message_id as string)).toMatchObject({ status: 'sent' });
  delete (templated as Partial<typeof templated>).attachment; // none sent
  expect([ok.status, bad.status]).toEqual([200, 200]);
  expect(ok.json.mode).toBe('byoc');
  expect(await finished(ok.json.message_id as string)).toMatchObject({ status: 'sent' });
  expect(await finished(bad.json.message_id as string)).toEqual({
    status: 'failed',
    reason:
      'MessageRejected: Email address is not verified. The following identities failed the check in region EU-WEST-1: [address] ("[subject]")',
  });

  // Control: the delivered message reached the customer's SES with every marker.
  const raw = (await moto.sentRawEmails()).map((m) => m.raw_data).find((r) => r.includes(delivered.subject));
  expect(raw).toBeDefined();
  const parsed = await simpleParser(raw!);
  expect(parsed.text).toContain(delivered.body);
  expect(parsed.attachments[0]?.content.toString()).toContain(delivered.attachment);
  expect(raw).toContain(delivered.recipient);

  // Control: the search does find content that is meant to be kept (a shared message's log row).
  const sharedMarker = markers().subject;
  const kept = await send(shared, {
    from_email: `hello@${shared.domain}`,
    to: `delivered@${stack.config.testDomain}`,
    subject: sharedMarker,
    message: 'kept 90 days',
  });
  expect(await finished(kept.json.message_id as string)).toMatchObject({ status: 'delivered' });
  const dump = await postgresDump();
  expect(dump).toContain(sharedMarker);

  const redis = await redisContents();
  const histories =
    (await historyText(ok.json.message_id as string)) +
    (await historyText(bad.json.message_id as string)) +
    (await historyText(fromTemplate.json.message_id as string));
  expect(histories).toContain(ok.json.message_id as string); // the history search sees the ids it should
  expect(
    (await moto.sentRawEmails()).some(
      (m) => m.raw_data.includes(templated.subject) && m.raw_data.includes(templated.body),
    ),
  ).toBe(true); // control
  for (const mk of [delivered, refused, templated]) {
    for (const [field, marker] of Object.entries(mk)) {
      expect({
        field,
        inPostgres: dump.includes(marker),
        inRedis: redis.includes(marker),
        inHistory: histories.includes(marker),
      }).toEqual({
        field,
        inPostgres: false,
        inRedis: false,
        inHistory: false,
      });
    }
  }
  expect(
    await stack
      .db('staged_messages')
      .whereIn('message_id', [
        ok.json.message_id as string,
        bad.json.message_id as string,
        fromTemplate.json.message_id as string,
      ]),
  ).toEqual([]);
});

test('a role that stops working fails the message and the API answers 503 byoc_not_configured until revalidated', async () => {
  // The role no longer trusts this configuration's ExternalId (a new session is needed: the cache
  // is keyed by role and ExternalId, so none of the earlier sessions applies).
  await stack
    .db('byoc_configs')
    .where({ account_id: byoc.account.id })
    .update({ external_id: randomBytes(24).toString('hex') });
  const first = await send(byoc, byocMessage(markers()));
  expect(first.status).toBe(200);
  const result = await finished(first.json.message_id as string);
  expect(result.status).toBe('failed');
  expect(result.reason).toMatch(/^Could not assume role: /);
  expect(await send(byoc, byocMessage(markers()))).toMatchObject({
    status: 503,
    json: { error: 'byoc_not_configured' },
  });
});
