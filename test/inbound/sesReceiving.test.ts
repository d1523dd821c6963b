// Received mail through Amazon SES receiving, end to end: the message in an S3 bucket and the SNS
// topic both in moto, the "Received" notification signed as SNS signs (the local SNS stand-in's
// certificate, trusted by the API process), posted to POST /provider/ses-events; the worker runs
// the receive workflow and the endpoint gets one signed email.received with SES's verdicts. The
// same notification again stores and announces nothing new; S3 away is a 503 (SNS retries).
import { CreateBucketCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { Webhook } from 'standardwebhooks';
import { startLocalSns, type LocalSns } from '../../tools/stack/localSns';
import { startMoto } from '../../tools/stack/moto';
import { freePort, type ManagedProcess } from '../../tools/stack/processes';
import { startApiProcess } from '../helpers/apiProcess';
import { testEnv } from '../helpers/config';
import { testInfra } from '../helpers/env';
import { createEndpoint } from '../helpers/fixtures';
import { startServiceStack, type ServiceStack } from '../helpers/serviceStack';
import { startWebhookReceiver, type ReceivedRequest, type WebhookReceiver } from '../helpers/webhookReceiver';
import { createInbound, storedFor, type InboundFixture } from './fixtures';

const REGION = 'us-east-1';
const BUCKET = 'postage-inbound-test';
/** A bucket the API is not told to read (INBOUND_S3_BUCKETS names BUCKET only). */
const FOREIGN_BUCKET = 'someone-elses-bucket';

let sns: LocalSns;
let moto: { process: ManagedProcess; endpoint: string };
let topicArn: string;
let stack: ServiceStack;
let api: { baseUrl: string; stop(): Promise<void> };
let receiver: WebhookReceiver;
let inbound: InboundFixture;
let signingSecret: string;
let s3: S3Client;

/** An SNS topic in moto (moto's SNS speaks the query protocol; it routes by the credential scope and checks no signature). */
async function createTopic(endpoint: string, name: string): Promise<string> {
  const res = await fetch(endpoint, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Authorization: `AWS4-HMAC-SHA256 Credential=test/20260101/${REGION}/sns/aws4_request, SignedHeaders=host, Signature=0`,
    },
    body: new URLSearchParams({ Action: 'CreateTopic', Name: name, Version: '2010-03-31' }).toString(),
  });
  const arn = /<TopicArn>([^<]+)<\/TopicArn>/.exec(await res.text())?.[1];
  if (!res.ok || !arn) throw new Error(`moto did not create the topic: HTTP ${res.status}`);
  return arn;
}

beforeAll(async () => {
  [sns, receiver] = await Promise.all([startLocalSns(), startWebhookReceiver()]);
  moto = await startMoto({
    port: await freePort(),
    logFile: path.join(testInfra().runDir, 'logs', `moto-inbound-${process.pid}.log`),
  });
  topicArn = await createTopic(moto.endpoint, 'postage-inbound');
  s3 = new S3Client({
    region: REGION,
    endpoint: moto.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
  });
  await s3.send(new CreateBucketCommand({ Bucket: BUCKET }));
  await s3.send(new CreateBucketCommand({ Bucket: FOREIGN_BUCKET }));
  const env = {
    SNS_TOPIC_ARNS: topicArn,
    INBOUND_S3_BUCKETS: BUCKET,
    SNS_CERT_HOST: sns.certHost,
    INBOUND_S3_REGION: REGION,
    INBOUND_S3_ENDPOINT: moto.endpoint,
    INBOUND_S3_ACCESS_KEY_ID: 'test',
    INBOUND_S3_SECRET_ACCESS_KEY: 'test',
  };
  stack = await startServiceStack({ env });
  api = await startApiProcess(
    testEnv({
      ...env,
      DATABASE_URL: stack.database.url,
      TEMPORAL_TASK_QUEUE: stack.config.temporal.taskQueue,
      POSTAGE_SECRET_KEY: stack.config.secretKey,
      NODE_EXTRA_CA_CERTS: sns.caFile,
    }),
  );
  inbound = await createInbound(stack.db);
  signingSecret = (await createEndpoint(stack.db, stack.config.secretKey, inbound.sender.account.id, receiver.url))
    .signingSecret;
  receiver.setSecret(signingSecret);
});

