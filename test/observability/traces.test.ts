// Traces end to end (docs/operations.md, "Traces"): the API, the worker, the SMTP relay and the MX
// listener as their own processes with OTEL_EXPORTER_OTLP_ENDPOINT set to a receiver in this test.
// One send through the API and one through the relay each make one trace: the request (or SMTP
// message), the workflow start, the workflow run, `sendViaSes` and every webhook POST, with
// Postage's ids; a message received at the MX listener makes one trace to its receive workflow. A
// BYOC message leaves its recipient, subject and body in no span and no log line; a log line
// written inside a trace carries its trace id; and the interceptors keep replays deterministic.
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { temporal as proto } from '@temporalio/proto';
import { bundleWorkflowCode, Worker } from '@temporalio/worker';
import { DeterminismViolationError } from '@temporalio/workflow';
import { sendWorkflowId, type SendEmailResult } from '../../core/model/workflowContract';
import { freePort, waitFor, type ManagedProcess } from '../../tools/stack/processes';
import { configureByoc } from '../api/helpers/accounts';
import { send, testSendBody } from '../api/helpers/http';
import { startApiProcess, startWorkerProcess } from '../helpers/apiProcess';
import { TEST_SECRET_KEY, testEnv } from '../helpers/config';
import { signTrackingToken, trackingKey } from '../../core/tracking/trackingTokens';
import { createUnsubscribeToken } from '../../core/unsubscribe/unsubscribeTokens';
import { signAttachmentUrl } from '../../core/inbound/attachmentUrls';
import { testInfra } from '../helpers/env';
import { createEndpoint, createSender } from '../helpers/fixtures';
import { BYOC_ROLE_ARN, startMotoPeer, type MotoPeer } from '../helpers/moto';
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from '../helpers/otlpReceiver';
import { startServiceStack, type ServiceStack } from '../helpers/serviceStack';
import { makeTlsFiles, startRelayProcess } from '../helpers/smtpRelay';
import { eventually } from '../helpers/wait';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhookReceiver';
import { sendWithNodemailer } from '../smtp/clients';
import SMTPConnection from 'nodemailer/lib/smtp-connection';
import { createInbound } from '../inbound/fixtures';
import { startMxProcess } from '../helpers/mxListener';
import { WORKFLOWS_PATH } from '../../worker/createWorker';
import { WORKFLOW_TRACING_MODULE } from '../../worker/workflowTracing';

const REGION = 'eu-west-1';
const SERVER = 2; // SpanKind.SERVER in OTLP's numbering (0 unspecified, 1 internal)
const CLIENT = 3;

let stack: ServiceStack;
let otlp: OtlpReceiver;
let hooks: WebhookReceiver;
let moto: MotoPeer;
let api: Awaited<ReturnType<typeof startApiProcess>>;
let worker: ManagedProcess;
let relay: Awaited<ReturnType<typeof startRelayProcess>>;
let tlsCert: string;
let workerLog: string;
/** The messages sent with traces on, for the replay test. */
const tracedSends: string[] = [];

beforeAll(async () => {
  [stack, otlp, hooks, moto] = await Promise.all([
    startServiceStack({ worker: false }),
    startOtlpReceiver(),
    startWebhookReceiver(),
    startMotoPeer('moto-traces'),
  ]);
  const externalId = randomBytes(24).toString('hex');
  await moto.configureByocRole({ externalId });
  const env = testEnv({
    DATABASE_URL: stack.database.url,
    TEMPORAL_TASK_QUEUE: stack.config.temporal.taskQueue,
    LOG_LEVEL: 'info',
    OTEL_EXPORTER_OTLP_ENDPOINT: otlp.url,
    OTEL_BSP_SCHEDULE_DELAY: '100',
    // Real recipients go to SES (the emulator), which reports no outcome: the workflow stops waiting after 2 s.
    OUTCOME_TIMEOUT_SECONDS: '2',
    STS_ENDPOINT: moto.endpoint,
    STS_ACCESS_KEY_ID: moto.relay.accessKeyId,
    STS_SECRET_ACCESS_KEY: moto.relay.secretAccessKey,
    BYOC_SES_ENDPOINT: moto.endpoint,
    // No WORKFLOW_BUNDLE_PATH: the worker bundles the workflows with the tracing interceptors.
  });
  const healthPort = await freePort();
  workerLog = path.join(testInfra().runDir, 'logs', `traces-worker-${healthPort}.log`);
  worker = startWorkerProcess({ ...env, WORKER_HEALTH_PORT: String(healthPort) }, workerLog);
  const tls = await makeTlsFiles();
  tlsCert = tls.cert;
  [api, relay] = await Promise.all([
    startApiProcess(env),
    startRelayProcess(env, tls),
    waitFor(
      'a worker',
      async () => (await fetch(`http://127.0.0.1:${healthPort}/readyz`).catch(() => undefined))?.status === 200,
      120_000,
      worker,
    ),
  ]);
}, 240_000);

