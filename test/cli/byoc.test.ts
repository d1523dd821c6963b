// postage-admin byoc commands against real peers: moto's STS with IAM enforcement decides
// AssumeRole by the role's trust policy (principal, ExternalId) and moto's SES enforces the role's
// permissions; the SES emulator's GetAccount answers from account documents (enabled, sandboxed,
// disabled). Only a passing validation sets byoc_configured.
import { GetIdentityMailFromDomainAttributesCommand, ListIdentitiesCommand, SESClient } from '@aws-sdk/client-ses';
import path from 'node:path';
import { markByocUnusable } from '../../core/byoc/byocConfig';
import { startSesEmulator, type SesAccountDocument } from '../../tools/stack/sesEmulator';
import { freePort, stopAll, type ManagedProcess } from '../../tools/stack/processes';
import { createTestDatabase, type TestDatabase } from '../helpers/database';
import { testInfra } from '../helpers/env';
import { BYOC_PERMISSIONS, BYOC_ROLE_ARN, MOTO_ACCOUNT_ID, startMotoPeer, type MotoPeer } from '../helpers/moto';
import { cliFor, ok, type Cli, type CliResult } from './cliHarness';

let database: TestDatabase;
let moto: MotoPeer;
let cli: Cli;
const emulators: ManagedProcess[] = [];
const ses: Record<'production' | 'sandbox' | 'disabled', string> = { production: '', sandbox: '', disabled: '' };
let accountId: string;
let externalId: string;

async function emulator(account: SesAccountDocument): Promise<string> {
  const started = await startSesEmulator({
    port: await freePort(),
    logFile: path.join(testInfra().runDir, 'logs', `ses-byoc-${process.pid}-${emulators.length}.log`),
    account,
  });
  emulators.push(started.process);
  return started.endpoint;
}

beforeAll(async () => {
  [database, moto, ses.production, ses.sandbox, ses.disabled] = await Promise.all([
    createTestDatabase(),
    startMotoPeer('moto-byoc'),
    emulator({ max24HourSend: 50000 }),
    emulator({ max24HourSend: 200 }),
    emulator({ sendingEnabled: false, max24HourSend: 50000 }),
  ]);
  cli = cliFor({
    DATABASE_URL: database.url,
    STS_ENDPOINT: moto.endpoint,
    STS_ACCESS_KEY_ID: moto.relay.accessKeyId,
    STS_SECRET_ACCESS_KEY: moto.relay.secretAccessKey,
    RELAY_AWS_ACCOUNT_ID: MOTO_ACCOUNT_ID,
    BYOC_SES_ENDPOINT: ses.production,
  });
  accountId = ok(await cli(['account', 'create', '--email', 'byoc@example.com', '--verified'])).json.id;
});

afterAll(async () => {
  await Promise.all([database?.drop(), moto?.stop(), stopAll(emulators)]);
});

/** `byoc validate` with the customer's SES answering at `endpoint`; JSON is { config, validation }. */
async function validate(endpoint: string): Promise<CliResult> {
  return cli(['byoc', 'validate', accountId], { BYOC_SES_ENDPOINT: endpoint });
}

test('byoc policy prints the trust policy and exactly the 11 permissions; without an account the ExternalId is a placeholder', async () => {
  const policy = ok(await cli(['byoc', 'policy'])).json;
  expect(policy.externalId).toBeNull();
  expect(policy.trustPolicy).toEqual({
    Version: '2012-10-17',
    Statement: [
      {
        Effect: 'Allow',
        Principal: { AWS: `arn:aws:iam::${MOTO_ACCOUNT_ID}:root` },
        Action: 'sts:AssumeRole',
        Condition: { StringEquals: { 'sts:ExternalId': '<EXTERNAL_ID>' } },
      },
    ],
  });
  expect(policy.permissionsPolicy.Statement).toEqual([
    { Sid: 'PostageByoc', Effect: 'Allow', Action: BYOC_PERMISSIONS, Resource: '*' },
  ]);
  expect(policy.permissionsPolicy.Statement[0].Action).toHaveLength(11);
});

