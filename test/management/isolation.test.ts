// Every management endpoint, read from /openapi.json so a new endpoint cannot be left out:
// another account's ids and names answer 404 (never 403, never their data) and change nothing;
// lists show only the caller's own; a sending key gets 403 insufficient_permission; no
// credentials, 401; a domain-scoped full_access key reaches only what its scope allows. Changes
// are audited with who made them.
import { createApiKey, findApiKey } from '../../core/accounts/apiKeys';
import { listAudit } from '../../core/platform/audit';
import { suppressManually } from '../../core/accounts/suppressions';
import { addDomain, findDomain, markDomainVerified } from '../../core/domains/domains';
import { OPERATION_ROLES, SCOPED_KEY_ACCESS } from '../../api/routes/operationTable';
import { API_KEY_ROLE, roleCovers } from '../../core/accounts/roles';
import { insertMemberUser } from '../../core/accounts/members';
import { hashPassword } from '../../core/accounts/passwords';
import { sha256 } from '../../core/platform/crypto';
import { insertQueuedLogRow } from '../../core/sending/emailLog';
import { getWebhookEndpoint } from '../../core/webhooks/webhookEndpoints';
import { createTemplate } from '../../core/templates/templates';
import { createInboundDomain } from '../../core/inbound/inboundDomains';
import { createInboundRule } from '../../core/inbound/inboundRules';
import { receiveMessage } from '../../core/inbound/receiveMessage';
import { createLogger } from '../../core/platform/logger';
import { exportAddress } from '../../core/privacy/addressExports';
import { createEndpoint, createSender, uniqueName, type SenderFixture } from '../helpers/fixtures';
import { startServiceStack, type ServiceStack } from '../helpers/serviceStack';
import { call, type ApiResponse } from '../api/helpers/http';
import { loadOpenApiCheck, type DocumentedCheck } from '../api/helpers/openApi';
import { randomUUID } from 'node:crypto';
import { keyRequest, WebClient } from './helpers';

let stack: ServiceStack;
let documented: DocumentedCheck;

interface Tenant extends SenderFixture {
  exportId: string;
  fullKey: string;
  fullKeyId: string;
  webhookId: string;
  messageId: string;
  suppressed: string;
  templateId: string;
  /** A developer of the account, and an open invitation. */
  memberId: string;
  invitationId: string;
  /** The rule of its inbound domain (named as its domain), and a message received there. */
  inboundRuleId: string;
  inboundId: string;
  /** The owner, signed in: the operations no key reaches (members, invitations, the person's sessions) are walked with it. */
  owner: WebClient;
  /** The public id of the owner's session. */
  sessionId: string;
  passkeyId: string;
  /** An erasure of an address (docs/privacy.md). */
  erasureId: string;
}

const PASSWORD = 'an isolation-test password';
const passwordHash = hashPassword(PASSWORD);