afterAll(async () => {
  await Promise.allSettled([api?.stop(), relay?.process.stop(), worker?.stop()]);
  await stack?.stop();
  await Promise.allSettled([otlp?.close(), hooks?.close(), moto?.stop()]);
});

const result = (id: string) =>
  stack.temporal.workflow.getHandle(sendWorkflowId(id)).result() as Promise<SendEmailResult>;

/**
 * The spans of the trace `postage.start_send` of this message belongs to, once `expected` are in
 * and every parent too (a workflow's spans leave its sandbox when the run ends).
 */
async function traceOf(
  messageId: string,
  expected: (spans: ReceivedSpan[]) => boolean,
  start: [name: string, attribute: string] = ['postage.start_send', 'postage.message_id'],
): Promise<ReceivedSpan[]> {
  return eventually(
    `the trace of ${messageId}`,
    async () => {
      const [name, attribute] = start;
      const started = otlp.spans.find((s) => s.name === name && s.attributes[attribute] === messageId);
      if (!started) return undefined;
      const spans = otlp.spans.filter((s) => s.traceId === started.traceId);
      return expected(spans) && rootsOf(spans).length === 1 ? spans : undefined;
    },
    20_000,
  );
}

function rootsOf(spans: ReceivedSpan[]): ReceivedSpan[] {
  const ids = new Set(spans.map((s) => s.spanId));
  return spans.filter((s) => !s.parentSpanId || !ids.has(s.parentSpanId));
}

/** Each span's parent is in the trace, but for the one root. */
function expectConnected(spans: ReceivedSpan[]): ReceivedSpan {
  const roots = rootsOf(spans);
  expect(roots.map((s) => `${s.service} ${s.name}`)).toHaveLength(1);
  return roots[0]!;
}

/** The chain of span names from a span up to the root. */
function ancestry(spans: ReceivedSpan[], span: ReceivedSpan): string[] {
  const byId = new Map(spans.map((s) => [s.spanId, s]));
  const chain: string[] = [];
  for (let s: ReceivedSpan | undefined = span; s; s = s.parentSpanId ? byId.get(s.parentSpanId) : undefined)
    chain.push(s.name);
  return chain;
}

const m = () => randomBytes(6).toString('hex');

const ran = (spans: ReceivedSpan[]) => spans.some((s) => s.name === 'RunWorkflow:sendEmail');

const webhookPosts = (spans: ReceivedSpan[]) =>
  spans.filter(
    (s) =>
      s.service === 'postage-worker' &&
      s.kind === CLIENT &&
      // A client span keeps only its URL's origin (an endpoint's path can hold its secret).
      String(s.attributes['url.full'] ?? s.attributes['http.url'] ?? '') === new URL(hooks.url).origin,
  );