test('configure saves the role with a new 48-hex ExternalId; a trust policy with another ExternalId refuses: "Could not assume role"', async () => {
  await moto.configureByocRole({ externalId: 'f'.repeat(48) });
  const r = await cli(['byoc', 'configure', accountId, '--role-arn', BYOC_ROLE_ARN, '--region', 'us-east-1']);
  expect(r.code).toBe(1);
  expect(r.stderr.trim().split('\n')).toHaveLength(1);
  expect(r.stderr).toContain(`Could not assume role ${BYOC_ROLE_ARN}`);
  expect(r.json.validation).toMatchObject({ ok: false, code: 'assume_role_failed' });
  expect(r.json.config).toMatchObject({
    roleArn: BYOC_ROLE_ARN,
    region: 'us-east-1',
    enabled: false,
    byocConfigured: false,
  });
  externalId = r.json.config.externalId;
  expect(externalId).toMatch(/^[0-9a-f]{48}$/);

  // The policy for this account carries its ExternalId.
  const policy = ok(await cli(['byoc', 'policy', 'byoc@example.com'])).json;
  expect(policy.externalId).toBe(externalId);
  expect(policy.trustPolicy.Statement[0].Condition).toEqual({ StringEquals: { 'sts:ExternalId': externalId } });
});

test('with the right trust policy, an enabled account and a quota above 200, validation passes and sets byoc_configured', async () => {
  await moto.configureByocRole({ externalId });
  const passed = ok(await validate(ses.production)).json;
  expect(passed.validation).toMatchObject({ ok: true, code: 'ok' });
  expect(passed.config).toMatchObject({ byocConfigured: true, validationError: null });

  // Saving again keeps the ExternalId (the customer's trust policy stays valid).
  const again = ok(
    await cli(['byoc', 'configure', 'byoc@example.com', '--role-arn', BYOC_ROLE_ARN, '--region', 'us-east-1']),
  ).json;
  expect(again.config.externalId).toBe(externalId);
  const shown = ok(await cli(['byoc', 'show', accountId])).json;
  expect(shown).toMatchObject({ externalId, byocConfigured: true, enabled: true });
  expect(shown.validatedAt).not.toBeNull();
});

test('a trust policy naming another principal refuses, and the failed validation turns BYOC off', async () => {
  await moto.configureByocRole({ externalId, principalArn: `arn:aws:iam::${MOTO_ACCOUNT_ID}:user/someone-else` });
  const r = await validate(ses.production);
  expect(r.code).toBe(1);
  expect(r.json.validation).toMatchObject({ ok: false, code: 'assume_role_failed' });
  expect(r.stderr).toContain('Could not assume role');
  expect(r.json.config.byocConfigured).toBe(false);
  await moto.configureByocRole({ externalId });
});

test('SES answers decide the rest: sandbox (quota 200/day), sending disabled, missing get-send-quota permission', async () => {
  const sandbox = await validate(ses.sandbox);
  expect(sandbox.code).toBe(1);
  expect(sandbox.json.validation).toMatchObject({ ok: false, code: 'sandbox' });
  expect(sandbox.stderr).toContain('sandbox mode: its daily send quota is 200 (it must be above 200)');
  expect(sandbox.json.config.byocConfigured).toBe(false);

  const disabled = await validate(ses.disabled);
  expect(disabled.code).toBe(1);
  expect(disabled.json.validation).toMatchObject({ ok: false, code: 'sending_disabled' });
  expect(disabled.stderr).toContain('Sending is disabled on the account');

  // moto's SES enforces the role's permissions: without ses:GetSendQuota the quota cannot be read.
  await moto.configureByocRole({ externalId, permissions: BYOC_PERMISSIONS.filter((p) => p !== 'ses:GetSendQuota') });
  const missing = await validate(moto.endpoint);
  expect(missing.code).toBe(1);
  expect(missing.json.validation).toMatchObject({ ok: false, code: 'missing_permission' });
  expect(missing.stderr.trim()).toBe(
    'postage-admin: Missing get-send-quota permission (all 11 permissions are required).',
  );
  await moto.configureByocRole({ externalId });
});

