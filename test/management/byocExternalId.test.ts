// BYOC validation proves that the customer's role requires its ExternalId (docs/byoc.md,
// "Validation"). The role name is fixed, so a role ARN gives away only an AWS account number; a
// trust policy without the ExternalId condition would let any Postage account that saves the ARN
// send from the customer's SES (the confused deputy). Validation therefore also tries the role with
// a wrong ExternalId and with none, and fails when either works.
//
// The STS is moto's with IAM enforcement, behind the hand-written stand-in that evaluates the
// `sts:ExternalId` condition where moto does not (an AssumeRole without any ExternalId:
// test/helpers/stsExternalId.ts). One moto account holds one Service-BYOC-Role, so the tests
// change its trust policy in turn.
import path from 'node:path';
import { createAccount } from '../../core/accounts/accounts';
import { createApiKey } from '../../core/accounts/apiKeys';
import { startSesEmulator } from '../../tools/stack/sesEmulator';
import { freePort, stopAll, type ManagedProcess } from '../../tools/stack/processes';
import { loadOpenApiCheck, type DocumentedCheck } from '../api/helpers/openApi';
import { cliFor, type Cli } from '../cli/cliHarness';
import { testInfra } from '../helpers/env';
import { uniqueName } from '../helpers/fixtures';
import { BYOC_ROLE_ARN, MOTO_ACCOUNT_ID, startMotoPeer, type MotoPeer } from '../helpers/moto';
import { startServiceStack, type ServiceStack } from '../helpers/serviceStack';
import { keyRequest } from './helpers';

let moto: MotoPeer;
let stack: ServiceStack;
let documented: DocumentedCheck;
let cli: Cli;
const processes: ManagedProcess[] = [];

beforeAll(async () => {
  let customerSes: string;
  [moto, customerSes] = await Promise.all([
    startMotoPeer('moto-external-id'),
    (async () => {
      const started = await startSesEmulator({
        port: await freePort(),
        logFile: path.join(testInfra().runDir, 'logs', `ses-external-id-${process.pid}.log`),
        account: { max24HourSend: 50000 },
      });
      processes.push(started.process);
      return started.endpoint;
    })(),
  ]);
  const aws = {
    STS_ENDPOINT: moto.endpoint,
    STS_ACCESS_KEY_ID: moto.relay.accessKeyId,
    STS_SECRET_ACCESS_KEY: moto.relay.secretAccessKey,
    RELAY_AWS_ACCOUNT_ID: MOTO_ACCOUNT_ID,
    BYOC_SES_ENDPOINT: customerSes,
  };
  stack = await startServiceStack({ worker: false, env: aws });
  documented = await loadOpenApiCheck(stack.baseUrl);
  cli = cliFor({ DATABASE_URL: stack.database.url, ...aws });
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  await Promise.all([moto?.stop(), stopAll(processes)]);
});

/** A customer managing its account over HTTP with a full-access key. */
async function customer() {
  const account = await createAccount(
    stack.db,
    { email: `${uniqueName('byoc')}@example.com`, plan: null, verified: true },
    'test',
  );
  const { secret } = await createApiKey(
    stack.db,
    { accountId: account.id, name: 'admin', permission: 'full_access' },
    'test',
  );
  return { accountId: account.id, api: keyRequest(stack.baseUrl, secret) };
}

test('a role that does not require the ExternalId fails validation in plain words and is not enabled (PUT, POST validate, CLI)', async () => {
  const { accountId, api } = await customer();
  // No condition at all: the role trusts the relay account whatever the ExternalId.
  await moto.configureByocRole({ externalId: 'unused', externalIdCondition: 'none' });

  const saved = await api('PUT', '/api/byoc', { role_arn: BYOC_ROLE_ARN, region: 'us-east-1' });
  expect(saved.status).toBe(200);
  documented('/api/byoc', 'put', saved);
  const externalId = String((saved.json.byoc as { external_id: string }).external_id);
  expect(saved.json.validation).toEqual({
    ok: false,
    code: 'external_id_not_required',
    message: expect.stringContaining(
      `Role ${BYOC_ROLE_ARN} can be assumed with a wrong ExternalId and with none: its trust policy does not require your ExternalId.`,
    ),
  });
  const message = String((saved.json.validation as { message: string }).message);
  expect(message).toContain('confused-deputy');
  expect(message).toContain(`"StringEquals": {"sts:ExternalId": "${externalId}"}`);
  expect(saved.json.byoc).toMatchObject({ byoc_configured: false, validated_at: null, validation_error: message });

  // Validating again (the dashboard's button) says the same and still enables nothing.
  const again = await api('POST', '/api/byoc/validate');
  documented('/api/byoc/validate', 'post', again);
  expect(again.json.validation).toMatchObject({ ok: false, code: 'external_id_not_required' });
  expect(again.json.byoc).toMatchObject({ byoc_configured: false, validated_at: null });

  // The operator CLI reports it as a failed check (exit 1, the reason on stderr).
  const r = await cli(['byoc', 'validate', accountId]);
  expect(r.code).toBe(1);
  expect(r.stderr).toContain('can be assumed with a wrong ExternalId and with none');
  expect(r.json.validation).toMatchObject({ ok: false, code: 'external_id_not_required' });
  expect(r.json.config).toMatchObject({ enabled: false, validatedAt: null, byocConfigured: false });
}, 60_000);

test('a condition that lets a missing ExternalId through (StringEqualsIfExists) fails too; StringEquals validates; weakening it later disables BYOC', async () => {
  const { api } = await customer();
  const first = await api('PUT', '/api/byoc', { role_arn: BYOC_ROLE_ARN, region: 'us-east-1' });
  const externalId = String((first.json.byoc as { external_id: string }).external_id);

  await moto.configureByocRole({ externalId, externalIdCondition: 'StringEqualsIfExists' });
  const ifExists = await api('POST', '/api/byoc/validate');
  expect(ifExists.json.validation).toMatchObject({
    ok: false,
    code: 'external_id_not_required',
    message: expect.stringContaining('can be assumed without any ExternalId'),
  });
  expect(ifExists.json.byoc).toMatchObject({ byoc_configured: false });

  // The trust policy Postage prints: only this ExternalId gets in. Validation passes.
  await moto.configureByocRole({ externalId, externalIdCondition: 'StringEquals' });
  const valid = await api('POST', '/api/byoc/validate');
  documented('/api/byoc/validate', 'post', valid);
  expect(valid.json.validation).toMatchObject({ ok: true, code: 'ok' });
  expect(valid.json.byoc).toMatchObject({ byoc_configured: true, validated_at: expect.any(String) });

  // The customer drops the condition afterwards: the next validation turns BYOC off.
  await moto.configureByocRole({ externalId, externalIdCondition: 'none' });
  const weakened = await api('POST', '/api/byoc/validate');
  expect(weakened.json.validation).toMatchObject({ ok: false, code: 'external_id_not_required' });
  expect(weakened.json.byoc).toMatchObject({ byoc_configured: false });
  expect((await api('GET', '/api/me/')).json).toMatchObject({ byoc_configured: false });
}, 60_000);