async function tenant(): Promise<Tenant> {
  const sender = await createSender(stack.db, { plan: 'growth' });
  const { apiKey, secret } = await createApiKey(
    stack.db,
    { accountId: sender.account.id, name: 'admin', permission: 'full_access' },
    'test',
  );
  const { endpoint } = await createEndpoint(
    stack.db,
    stack.config.secretKey,
    sender.account.id,
    'http://127.0.0.1:9/hooks',
  );
  const messageId = randomUUID();
  await insertQueuedLogRow(stack.db, {
    messageId,
    accountId: sender.account.id,
    recipient: `someone@${sender.domain}`,
    fromEmail: `hi@${sender.domain}`,
    subject: 'Private',
    kind: 'real',
    attachments: 0,
  });
  const suppressed = `gone-${messageId.slice(0, 8)}@example.org`;
  await suppressManually(stack.db, { accountId: sender.account.id, address: suppressed }, 'test');
  const template = await createTemplate(
    stack.db,
    {
      accountId: sender.account.id,
      name: 'Private',
      content: { subject: 'Private', html: '<p>Private</p>', text: null },
    },
    'test',
  );
  const ownerMember = await insertMemberUser(stack.db, {
    accountId: sender.account.id,
    email: sender.account.email,
    passwordHash: await passwordHash,
  });
  // A passkey of the owner's, as registration stores one (no authenticator here signs one).
  const [passkey] = await stack
    .db('passkeys')
    .insert({
      user_id: ownerMember.userId,
      credential_id: randomUUID().replace(/-/g, ''),
      public_key: Buffer.alloc(77),
      name: 'Laptop',
    })
    .returning<{ id: string }[]>('id');
  const member = await insertMemberUser(stack.db, {
    accountId: sender.account.id,
    email: `dev-${messageId.slice(0, 8)}@example.org`,
    passwordHash: await passwordHash,
    role: 'developer',
  });
  const [invitation] = await stack
    .db('invitations')
    .insert({
      account_id: sender.account.id,
      email: `invited-${messageId.slice(0, 8)}@example.org`,
      role: 'viewer',
      token_hash: sha256(randomUUID()),
      invited_by_actor: 'test',
      expires_at: new Date(Date.now() + 86_400_000),
    })
    .returning<{ id: string }[]>('id');
  const owner = new WebClient(stack.baseUrl);
  expect((await owner.signIn(sender.account.email, PASSWORD)).status).toBe(200);
  // Receiving at the domain itself, so `{name}` names an inbound domain as well as a domain.
  const inbound = await createInboundDomain(stack.db, { accountId: sender.account.id, name: sender.domain }, 'test');
  const rule = await createInboundRule(stack.db, inbound, { match: 'support' }, 'test');
  const received = await receiveMessage(
    {
      db: stack.db,
      workflows: { startReceive: async () => 'started' },
      logger: createLogger('silent', 'test'),
      startTimeoutMs: 1000,
    },
    {
      source: 'mx',
      raw: Buffer.from('From: ann@example.org\r\nSubject: Private\r\n\r\nPrivate\r\n'),
      envelopeFrom: 'ann@example.org',
      recipient: `support@${sender.domain}`,
    },
  );
  if (received.kind !== 'accepted') throw new Error(`not received: ${JSON.stringify(received)}`);
  const made = await exportAddress(
    { db: stack.db, secretKey: stack.config.secretKey },
    { accountId: sender.account.id, address: 'ann@example.org', actor: 'test' },
  );
  if (made.kind !== 'created') throw new Error('no export');
  const sessions = (await owner.request('GET', '/api/auth/sessions')).json.sessions as { id: string }[];
  const [erasure] = await stack
    .db('erasures')
    .insert({ id: randomUUID(), account_id: sender.account.id, address_hash: 'probe', requested_by: 'test' })
    .returning<{ id: string }[]>('id');
  return {
    ...sender,
    fullKey: secret,
    fullKeyId: apiKey.id,
    webhookId: endpoint.id,
    messageId,
    suppressed,
    templateId: template.id,
    memberId: member.userId,
    invitationId: invitation!.id,
    inboundRuleId: rule.id,
    inboundId: received.inboundId,
    owner,
    sessionId: sessions[0]!.id,
    passkeyId: passkey!.id,
    exportId: made.export.id,
    erasureId: erasure!.id,
  };
}

interface Operation {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  body?: unknown;
  /** No API key can succeed at it (`x-postage-api-key: false`). */
  keyless: boolean;
}

/** Every operation that needs credentials, as /openapi.json lists them. */
async function managementOperations(): Promise<Operation[]> {
  const doc = (await (await fetch(`${stack.baseUrl}/openapi.json`)).json()) as {
    paths: Record<string, Record<string, { security?: unknown[]; 'x-postage-api-key'?: boolean }>>;
  };
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    if (!path.startsWith('/api/') || path.startsWith('/api/send/') || path.startsWith('/api/me/')) continue; // the sending endpoints: any key
    for (const [method, op] of Object.entries(methods)) {
      if (op.security && op.security.length === 0) continue; // sign-up, sign-in...: no credentials
      ops.push({
        method: method as Operation['method'],
        path,
        body: VALID_BODIES[`${method} ${path}`],
        keyless: op['x-postage-api-key'] === false,
      });
    }
  }
  return ops;
}