afterAll(async () => {
  await api?.stop();
  await stack?.stop();
  await moto?.process.stop();
  await Promise.all([sns?.close(), receiver?.close()]);
});

async function postSns(body: string): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(`${api.baseUrl}/provider/ses-events`, {
    method: 'POST',
    headers: { 'Content-Type': 'text/plain; charset=UTF-8', 'x-amz-sns-message-type': 'Notification' },
    body,
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

/** SES receiving's notification of a message its S3 action stored (the shape SES documents). */
function receivedNotification(sesMessageId: string, recipients: string[], objectKey: string, bucketName = BUCKET) {
  const now = new Date().toISOString();
  return {
    notificationType: 'Received',
    mail: {
      timestamp: now,
      source: 'ann@sender.example.org',
      messageId: sesMessageId,
      destination: recipients,
      headersTruncated: false,
      headers: [{ name: 'From', value: 'ann@sender.example.org' }],
      commonHeaders: { from: ['ann@sender.example.org'], to: recipients, subject: 'through SES' },
    },
    receipt: {
      timestamp: now,
      processingTimeMillis: 120,
      recipients,
      spamVerdict: { status: 'PASS' },
      virusVerdict: { status: 'PASS' },
      spfVerdict: { status: 'PASS' },
      dkimVerdict: { status: 'GRAY' },
      dmarcVerdict: { status: 'PASS' },
      action: { type: 'S3', topicArn, bucketName, objectKeyPrefix: 'inbound', objectKey },
    },
  };
}

const receivedEvents = (inboundId: string): ReceivedRequest[] =>
  receiver.received.filter((r) => r.rawBody.includes('"email.received"') && r.rawBody.includes(inboundId));

test('a Received notification: the S3 object stored once for the routed recipient, one signed email.received with SES’s verdicts; the same notification again adds nothing', async () => {
  const sesMessageId = randomBytes(16).toString('hex');
  const to = `support@${inbound.domain}`;
  const elsewhere = `someone@${randomBytes(4).toString('hex')}.example.net`;
  const subject = `through SES ${randomBytes(4).toString('hex')}`;
  const objectKey = `inbound/${sesMessageId}`;
  await s3.send(
    new PutObjectCommand({
      Bucket: BUCKET,
      Key: objectKey,
      Body: Buffer.from(
        `Return-Path: <ann@sender.example.org>\r\nReceived: from mail.sender.example.org by inbound-smtp.${REGION}.amazonaws.com with SMTP id ${sesMessageId}\r\nFrom: Ann Sender <ann@sender.example.org>\r\nTo: ${to}, ${elsewhere}\r\nSubject: ${subject}\r\nMessage-ID: <${sesMessageId}@sender.example.org>\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nHello through SES receiving.\r\n`,
      ),
    }),
  );
  const notification = receivedNotification(sesMessageId, [to, elsewhere], objectKey);
  const snsMessageId = `${randomBytes(8).toString('hex')}-sns`;
  const first = await postSns(sns.notification(notification, { topicArn, messageId: snsMessageId }));
  expect(first).toEqual({
    status: 200,
    json: { success: true, received: { accepted: 1, duplicate: 0, ignored: 1, dropped: 0 } },
  });
  const [row] = await storedFor(stack.db, to);
  expect(row).toMatchObject({
    source: 'ses',
    source_id: `${sesMessageId}:${to}`,
    envelope_from: 'ann@sender.example.org',
  });
  expect(await storedFor(stack.db, elsewhere)).toEqual([]);

  const got = await receiver.waitFor(
    (r) => r.rawBody.includes('"email.received"') && r.rawBody.includes(row!.id),
    30_000,
  );
  const event = new Webhook(signingSecret).verify(got.rawBody, got.headers as Record<string, string>) as {
    event_type: string;
    payload: Record<string, unknown>;
  };
  expect(event.event_type).toBe('email.received');
  expect(event.payload).toMatchObject({
    inbound_id: row!.id,
    message_id: null,
    domain: inbound.domain,
    rule_id: inbound.ruleIds.support,
    envelope: { from: 'ann@sender.example.org', to },
    from: { address: 'ann@sender.example.org', name: 'Ann Sender' },
    subject,
    text: expect.stringContaining('Hello through SES receiving.'),
    authentication: { spf: 'pass', dkim: 'neutral', dmarc: 'pass', arc: 'none', spam: 'pass', virus: 'pass' },
    attachments: [],
    source: 'ses',
  });

  // SNS delivers the same notification again (its retry, or a second subscription): nothing new.
  const again = await postSns(sns.notification(notification, { topicArn, messageId: snsMessageId }));
  expect(again).toEqual({
    status: 200,
    json: { success: true, received: { accepted: 0, duplicate: 1, ignored: 1, dropped: 0 } },
  });
  await new Promise((r) => setTimeout(r, 3000));
  expect(await storedFor(stack.db, to)).toHaveLength(1);
  expect(receivedEvents(row!.id)).toHaveLength(1);
});

test('the S3 object cannot be fetched: 503 queue_error (SNS delivers it again), nothing stored', async () => {
  const sesMessageId = randomBytes(16).toString('hex');
  const to = `support@${inbound.domain}`;
  const before = (await storedFor(stack.db, to)).length;
  const missing = await postSns(
    sns.notification(receivedNotification(sesMessageId, [to], `inbound/missing-${sesMessageId}`), { topicArn }),
  );
  expect(missing).toMatchObject({ status: 503, json: { error: 'queue_error' } });
  expect(await storedFor(stack.db, to)).toHaveLength(before);
});

test('a Received notification for no routed recipient is acknowledged without fetching anything', async () => {
  const sesMessageId = randomBytes(16).toString('hex');
  const nobody = `nobody@${inbound.domain}`;
  // The object does not exist: a fetch would fail with 503.
  const answer = await postSns(
    sns.notification(receivedNotification(sesMessageId, [nobody], `inbound/none-${sesMessageId}`), { topicArn }),
  );
  expect(answer).toEqual({
    status: 200,
    json: { success: true, received: { accepted: 0, duplicate: 0, ignored: 1, dropped: 0 } },
  });
  // Counted by reason (the other recipients above: not_inbound).
  const metrics = await (await fetch(`${api.baseUrl}/metrics`)).text();
  expect(metrics).toMatch(/postage_inbound_refused_total\{reason="no_rule",process="api"\} [1-9]/);
  expect(metrics).toMatch(/postage_inbound_refused_total\{reason="not_inbound",process="api"\} [1-9]/);
});

test('an account over its monthly inbound allowance: the message is dropped (SES accepted it already), counted, not stored', async () => {
  const free = await createInbound(stack.db, { plan: 'free' }); // the free plan receives nothing
  const sesMessageId = randomBytes(16).toString('hex');
  const to = `support@${free.domain}`;
  const answer = await postSns(
    sns.notification(receivedNotification(sesMessageId, [to], `inbound/over-${sesMessageId}`), { topicArn }),
  );
  expect(answer).toEqual({
    status: 200,
    json: { success: true, received: { accepted: 0, duplicate: 0, ignored: 0, dropped: 1 } },
  });
  expect(await storedFor(stack.db, to)).toEqual([]);
  const metrics = await (await fetch(`${api.baseUrl}/metrics`)).text();
  expect(metrics).toMatch(/postage_inbound_refused_total\{reason="over_allowance",process="api"\} 1/);
});

test('a Received notification naming a bucket not in INBOUND_S3_BUCKETS: 403 unexpected_bucket, nothing fetched or stored, counted', async () => {
  const sesMessageId = randomBytes(16).toString('hex');
  const to = `support@${inbound.domain}`;
  const objectKey = `inbound/${sesMessageId}`;
  // The object is there and readable: only the allowlist stops it.
  await s3.send(
    new PutObjectCommand({
      Bucket: FOREIGN_BUCKET,
      Key: objectKey,
      Body: Buffer.from(`From: mallory@example.net\r\nTo: ${to}\r\nSubject: planted\r\n\r\nNot through our rule.\r\n`),
    }),
  );
  const before = (await storedFor(stack.db, to)).length;
  const answer = await postSns(
    sns.notification(receivedNotification(sesMessageId, [to], objectKey, FOREIGN_BUCKET), { topicArn }),
  );
  expect(answer).toMatchObject({ status: 403, json: { error: 'unexpected_bucket' } });
  expect(await storedFor(stack.db, to)).toHaveLength(before);
  const metrics = await (await fetch(`${api.baseUrl}/metrics`)).text();
  expect(metrics).toMatch(/postage_inbound_refused_total\{reason="unexpected_bucket",process="api"\} 1/);
});