test('a passing validation clears the mark the relay sets when the role stops working', async () => {
  ok(await validate(ses.production));
  await markByocUnusable(database.db, accountId, 'AccessDenied while assuming the role');
  const marked = ok(await cli(['byoc', 'show', accountId])).json;
  expect(marked).toMatchObject({ byocConfigured: false, unusableReason: 'AccessDenied while assuming the role' });

  const revalidated = ok(await validate(ses.production)).json;
  expect(revalidated.config).toMatchObject({ byocConfigured: true, unusableReason: null });

  const audit = ok(await cli(['account', 'show', accountId])).json.audit as {
    action: string;
    details: { ok?: boolean; code?: string };
  }[];
  expect(audit.filter((a) => a.action === 'byoc.validate').map((a) => a.details.code)).toEqual(
    expect.arrayContaining(['ok', 'sandbox', 'sending_disabled', 'missing_permission', 'assume_role_failed']),
  );
});

test("a BYOC domain is registered in the customer's SES through the role, with MAIL FROM send.<domain>", async () => {
  const added = ok(
    await cli(['domain', 'add', accountId, 'byoc-customer.com', '--mode', 'byoc'], {
      BYOC_SES_ENDPOINT: moto.endpoint,
    }),
  ).json;
  expect(added.domain).toMatchObject({
    name: 'byoc-customer.com',
    sendingMode: 'byoc',
    mailFromDomain: 'send.byoc-customer.com',
  });
  expect(added.records).toContainEqual(
    expect.objectContaining({
      type: 'MX',
      name: 'send.byoc-customer.com',
      value: '10 feedback-smtp.us-east-1.amazonses.com',
    }),
  );
  // The identity (and its DKIM records) is created once ownership is verified: here by the operator.
  const customerSes = new SESClient({ region: 'us-east-1', endpoint: moto.endpoint, credentials: moto.admin });
  expect(
    (await customerSes.send(new ListIdentitiesCommand({ IdentityType: 'Domain' }))).Identities ?? [],
  ).not.toContain('byoc-customer.com');
  const marked = ok(
    await cli(['domain', 'mark-verified', 'byoc-customer.com'], { BYOC_SES_ENDPOINT: moto.endpoint }),
  ).json;
  expect(marked.domain.dkimTokens).toHaveLength(3);

  expect((await customerSes.send(new ListIdentitiesCommand({ IdentityType: 'Domain' }))).Identities).toContain(
    'byoc-customer.com',
  );
  const mailFrom = await customerSes.send(
    new GetIdentityMailFromDomainAttributesCommand({ Identities: ['byoc-customer.com'] }),
  );
  expect(mailFrom.MailFromDomainAttributes?.['byoc-customer.com']?.MailFromDomain).toBe('send.byoc-customer.com');

  // Deleting it removes the identity from the customer's SES too.
  expect(
    ok(await cli(['domain', 'delete', 'byoc-customer.com'], { BYOC_SES_ENDPOINT: moto.endpoint })).json.warnings,
  ).toEqual([]);
  expect((await customerSes.send(new ListIdentitiesCommand({ IdentityType: 'Domain' }))).Identities).not.toContain(
    'byoc-customer.com',
  );
});

test('configure refuses a role not named Service-BYOC-Role, a region SES does not serve, and unconfigured accounts', async () => {
  const other = ok(await cli(['account', 'create', '--email', 'nobyoc@example.com'])).json;
  const cases: [string[], RegExp][] = [
    [
      [
        'byoc',
        'configure',
        other.id,
        '--role-arn',
        `arn:aws:iam::${MOTO_ACCOUNT_ID}:role/Admin`,
        '--region',
        'us-east-1',
      ],
      /must be named exactly Service-BYOC-Role/,
    ],
    [
      ['byoc', 'configure', other.id, '--role-arn', 'Service-BYOC-Role', '--region', 'us-east-1'],
      /not an IAM role ARN/,
    ],
    [
      ['byoc', 'configure', other.id, '--role-arn', BYOC_ROLE_ARN, '--region', 'moon-north-1'],
      /"moon-north-1" is not an SES region/,
    ],
    [['byoc', 'show', other.id], /no BYOC configuration yet/],
    [['byoc', 'validate', other.id], /no BYOC configuration yet/],
    [['byoc', 'policy', other.id], /no BYOC configuration yet/],
  ];
  const results = await Promise.all(cases.map(([args]) => cli(args)));
  results.forEach((r, i) => {
    expect({ args: cases[i]![0], code: r.code }).toEqual({ args: cases[i]![0], code: 1 });
    expect(r.stderr).toMatch(cases[i]![1]);
  });
  expect(await database.db('byoc_configs').where({ account_id: other.id })).toEqual([]);
});