/** What every send's trace holds: the workflow's start and run, SES, and a POST per webhook delivered. */
function expectSendTrace(spans: ReceivedSpan[], messageId: string, accountId: string, webhooks: number): void {
  const names = spans.map((s) => s.name);
  expect(names).toEqual(
    expect.arrayContaining([
      'postage.start_send',
      'StartWorkflow:sendEmail',
      'RunWorkflow:sendEmail',
      'RunActivity:sendViaSes',
    ]),
  );
  const ses = spans.find((s) => s.name === 'RunActivity:sendViaSes')!;
  expect(ses).toMatchObject({ service: 'postage-worker' });
  expect(ses.attributes).toMatchObject({ 'postage.message_id': messageId }); // its input names no account
  // The SES call itself (aws-sdk instrumentation) under the activity.
  const sesCall = spans.find((s) => s.attributes['rpc.service'] === 'SESv2' || s.name.startsWith('SESv2'));
  expect(sesCall && ancestry(spans, sesCall)).toContain('RunActivity:sendViaSes');
  const run = spans.find((s) => s.name === 'RunWorkflow:sendEmail')!;
  expect(run.attributes).toMatchObject({ 'postage.message_id': messageId, 'postage.account_id': accountId });
  expect(ancestry(spans, run)).toContain('StartWorkflow:sendEmail');
  const posts = webhookPosts(spans);
  expect(webhooks).toBeGreaterThan(0);
  expect(posts).toHaveLength(webhooks);
  for (const post of posts) expect(ancestry(spans, post)).toContain('RunWorkflow:sendEmail');
}