// Valid bodies, so that the answer is about who may call, not about the body.
const VALID_BODIES: Record<string, unknown> = {
  'post /api/domains': { name: 'isolation-probe.example.net', sending_mode: 'shared' },
  'post /api/api-keys': { name: 'probe', permission: 'sending' },
  'post /api/webhooks': { url: 'http://127.0.0.1:9/probe', events: ['email.delivered'] },
  'patch /api/webhooks/{id}': { active: false },
  'patch /api/domains/{name}': { track_clicks: true },
  'post /api/webhooks/{id}/test': { event_type: 'email.delivered' },
  'put /api/byoc': { role_arn: 'arn:aws:iam::210987654321:role/Service-BYOC-Role', region: 'us-east-1' },
  'post /api/suppressions': { address: 'probe@example.net' },
  'post /api/privacy/erasures': { address: 'probe@example.net' },
  'patch /api/emails/{message_id}': { scheduled_at: new Date(Date.now() + 86_400_000).toISOString() },
  'post /api/auth/password': { current_password: 'x'.repeat(12), new_password: 'y'.repeat(12) },
  'post /api/templates': { name: 'probe', subject: 'Hi', html: '<p>Hi</p>' },
  'patch /api/templates/{id}': { name: 'renamed' },
  'post /api/templates/{id}/test-send': { from_email: 'hello@isolation-probe.example.net', recipient: 'delivered' },
  'patch /api/members/{user_id}': { role: 'viewer' },
  'post /api/invitations': { email: 'probe@isolation-probe.example.net', role: 'viewer' },
  'post /api/account/transfer-ownership': { user_id: randomUUID() },
  'post /api/auth/session/account': { account_id: randomUUID() },
  'post /api/inbound-domains': { name: 'isolation-probe.example.net' },
  'post /api/inbound-domains/{name}/rules': { match: 'probe' },
  'patch /api/auth/passkeys/{id}': { name: 'renamed' },
  'post /api/auth/two-factor/enable': { code: '000000' },
  'post /api/auth/two-factor/disable': { code: '000000' },
  'post /api/auth/two-factor/recovery-codes': { code: '000000' },
  'put /api/account/two-factor-requirement': { required: false },
  // Not the account's name: answered about who may call, and nothing is scheduled.
  'post /api/account/deletion': { confirm: 'isolation probe' },
  'post /api/privacy/exports': { address: 'probe@isolation-probe.example.net' },
};

/** The tenant's credential for an operation: its full_access key, or its owner's session where no key reaches (members, invitations, the person's sessions). */
function as(t: Tenant, op: Operation) {
  const role = OPERATION_ROLES[`${op.method.toUpperCase()} ${op.path}`]!;
  if (roleCovers(API_KEY_ROLE, role) && !op.keyless) return keyRequest(stack.baseUrl, t.fullKey);
  return (method: string, path: string, body?: unknown) => t.owner.request(method, path, body);
}

function fill(path: string, t: Tenant): string {
  return path
    .replace('{name}', t.domain)
    .replace('{message_id}', t.messageId)
    .replace('{address}', encodeURIComponent(t.suppressed))
    .replace('{delivery_id}', '1')
    .replace('{user_id}', t.memberId)
    .replace(
      '{id}',
      path.startsWith('/api/api-keys')
        ? t.fullKeyId
        : path.startsWith('/api/inbound-domains/')
          ? t.inboundRuleId
          : path.startsWith('/api/inbound/')
            ? t.inboundId
            : path.startsWith('/api/templates')
              ? t.templateId
              : path.startsWith('/api/invitations')
                ? t.invitationId
                : path.startsWith('/api/auth/sessions/')
                  ? t.sessionId
                  : path.startsWith('/api/auth/passkeys/')
                    ? t.passkeyId
                    : path.startsWith('/api/privacy/exports/')
                      ? t.exportId
                      : path.startsWith('/api/privacy/erasures/')
                        ? t.erasureId
                        : t.webhookId,
    );
}

/** Ids and names of the same form that exist in no account. */
const nobody = {
  domain: 'nowhere-0000.example.com',
  webhookId: randomUUID(),
  messageId: randomUUID(),
  suppressed: 'nobody-0000@example.org',
  fullKeyId: randomUUID(),
  templateId: randomUUID(),
  memberId: randomUUID(),
  invitationId: randomUUID(),
  inboundRuleId: randomUUID(),
  inboundId: randomUUID(),
  sessionId: randomUUID(),
  passkeyId: randomUUID(),
  exportId: randomUUID(),
  erasureId: randomUUID(),
} as Tenant;

function withoutIds(json: unknown, t: Tenant): string {
  let text = JSON.stringify(json);
  for (const id of [
    t.domain,
    t.webhookId,
    t.messageId,
    t.suppressed,
    t.fullKeyId,
    t.templateId,
    t.memberId,
    t.invitationId,
    t.inboundRuleId,
    t.inboundId,
    t.sessionId,
    t.passkeyId,
    t.exportId,
    t.erasureId,
  ])
    text = text.split(id).join('<id>');
  return text;
}

