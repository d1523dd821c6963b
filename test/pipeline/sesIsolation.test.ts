// Each shared-mode account sends under its own SES configuration set and tenant on the shared
// account (docs/reputation.md, "How accounts are kept apart"). SES here is the local stack's:
// the recorder (what each SendEmail named), moto (configuration sets) and the recorder's fake of
// the calls no local SES implements (tenants, event destinations, reputation entities).
import { GetConfigurationSetCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { createApiKey } from '../../core/accounts/apiKeys';
import { sesNameOf } from '../../core/ses/accountIsolation';
import { recordSendSample } from '../../core/providerEvents/reputation';
import { startSesProvisioning } from '../../workflows/client';
import { provisionSesWorkflowId } from '../../workflows/provisionSes';
import { startMoto } from '../../tools/stack/moto';
import { freePort, stopAll, type ManagedProcess } from '../../tools/stack/processes';
import type { RawRecord } from '../../tools/stack/sesRecorder';
import { startThrottledSes, type ThrottledSes } from '../../tools/stack/throttledSes';
import { call, send } from '../api/helpers/http';
import { cliFor, ok, type Cli } from '../cli/cliHarness';
import { testInfra } from '../helpers/env';
import { createSender, uniqueName, type SenderFixture } from '../helpers/fixtures';
import { startServiceStack, type ServiceStack } from '../helpers/serviceStack';
import { sentAs } from '../helpers/sesRaw';

const TOPIC = 'arn:aws:sns:us-east-1:123456789012:postage-ses-events';
const ISOLATION_ENV = {
  SES_ACCOUNT_CONFIGURATION_SETS: 'true',
  SES_TENANTS: 'true',
  SES_EVENTS_TOPIC_ARN: TOPIC,
};

let moto: { process: ManagedProcess; endpoint: string };
let ses: ThrottledSes;
let stack: ServiceStack;
let cli: Cli;

beforeAll(async () => {
  const logs = path.join(testInfra().runDir, 'logs');
  moto = await startMoto({ port: await freePort(), logFile: path.join(logs, `moto-sesiso-${process.pid}.log`) });
  ses = await startThrottledSes({
    rate: 1000,
    configurationSets: moto.endpoint,
    logFile: path.join(logs, `ses-sesiso-${process.pid}.log`),
  });
  const env = { SES_ENDPOINT: ses.endpoint, ...ISOLATION_ENV };
  stack = await startServiceStack({ env });
  cli = cliFor({ DATABASE_URL: stack.database.url, ...env });
}, 120_000);
afterAll(async () => {
  await stack?.stop();
  await ses?.stop();
  if (moto) await stopAll([moto.process]);
});

/** A new shared domain claimed through the API, as a customer claims one: provisioning starts. */
async function claimSharedDomain(sender: SenderFixture): Promise<void> {
  const { secret } = await createApiKey(
    stack.db,
    { accountId: sender.account.id, name: 'manage', permission: 'full_access' },
    'test',
  );
  const res = await call(`${stack.baseUrl}/api/domains`, {
    method: 'POST',
    headers: { 'X-API-Key': secret, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: `${uniqueName('claim')}.example.com`, sending_mode: 'shared' }),
  });
  expect(res.status).toBe(201);
}

async function provisioned(accountId: string): Promise<void> {
  await stack.temporal.workflow.getHandle(provisionSesWorkflowId(accountId)).result();
}

/** What SES received for one of our messages, once it was sent. */
async function receivedBySes(messageId: string): Promise<RawRecord> {
  const providerId = await sentAs(stack, messageId);
  const record = ses.recorder.list().find((r) => r.messageId === providerId);
  if (!record) throw new Error(`the recorder kept no message ${providerId}`);
  return record;
}

async function sendOne(sender: SenderFixture): Promise<RawRecord> {
  const res = await send(stack, sender.apiKey, {
    from_email: `hello@${sender.domain}`,
    to: `success+${randomUUID().slice(0, 8)}@${stack.config.simulatorDomain}`,
    subject: 'Isolated',
    message: 'Hi.',
  });
  expect(res.status).toBe(200);
  return receivedBySes(String(res.json.message_id));
}

test('each shared-mode account’s sends reach SES with its own configuration set and tenant', async () => {
  const [a, b] = [await createSender(stack.db), await createSender(stack.db)];
  await claimSharedDomain(a);
  await claimSharedDomain(b);
  await Promise.all([provisioned(a.account.id), provisioned(b.account.id)]);

  const [fromA, fromB] = [await sendOne(a), await sendOne(b)];
  expect(fromA).toMatchObject({
    configurationSetName: `postage-${a.account.id}`,
    tenantName: `postage-${a.account.id}`,
  });
  expect(fromB).toMatchObject({
    configurationSetName: `postage-${b.account.id}`,
    tenantName: `postage-${b.account.id}`,
  });
});

test('an account not provisioned yet sends as before, naming no configuration set', async () => {
  const sender = await createSender(stack.db);
  expect(await sendOne(sender)).toMatchObject({ configurationSetName: null, tenantName: null });
});

test('provisioning again succeeds and leaves the configuration set in SES', async () => {
  const sender = await createSender(stack.db);
  await claimSharedDomain(sender);
  await provisioned(sender.account.id);
  await startSesProvisioning(stack.temporal, stack.config.temporal.taskQueue, sender.account.id);
  expect(await stack.temporal.workflow.getHandle(provisionSesWorkflowId(sender.account.id)).result()).toEqual({
    provisioned: true,
    names: { configurationSetName: sesNameOf(sender.account.id), tenantName: sesNameOf(sender.account.id) },
  });

  const inMoto = new SESv2Client({
    region: 'us-east-1',
    endpoint: moto.endpoint,
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
  });
  const set = await inMoto.send(new GetConfigurationSetCommand({ ConfigurationSetName: sesNameOf(sender.account.id) }));
  inMoto.destroy();
  expect(set.ReputationOptions?.ReputationMetricsEnabled).toBe(true);
});

test('postage-admin ses provision --all provisions the shared-mode accounts without a set, and ses show prints the tenant’s state', async () => {
  const sender = await createSender(stack.db); // its shared domain was added before the setting: no workflow
  const { json } = ok(await cli(['ses', 'provision', '--all']));
  expect(json.provisioned).toContainEqual({
    accountId: sender.account.id,
    configurationSetName: sesNameOf(sender.account.id),
    tenantName: sesNameOf(sender.account.id),
  });
  const shown = ok(await cli(['ses', 'show', sender.account.id]));
  expect(shown.json).toMatchObject({
    configurationSet: sesNameOf(sender.account.id),
    tenant: sesNameOf(sender.account.id),
    configurationSetSending: true,
    tenantState: { sendingStatus: 'ENABLED', aggregateStatus: 'ENABLED', reputationImpact: null },
  });
  // Provisioned, its next send names them.
  expect(await sendOne(sender)).toMatchObject({ configurationSetName: sesNameOf(sender.account.id) });

  // The operator's list of the accounts nearest their pause level shows the tenant's state too.
  await recordSendSample(stack.db, { messageId: randomUUID(), accountId: sender.account.id, domain: sender.domain });
  const nearest = ok(await cli(['reputation', '--ses', '--json', '--limit', '1000']));
  expect((nearest.json as { account_id: string }[]).find((r) => r.account_id === sender.account.id)).toMatchObject({
    sends: 1,
    ses: { tenant: sesNameOf(sender.account.id), tenantState: { aggregateStatus: 'ENABLED' } },
  });
});