test('a shared send through the API and one through the SMTP relay: one trace each, from the request to every webhook POST', async () => {
  const s = await createSender(stack.db);
  const { signingSecret } = await createEndpoint(stack.db, stack.config.secretKey, s.account.id, hooks.url, [
    'email.sent',
    'email.delivered',
  ]);
  hooks.setSecret(signingSecret);

  const res = await send(api, s.apiKey, testSendBody(stack, s.domain, { to: `someone-${m()}@example.org` }));
  expect(res.status).toBe(200);
  const id = String(res.json.message_id);
  tracedSends.push(id);
  await result(id);
  const posted = (i: string) => hooks.received.filter((r) => r.rawBody.includes(i)).length;
  await eventually('email.sent', async () => (posted(id) > 0 ? true : undefined));
  const viaApi = await traceOf(id, (spans) => webhookPosts(spans).length === posted(id) && ran(spans));
  const root = expectConnected(viaApi);
  expect(root).toMatchObject({ service: 'postage-api', kind: SERVER });
  expect(root.attributes['http.route'] ?? root.name).toMatch(/\/api\/send/);
  expectSendTrace(viaApi, id, s.account.id, posted(id));

  const info = await sendWithNodemailer(
    { port: relay.port, secure: false, apiKey: s.apiKey, ca: tlsCert },
    { from: `hello@${s.domain}`, to: `someone-${m()}@example.org`, subject: 'Hello', text: 'Hi there.' },
  );
  const [smtpId] = info.response.match(/[0-9a-f]{8}-[0-9a-f-]{27}/) ?? [];
  tracedSends.push(smtpId!);
  await result(smtpId!);
  await eventually('email.sent', async () => (posted(smtpId!) > 0 ? true : undefined));
  const viaSmtp = await traceOf(smtpId!, (spans) => webhookPosts(spans).length === posted(smtpId!) && ran(spans));
  const smtpRoot = expectConnected(viaSmtp);
  expect(smtpRoot).toMatchObject({ service: 'postage-smtp', name: 'smtp.message' });
  expectSendTrace(viaSmtp, smtpId!, s.account.id, posted(smtpId!));

  // A log line written inside a trace names it (the relay's line for the message it took).
  const logged = fs
    .readFileSync(path.join(testInfra().runDir, 'logs', `smtp-${relay.port}.log`), 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  expect(logged.find((l) => l.msg === 'SMTP message submitted')).toMatchObject({
    trace_id: smtpRoot.traceId,
    span_id: expect.stringMatching(/^[0-9a-f]{16}$/),
  });
}, 90_000);

test('a message received at the MX listener: one trace from the SMTP transaction to the receive workflow', async () => {
  const inbound = await createInbound(stack.db);
  const mx = await startMxProcess(stack, {
    env: { OTEL_EXPORTER_OTLP_ENDPOINT: otlp.url, OTEL_BSP_SCHEDULE_DELAY: '100' },
  });
  try {
    const smtp = new SMTPConnection({ host: '127.0.0.1', port: mx.port, ignoreTLS: true, name: 'sender.example.org' });
    await new Promise<void>((resolve, reject) => {
      smtp.once('error', reject);
      smtp.connect(() => resolve());
    });
    const to = `support@${inbound.domain}`;
    const info = await new Promise<SMTPConnection.SentMessageInfo>((resolve, reject) =>
      smtp.send(
        { from: 'ann@sender.example.org', to: [to] },
        `From: ann@sender.example.org\r\nTo: ${to}\r\nSubject: hello\r\n\r\nHi.\r\n`,
        (err, sent) => (err ? reject(err) : resolve(sent)),
      ),
    );
    smtp.close();
    const [inboundId] = info.response.match(/[0-9a-f]{8}-[0-9a-f-]{27}/) ?? [];
    const spans = await traceOf(inboundId!, (t) => t.some((s) => s.name === 'RunWorkflow:receiveEmail'), [
      'postage.start_receive',
      'postage.inbound_id',
    ]);
    expect(expectConnected(spans)).toMatchObject({ service: 'postage-mx', name: 'mx.message' });
    const run = spans.find((s) => s.name === 'RunWorkflow:receiveEmail')!;
    expect(run).toMatchObject({ service: 'postage-worker' });
    expect(run.attributes).toMatchObject({ 'postage.inbound_id': inboundId });
    expect(ancestry(spans, run)).toEqual(expect.arrayContaining(['StartWorkflow:receiveEmail', 'mx.message']));
  } finally {
    await mx.process.stop();
  }
}, 90_000);

test('a BYOC message: its recipient, subject and body are in no span and no log line', async () => {
  const byoc = await createSender(stack.db, { mode: 'byoc' });
  await moto.verifySesIdentity(byoc.domain, REGION);
  const externalId = randomBytes(24).toString('hex');
  await moto.configureByocRole({ externalId });
  await configureByoc(stack.db, byoc.account.id, { roleArn: BYOC_ROLE_ARN, region: REGION, externalId });
  const mk = { recipient: `rcpt${m()}`, subject: `subj${m()}`, body: `body${m()}` };
  const res = await send(api, byoc.apiKey, {
    from_email: `billing@${byoc.domain}`,
    to: `${mk.recipient}@example.org`,
    subject: `Invoice ${mk.subject}`,
    message: `Dear customer, ${mk.body}.`,
  });
  expect(res.status).toBe(200);
  const id = String(res.json.message_id);
  await result(id);
  const spans = await traceOf(id, ran);
  expectConnected(spans);
  // The role was assumed and SES called in the customer's account, inside this trace.
  expect(spans.some((s) => s.attributes['rpc.service'] === 'STS' || s.name.startsWith('STS'))).toBe(true);

  // Everything exported (the raw bodies, not just the spans found) and every log line.
  await new Promise((r) => setTimeout(r, 500)); // the last batch (100 ms schedule)
  const logs = fs
    .readdirSync(path.join(testInfra().runDir, 'logs'))
    .filter((f) => f === path.basename(workerLog) || /^(api|smtp|mx)-\d+\.log$/.test(f))
    .map((f) => fs.readFileSync(path.join(testInfra().runDir, 'logs', f), 'utf8'));
  for (const text of [...otlp.bodies, ...logs])
    for (const marker of Object.values(mk)) expect(text).not.toContain(marker);
  expect(otlp.bodies.join('\n')).toContain(id); // the message itself is there, by its id
}, 90_000);

test('a followed link, an open pixel, an unsubscribe link and an inbound attachment link: no token, target or visitor in any span', async () => {
  const s = await createSender(stack.db);
  const marker = m();
  const key = trackingKey(TEST_SECRET_KEY);
  const messageId = randomUUID();
  const issuedAt = Math.floor(Date.now() / 1000);
  const target = `https://shop.example.com/offer-${marker}`;
  const click = signTrackingToken(key, '127.0.0.1', { kind: 'click', messageId, issuedAt, linkIndex: 0, url: target });
  const open = signTrackingToken(key, '127.0.0.1', { kind: 'open', messageId, issuedAt });
  const unsubscribe = createUnsubscribeToken(TEST_SECRET_KEY, {
    accountId: s.account.id,
    messageId,
    mode: 'shared',
    topic: null,
    recipient: `reader-${marker}@example.org`,
  });
  const attachment = new URL(signAttachmentUrl({ ...stack.config, secretKey: TEST_SECRET_KEY }, randomUUID()).url);
  const userAgent = `Mozilla/5.0 (Reader ${marker})`;
  const get = (p: string) =>
    fetch(`${api.baseUrl}${p}`, { redirect: 'manual', headers: { 'user-agent': userAgent } }).then(async (r) => {
      await r.arrayBuffer();
      return r.status;
    });
  expect(await get(`/t/c/${click}?utm=${marker}`)).toBe(302); // to `target`, read from the token
  expect(await get(`/t/o/${open}`)).toBe(200);
  await get(`/u/${unsubscribe}`); // shown or refused: either way the token was in the request's URL
  await get(`${attachment.pathname}${attachment.search}`);

  const tokenPaths = ['/t/c/[token]', '/t/o/[token]', '/u/[token]', '/inbound/attachments/[token]'];
  const served = await eventually(
    'the four requests’ spans',
    async () => {
      const found = tokenPaths.map((p) =>
        otlp.spans.find(
          (sp) =>
            sp.service === 'postage-api' &&
            sp.kind === SERVER &&
            String(sp.attributes['url.path'] ?? sp.attributes['http.target'] ?? '').startsWith(p),
        ),
      );
      return found.every(Boolean) ? (found as ReceivedSpan[]) : undefined;
    },
    20_000,
  );
  for (const span of served)
    for (const attribute of [
      'client.address',
      'http.client_ip',
      'net.peer.ip',
      'user_agent.original',
      'http.user_agent',
    ])
      expect(span.attributes[attribute]).toBeUndefined();
  await new Promise((r) => setTimeout(r, 500)); // the last batch (100 ms schedule)
  const exported = otlp.bodies.join('\n');
  for (const secret of [click, open, unsubscribe, attachment.pathname.split('/').pop()!, marker, target])
    expect(exported).not.toContain(secret);
}, 60_000);

test('the tracing interceptors keep replay deterministic: recorded histories replay with them, traced runs without them', async () => {
  const traced = await bundleWorkflowCode({
    workflowsPath: WORKFLOWS_PATH,
    workflowInterceptorModules: [WORKFLOW_TRACING_MODULE],
    logger: { trace() {}, debug() {}, info() {}, warn() {}, error: console.error, log() {} },
  });
  // A replay exports nothing; the sink is there so the interceptors find it.
  const withTracing = { workflowBundle: traced, sinks: { exporter: { export: { fn: () => undefined } } } };
  const plain = { workflowBundle: { codePath: testInfra().workflowBundlePath } };
  const fixture = (file: string) =>
    proto.api.history.v1.History.fromObject(
      JSON.parse(fs.readFileSync(path.join(__dirname, '../fixtures/histories', file), 'utf8')),
    );
  // Recorded before traces existed (test/workflows/replay.test.ts): the same verdicts with the interceptors.
  for (const file of ['sendEmail-test-bounced-lean-bookkeeping.json', 'sendEmail-real-delivered-lean-bookkeeping.json'])
    await expect(Worker.runReplayHistory(withTracing, fixture(file))).resolves.toBeUndefined();
  await expect(
    Worker.runReplayHistory(withTracing, fixture('sendEmail-test-bounced-before-local-bookkeeping.json')),
  ).rejects.toBeInstanceOf(DeterminismViolationError);
  // Recorded with traces on (the sends above): they replay with the interceptors and without (traces turned off).
  expect(tracedSends).toHaveLength(2);
  for (const id of tracedSends) {
    const history = await stack.temporal.workflow.getHandle(sendWorkflowId(id)).fetchHistory();
    await expect(Worker.runReplayHistory(withTracing, history)).resolves.toBeUndefined();
    await expect(Worker.runReplayHistory(plain, history)).resolves.toBeUndefined();
  }
}, 90_000);