let a: Tenant;
let b: Tenant;
/** A third account whose full_access key is scoped to a second domain: its first domain's things are outside. */
let c: Tenant & { scopedKey: string };
let operations: Operation[];

beforeAll(async () => {
  stack = await startServiceStack({
    worker: false,
    env: { SES_DOMAIN_IDENTITIES: 'local', WEBHOOK_TIMEOUT_MS: '500' },
  });
  documented = await loadOpenApiCheck(stack.baseUrl);
  [a, b] = [await tenant(), await tenant()];
  const third = await tenant();
  const other = `${uniqueName('scope')}.example.com`;
  await addDomain(stack.db, { accountId: third.account.id, name: other, mode: 'shared' }, 'test');
  await markDomainVerified(stack.db, other, 'test');
  const scopedKey = (
    await createApiKey(
      stack.db,
      { accountId: third.account.id, name: 'scoped admin', permission: 'full_access', domainScope: [other] },
      'test',
    )
  ).secret;
  c = { ...third, scopedKey };
  operations = await managementOperations();
});
afterAll(async () => stack?.stop());

test('the document lists the management endpoints this test walks', () => {
  const listed = operations.map((o) => `${o.method.toUpperCase()} ${o.path}`);
  expect(listed).toEqual(
    expect.arrayContaining([
      'GET /api/domains/{name}',
      'DELETE /api/api-keys/{id}',
      'POST /api/webhooks/{id}/test',
      'GET /api/emails/{message_id}',
      'DELETE /api/suppressions/{address}',
      'GET /api/usage',
      'PUT /api/byoc',
    ]),
  );
  expect(listed.length).toBeGreaterThanOrEqual(25);
});

test("another account's ids and names answer 404 on every endpoint that takes one, and nothing of theirs changes", async () => {
  const withIds = operations.filter((o) => o.path.includes('{'));
  expect(withIds.length).toBeGreaterThanOrEqual(10);
  for (const op of withIds) {
    const asA = as(a, op);
    const res = await asA(op.method.toUpperCase(), fill(op.path, b), op.body);
    expect({ op: `${op.method} ${op.path}`, status: res.status, error: res.json.error }).toEqual({
      op: `${op.method} ${op.path}`,
      status: 404,
      error: 'not_found',
    });
    documented(op.path, op.method, res);
    // The same answer as for an id that exists nowhere (the request's own id aside): nothing says B's exists.
    const absent = await asA(op.method.toUpperCase(), fill(op.path, nobody), op.body);
    expect(withoutIds(res.json, b)).toEqual(withoutIds(absent.json, nobody));
  }
  expect(await findDomain(stack.db, b.domain)).toBeDefined();
  expect((await findApiKey(stack.db, b.fullKeyId))!.revokedAt).toBeNull();
  expect((await getWebhookEndpoint(stack.db, b.webhookId))!.active).toBe(true);
  const bSees = keyRequest(stack.baseUrl, b.fullKey);
  expect(
    (await bSees('GET', `/api/suppressions?search=${encodeURIComponent(b.suppressed)}`)).json.suppressions,
  ).toHaveLength(1);
  expect((await bSees('GET', `/api/emails/${b.messageId}`)).status).toBe(200);
  expect(await stack.db('memberships').where({ account_id: b.account.id, user_id: b.memberId }).first('role')).toEqual({
    role: 'developer',
  });
  expect(await stack.db('invitations').where({ id: b.invitationId }).first('revoked_at')).toEqual({ revoked_at: null });
  expect(await stack.db('inbound_rules').where({ id: b.inboundRuleId }).first('match')).toEqual({ match: 'support' });
  expect((await bSees('GET', `/api/inbound-domains/${b.domain}`)).status).toBe(200);
  expect((await bSees('GET', `/api/inbound/${b.inboundId}`)).status).toBe(200);
  expect((await b.owner.request('GET', '/api/auth/session')).status).toBe(200);
});

test('lists and reads show only the caller’s own account', async () => {
  const asA = keyRequest(stack.baseUrl, a.fullKey);
  const reads = operations.filter((o) => o.method === 'get' && !o.path.includes('{'));
  expect(reads.length).toBeGreaterThanOrEqual(7);
  for (const op of reads) {
    const res = await as(a, op)('GET', op.path);
    expect({ op: op.path, status: res.status }).toEqual({
      op: op.path,
      status: op.path === '/api/byoc/cloudformation' ? 409 : 200,
    });
    documented(op.path, 'get', res);
    const text = JSON.stringify(res.json);
    for (const theirs of [
      b.domain,
      b.webhookId,
      b.messageId,
      b.suppressed,
      b.fullKeyId,
      b.templateId,
      b.account.id,
      b.memberId,
      b.invitationId,
      b.inboundRuleId,
      b.inboundId,
      b.sessionId,
      b.exportId,
      b.erasureId,
    ])
      expect(text).not.toContain(theirs);
  }
  const domains = (await asA('GET', '/api/domains')).json.domains as { name: string }[];
  expect(domains.map((d) => d.name)).toEqual([a.domain]);
  const emails = (await asA('GET', '/api/emails')).json.emails as { message_id: string }[];
  expect(emails.map((e) => e.message_id)).toEqual([a.messageId]);
});

test('a sending key gets 403 insufficient_permission on every management endpoint, and no credentials get 401', async () => {
  const asSender = keyRequest(stack.baseUrl, a.apiKey);
  for (const op of operations) {
    const res = await asSender(op.method.toUpperCase(), fill(op.path, a), op.body);
    expect({ op: `${op.method} ${op.path}`, status: res.status, error: res.json.error }).toEqual({
      op: `${op.method} ${op.path}`,
      status: 403,
      error: 'insufficient_permission',
    });
    documented(op.path, op.method, res);
    const anonymous = await call(`${stack.baseUrl}${fill(op.path, a)}`, { method: op.method.toUpperCase() });
    expect({ op: `${op.method} ${op.path}`, status: anonymous.status }).toEqual({
      op: `${op.method} ${op.path}`,
      status: 401,
    });
  }
  // The sending key still sends and reads /api/me/.
  expect((await call(`${stack.baseUrl}/api/me/`, { headers: { 'X-API-Key': a.apiKey } })).status).toBe(200);
  // And nothing was changed by those attempts.
  expect((await findApiKey(stack.db, a.fullKeyId))!.revokedAt).toBeNull();
  expect(await findDomain(stack.db, a.domain)).toBeDefined();
});

test('a full_access key manages keys (never shown their secrets), a revoked key is refused at once, and every change is audited with the key id', async () => {
  const asA = keyRequest(stack.baseUrl, a.fullKey);
  const created: ApiResponse = await asA('POST', '/api/api-keys', {
    name: 'deploy',
    permission: 'full_access',
    domains: [a.domain],
  });
  expect(created.status).toBe(201);
  expect(created.json.api_key).toMatchObject({
    permission: 'full_access',
    domains: [a.domain],
    state: 'active',
    last_used_at: null,
  });
  const newId = (created.json.api_key as { id: string }).id;
  const listed = (await asA('GET', '/api/api-keys')).json.api_keys as Record<string, unknown>[];
  expect(listed.find((k) => k.id === a.fullKeyId)!.last_used_at).not.toBeNull();
  for (const key of listed) expect(Object.keys(key)).not.toContain('secret');
  expect(JSON.stringify(listed)).not.toContain(String(created.json.secret));
  expect((await asA('DELETE', `/api/api-keys/${newId}`)).json).toMatchObject({ state: 'revoked' });
  expect(
    (await call(`${stack.baseUrl}/api/domains`, { headers: { 'X-API-Key': String(created.json.secret) } })).status,
  ).toBe(401);
  const audit = await listAudit(stack.db, a.account.id, 10);
  expect(audit.slice(0, 2).map((e) => [e.action, e.actor])).toEqual([
    ['api_key.revoke', `key:${a.fullKeyId}`],
    ['api_key.create', `key:${a.fullKeyId}`],
  ]);
});

test('a domain-scoped full_access key: every operation is classified, account-wide ones are 403, and nothing outside its scope is shown or changed', async () => {
  // The route table's scoped-key rules (api/routes/operationTable.ts) cover every operation of the document...
  const listed = operations.map((o) => `${o.method.toUpperCase()} ${o.path}`);
  expect(listed.filter((op) => !(op in SCOPED_KEY_ACCESS))).toEqual([]);
  // ...and opens only these to a scoped key.
  expect(
    Object.keys(SCOPED_KEY_ACCESS)
      .filter((op) => SCOPED_KEY_ACCESS[op] !== 'account_wide')
      .sort(),
  ).toEqual(
    [
      'GET /api/domains',
      'GET /api/domains/{name}',
      'DELETE /api/domains/{name}',
      'PATCH /api/domains/{name}',
      'POST /api/domains/{name}/verify',
      'GET /api/api-keys',
      'POST /api/api-keys',
      'DELETE /api/api-keys/{id}',
      'GET /api/emails',
      'GET /api/emails/{message_id}',
      'PATCH /api/emails/{message_id}',
      'POST /api/emails/{message_id}/cancel',
      'GET /api/suppressions',
      'GET /api/suppressions/{address}',
      'GET /api/templates',
      'GET /api/templates/{id}',
      'GET /api/templates/{id}/versions',
      'POST /api/templates/{id}/preview',
      'POST /api/auth/verify-email/resend',
      'POST /api/auth/signout',
      'POST /api/auth/password',
      'POST /api/auth/session/account',
      'GET /api/auth/sessions',
      'DELETE /api/auth/sessions/{id}',
      'POST /api/auth/sessions/end-others',
      'GET /api/auth/two-factor',
      'POST /api/auth/two-factor/setup',
      'POST /api/auth/two-factor/enable',
      'POST /api/auth/two-factor/disable',
      'POST /api/auth/two-factor/recovery-codes',
      'PUT /api/account/two-factor-requirement',
      'GET /api/account/deletion',
      'POST /api/account/deletion',
      'DELETE /api/account/deletion',
      'GET /api/auth/passkeys',
      'POST /api/auth/passkeys/registration-options',
      'POST /api/auth/passkeys',
      'PATCH /api/auth/passkeys/{id}',
      'DELETE /api/auth/passkeys/{id}',
      'GET /api/inbound-domains',
      'POST /api/inbound-domains',
      'GET /api/inbound-domains/{name}',
      'DELETE /api/inbound-domains/{name}',
      'POST /api/inbound-domains/{name}/verify',
      'GET /api/inbound-domains/{name}/rules',
      'POST /api/inbound-domains/{name}/rules',
      'DELETE /api/inbound-domains/{name}/rules/{id}',
      'GET /api/inbound',
      'GET /api/inbound/{id}',
      'GET /api/inbound/{id}/raw',
      'DELETE /api/inbound/{id}',
    ].sort(),
  );
  const asScoped = keyRequest(stack.baseUrl, c.scopedKey);
  const asUnscoped = keyRequest(stack.baseUrl, c.fullKey);
  for (const op of operations) {
    const name = `${op.method.toUpperCase()} ${op.path}`;
    const access = SCOPED_KEY_ACCESS[name];
    const res = await asScoped(op.method.toUpperCase(), fill(op.path, c), op.body);
    documented(op.path, op.method, res);
    const seen = { op: name, status: res.status, error: res.json.error };
    if (access === 'account_wide' || access === 'within')
      expect(seen).toEqual({ op: name, status: 403, error: 'insufficient_permission' });
    else if (access === 'domain' || access === 'message' || access === 'key' || access === 'in_scope')
      expect(seen).toEqual({ op: name, status: 404, error: 'not_found' });
    else if (access === 'filtered') {
      expect(seen).toEqual({ op: name, status: 200, error: undefined });
      for (const outside of [c.domain, c.messageId, c.fullKeyId, c.inboundId])
        expect({ op: name, shows: JSON.stringify(res.json).includes(outside) }).toEqual({ op: name, shows: false });
    } else
      expect(seen).toEqual({
        op: name,
        status: (await asUnscoped(op.method.toUpperCase(), fill(op.path, c), op.body)).status,
        error: res.json.error,
      });
  }
  expect(await findDomain(stack.db, c.domain)).toBeDefined();
  expect((await findApiKey(stack.db, c.fullKeyId))!.revokedAt).toBeNull();
  expect((await getWebhookEndpoint(stack.db, c.webhookId))!.active).toBe(true);
  expect((await asUnscoped('GET', `/api/inbound/${c.inboundId}`)).status).toBe(200);
  expect(
    (await asUnscoped('GET', `/api/suppressions?search=${encodeURIComponent(c.suppressed)}`)).json.suppressions,
  ).toHaveLength(1);
});
