// Every operation of /openapi.json that needs credentials, called by each role of a team (owner,
// admin, developer, viewer) and by a full_access API key: the roles the policy below allows get
// their success answer, every other gets 403 insufficient_role (documented) and nothing in the
// account changes. The policy is written here from the roles as docs/teams.md ("Roles") and
// docs/decisions.md ("Teams") state them, not read from the route table, so a row given the wrong
// role fails.
import { randomUUID } from 'node:crypto';
import { createApiKey } from '../../core/accounts/apiKeys';
import { insertMemberUser } from '../../core/accounts/members';
import { hashPassword } from '../../core/accounts/passwords';
import { ROLES, type Role } from '../../core/accounts/roles';
import { suppressManually } from '../../core/accounts/suppressions';
import { addDomain, markDomainVerified } from '../../core/domains/domains';
import { createInboundDomain } from '../../core/inbound/inboundDomains';
import { createInboundRule } from '../../core/inbound/inboundRules';
import { receiveMessage } from '../../core/inbound/receiveMessage';
import { createLogger } from '../../core/platform/logger';
import { exportAddress } from '../../core/privacy/addressExports';
import { sha256 } from '../../core/platform/crypto';
import { insertQueuedLogRow } from '../../core/sending/emailLog';
import { sendTestWebhookEvent } from '../../core/webhooks/webhookTestEvents';
import { createTemplate, publishTemplate } from '../../core/templates/templates';
import { createEndpoint, createSender, uniqueName, type SenderFixture } from '../helpers/fixtures';
import { startServiceStack, type ServiceStack } from '../helpers/serviceStack';
import { send, testSendBody, type ApiResponse } from '../api/helpers/http';
import { loadOpenApiCheck, type DocumentedCheck } from '../api/helpers/openApi';
import { createSystemAccount, keyRequest, SYSTEM_EMAIL_ENV, WebClient } from './helpers';

// ---- the policy (docs/decisions.md, "Teams") ----
const ADMIN_OPERATIONS = [
  'PATCH /api/members/{user_id}',
  'DELETE /api/members/{user_id}',
  'POST /api/invitations',
  'DELETE /api/invitations/{id}',
  'POST /api/privacy/exports',
  'GET /api/privacy/exports',
  'GET /api/privacy/exports/{id}',
  'PUT /api/account/retention',
  // Erasing an address (docs/privacy.md): owners and admins read and start them.
  'GET /api/privacy/erasures',
  'GET /api/privacy/erasures/{id}',
  'POST /api/privacy/erasures',
];
// The transfer last: it makes the owner an admin.
const OWNER_OPERATIONS = [
  'PUT /api/account/two-factor-requirement',
  'POST /api/account/deletion',
  'DELETE /api/account/deletion',
  'POST /api/account/transfer-ownership',
];
/** Changes nothing of the account's, or only the caller's own session, password or membership: every member. */
const ANY_MEMBER_POSTS = [
  'POST /api/templates/{id}/preview',
  'POST /api/auth/verify-email/resend',
  'POST /api/auth/signout',
  'POST /api/auth/password',
  'POST /api/auth/session/account',
  'POST /api/account/leave',
  'DELETE /api/auth/sessions/{id}',
  'POST /api/auth/sessions/end-others',
  'POST /api/auth/two-factor/setup',
  'POST /api/auth/two-factor/enable',
  'POST /api/auth/two-factor/disable',
  'POST /api/auth/two-factor/recovery-codes',
  'POST /api/auth/passkeys/registration-options',
  'POST /api/auth/passkeys',
  'PATCH /api/auth/passkeys/{id}',
  'DELETE /api/auth/passkeys/{id}',
];
function neededRole(op: string): Role {
  if (OWNER_OPERATIONS.includes(op)) return 'owner';
  if (ADMIN_OPERATIONS.includes(op)) return 'admin';
  if (op.startsWith('GET ') || ANY_MEMBER_POSTS.includes(op)) return 'viewer';
  return 'developer';
}
const allows = (role: Role, op: string) => ROLES.indexOf(role) >= ROLES.indexOf(neededRole(op));
/** Only people have a session, a password or a membership to leave: a key is answered 404 there. */
const PEOPLE_ONLY = [
  'POST /api/auth/verify-email/resend',
  'POST /api/auth/password',
  'POST /api/auth/session/account',
  'POST /api/account/leave',
  'GET /api/auth/sessions',
  'DELETE /api/auth/sessions/{id}',
  'POST /api/auth/sessions/end-others',
  'GET /api/auth/two-factor',
  'POST /api/auth/two-factor/setup',
  'POST /api/auth/two-factor/enable',
  'POST /api/auth/two-factor/disable',
  'POST /api/auth/two-factor/recovery-codes',
  'GET /api/auth/passkeys',
  'POST /api/auth/passkeys/registration-options',
  'POST /api/auth/passkeys',
  'PATCH /api/auth/passkeys/{id}',
  'DELETE /api/auth/passkeys/{id}',
  'GET /api/account/deletion',
  'POST /api/account/deletion',
  'DELETE /api/account/deletion',
  'GET /api/account/retention',
];

let stack: ServiceStack;
let documented: DocumentedCheck;
let tenant: SenderFixture;
let ownerKey: string;
const PASSWORD = 'a permissions-test password';
let passwordHash: string;
const sessions = new Map<Role, WebClient>();
const emails = new Map<Role, string>();
let ownerEmail: string;

type Caller = (method: string, path: string, body?: unknown) => Promise<ApiResponse>;
interface Prepared {
  path: string;
  body?: unknown;
  /** An allowed call's answer when it is not a success, and why. */
  /** `error` absent: an answer without one (field errors). */
  expect?: { status: number; error?: string };
  /** Who calls it: a fresh member of the role where the call ends the caller's session or membership. */
  fresh?: boolean;
}

async function signedIn(email: string): Promise<WebClient> {
  const client = new WebClient(stack.baseUrl);
  expect((await client.signIn(email, PASSWORD)).status).toBe(200);
  return client;
}

async function member(role: Role): Promise<{ userId: string; email: string; client: WebClient }> {
  const email = `${uniqueName(role)}@example.org`;
  const created = await insertMemberUser(stack.db, { accountId: tenant.account.id, email, passwordHash, role });
  return { userId: created.userId, email, client: await signedIn(email) };
}

const asOwnerKey: () => Caller = () => keyRequest(stack.baseUrl, ownerKey);

async function freshDomain(): Promise<string> {
  const name = `${uniqueName('perm')}.example.com`;
  await addDomain(stack.db, { accountId: tenant.account.id, name, mode: 'shared' }, 'test');
  await markDomainVerified(stack.db, name, 'test');
  return name;
}
async function freshWebhook(): Promise<string> {
  return (await createEndpoint(stack.db, stack.config.secretKey, tenant.account.id, 'http://127.0.0.1:9/hook')).endpoint
    .id;
}
async function freshExport(): Promise<string> {
  const made = await exportAddress(
    { db: stack.db, secretKey: stack.config.secretKey },
    { accountId: tenant.account.id, address: 'someone@example.org', actor: 'test' },
  );
  if (made.kind !== 'created') throw new Error('no export');
  return made.export.id;
}
async function freshTemplate(): Promise<string> {
  const t = await createTemplate(
    stack.db,
    { accountId: tenant.account.id, name: uniqueName('t'), content: { subject: 'Hi', html: '<p>Hi</p>', text: null } },
    'test',
  );
  return t.id;
}
async function scheduledMessage(): Promise<string> {
  const res = await send(
    stack,
    tenant.apiKey,
    testSendBody(stack, tenant.domain, { scheduled_at: new Date(Date.now() + 86_400_000).toISOString() }),
  );
  expect(res.status).toBe(200);
  return String(res.json.message_id);
}
async function freshInvitation(): Promise<string> {
  const [row] = await stack
    .db('invitations')
    .insert({
      account_id: tenant.account.id,
      email: `${uniqueName('inv')}@example.org`,
      role: 'viewer',
      token_hash: sha256(randomUUID()),
      invited_by_actor: 'test',
      expires_at: new Date(Date.now() + 86_400_000),
    })
    .returning<{ id: string }[]>('id');
  return row!.id;
}
async function freshInboundDomain(): Promise<string> {
  const name = `${uniqueName('in')}.${tenant.domain}`;
  await createInboundDomain(stack.db, { accountId: tenant.account.id, name }, 'test');
  return name;
}
async function freshInboundRule(): Promise<string> {
  const name = `${uniqueName('in')}.${tenant.domain}`;
  const domain = await createInboundDomain(stack.db, { accountId: tenant.account.id, name }, 'test');
  const rule = await createInboundRule(stack.db, domain, { match: 'support' }, 'test');
  return `/api/inbound-domains/${name}/rules/${rule.id}`;
}
/** A received message (stored and counted; this stack has no worker to parse it, which reading does not need). */
async function freshReceived(): Promise<string> {
  const name = `${uniqueName('in')}.${tenant.domain}`;
  const domain = await createInboundDomain(stack.db, { accountId: tenant.account.id, name }, 'test');
  await createInboundRule(stack.db, domain, { match: '*' }, 'test');
  const outcome = await receiveMessage(
    {
      db: stack.db,
      workflows: { startReceive: async () => 'started' },
      logger: createLogger('silent', 'test'),
      startTimeoutMs: 1000,
    },
    {
      source: 'mx',
      raw: Buffer.from(`From: ann@example.org\r\nSubject: Hi\r\n\r\nHello\r\n`),
      envelopeFrom: 'ann@example.org',
      recipient: `hello@${name}`,
    },
  );
  if (outcome.kind !== 'accepted') throw new Error(`not received: ${JSON.stringify(outcome)}`);
  return outcome.inboundId;
}
async function freshSuppression(): Promise<string> {
  const address = `${uniqueName('gone')}@example.org`;
  await suppressManually(stack.db, { accountId: tenant.account.id, address }, 'test');
  return encodeURIComponent(address);
}

/** A request that would succeed for an allowed caller: fresh resources where the call consumes one. */
const PREPARE: Record<string, (role: Role | 'key') => Promise<Prepared>> = {
  'POST /api/domains': async () => ({
    path: '/api/domains',
    body: { name: `${uniqueName('new')}.example.com`, sending_mode: 'shared' },
  }),
  'GET /api/domains/{name}': async () => ({ path: `/api/domains/${tenant.domain}` }),
  'DELETE /api/domains/{name}': async () => ({ path: `/api/domains/${await freshDomain()}` }),
  'PATCH /api/domains/{name}': async () => ({ path: `/api/domains/${tenant.domain}`, body: { track_clicks: true } }),
  'POST /api/domains/{name}/verify': async () => ({ path: `/api/domains/${tenant.domain}/verify` }),
  'POST /api/api-keys': async () => ({ path: '/api/api-keys', body: { name: 'probe', permission: 'sending' } }),
  'DELETE /api/api-keys/{id}': async () => ({
    path: `/api/api-keys/${(await createApiKey(stack.db, { accountId: tenant.account.id, name: 'doomed' }, 'test')).apiKey.id}`,
  }),
  'POST /api/webhooks': async () => ({
    path: '/api/webhooks',
    body: { url: 'http://127.0.0.1:9/probe', events: ['email.delivered'] },
  }),
  'PATCH /api/webhooks/{id}': async () => ({ path: `/api/webhooks/${await freshWebhook()}`, body: { active: false } }),
  'DELETE /api/webhooks/{id}': async () => ({ path: `/api/webhooks/${await freshWebhook()}` }),
  'GET /api/webhooks/{id}/deliveries': async () => ({ path: `/api/webhooks/${await freshWebhook()}/deliveries` }),
  'POST /api/webhooks/{id}/test': async () => ({
    path: `/api/webhooks/${await freshWebhook()}/test`,
    body: { event_type: 'email.delivered' },
  }),
  'POST /api/webhooks/{id}/deliveries/{delivery_id}/replay': async () => {
    const id = await freshWebhook();
    // A delivery to replay, made without the account's test-event allowance (the walk's own tests and replays use it).
    await sendTestWebhookEvent(
      stack.db,
      stack.config,
      { accountId: tenant.account.id, endpointId: id, event: 'email.delivered' },
      async () => undefined,
    );
    const deliveries = (await asOwnerKey()('GET', `/api/webhooks/${id}/deliveries`)).json.deliveries as {
      id: number | string;
    }[];
    return { path: `/api/webhooks/${id}/deliveries/${deliveries[0]!.id}/replay` };
  },
  'POST /api/webhooks/{id}/rotate-secret': async () => ({
    path: `/api/webhooks/${await freshWebhook()}/rotate-secret`,
  }),
  'PUT /api/byoc': async () => ({
    path: '/api/byoc',
    body: { role_arn: 'arn:aws:iam::210987654321:role/Service-BYOC-Role', region: 'us-east-1' },
  }),
  'POST /api/byoc/validate': async () => ({ path: '/api/byoc/validate' }),
  // The template needs BYOC saved: after a developer's PUT /api/byoc in an earlier walk it is 200.
  'GET /api/byoc/cloudformation': async () => ({
    path: '/api/byoc/cloudformation',
    ...((await stack.db('byoc_configs').where({ account_id: tenant.account.id }).first())
      ? {}
      : { expect: { status: 409, error: 'byoc_setup_required' } }),
  }),
  'GET /api/emails/{message_id}': async () => {
    const messageId = randomUUID();
    await insertQueuedLogRow(stack.db, {
      messageId,
      accountId: tenant.account.id,
      recipient: `someone@${tenant.domain}`,
      fromEmail: `hi@${tenant.domain}`,
      subject: 'Hi',
      kind: 'real',
      attachments: 0,
    });
    return { path: `/api/emails/${messageId}` };
  },
  'PATCH /api/emails/{message_id}': async () => ({
    path: `/api/emails/${await scheduledMessage()}`,
    body: { scheduled_at: new Date(Date.now() + 2 * 86_400_000).toISOString() },
  }),
  'POST /api/emails/{message_id}/cancel': async () => ({ path: `/api/emails/${await scheduledMessage()}/cancel` }),
  'POST /api/privacy/erasures': async () => ({
    path: '/api/privacy/erasures',
    body: { address: `${uniqueName('forget')}@example.org` },
  }),
  'GET /api/privacy/erasures/{id}': async () => {
    const [row] = await stack
      .db('erasures')
      .insert({
        id: randomUUID(),
        account_id: tenant.account.id,
        address_hash: 'probe',
        requested_by: 'test',
        status: 'completed',
      })
      .returning<{ id: string }[]>('id');
    return { path: `/api/privacy/erasures/${row!.id}` };
  },
  'POST /api/suppressions': async () => ({
    path: '/api/suppressions',
    body: { address: `${uniqueName('stop')}@example.org` },
  }),
  'GET /api/suppressions/{address}': async () => ({ path: `/api/suppressions/${await freshSuppression()}` }),
  'DELETE /api/suppressions/{address}': async () => ({ path: `/api/suppressions/${await freshSuppression()}` }),
  'PATCH /api/members/{user_id}': async () => ({
    path: `/api/members/${(await member('viewer')).userId}`,
    body: { role: 'developer' },
  }),
  'DELETE /api/members/{user_id}': async () => ({ path: `/api/members/${(await member('developer')).userId}` }),
  'POST /api/account/leave': async (role) => ({
    path: '/api/account/leave',
    fresh: true,
    ...(role === 'owner' ? { expect: { status: 409, error: 'ownership_transfer_required' } } : {}),
  }),
  'POST /api/account/transfer-ownership': async () => ({
    path: '/api/account/transfer-ownership',
    body: { user_id: (await member('developer')).userId },
  }),
  'POST /api/invitations': async () => ({
    path: '/api/invitations',
    body: { email: `${uniqueName('invitee')}@example.org`, role: 'viewer' },
  }),
  'DELETE /api/invitations/{id}': async () => ({ path: `/api/invitations/${await freshInvitation()}` }),
  'POST /api/privacy/exports': async () => ({ path: '/api/privacy/exports', body: { address: 'someone@example.org' } }),
  'GET /api/privacy/exports/{id}': async () => ({ path: `/api/privacy/exports/${await freshExport()}` }),
  'POST /api/templates': async () => ({
    path: '/api/templates',
    body: { name: 'probe', subject: 'Hi', html: '<p>Hi</p>' },
  }),
  'GET /api/templates/{id}': async () => ({ path: `/api/templates/${await freshTemplate()}` }),
  'PATCH /api/templates/{id}': async () => ({
    path: `/api/templates/${await freshTemplate()}`,
    body: { name: 'renamed' },
  }),
  'DELETE /api/templates/{id}': async () => ({ path: `/api/templates/${await freshTemplate()}` }),
  'POST /api/templates/{id}/publish': async () => ({ path: `/api/templates/${await freshTemplate()}/publish` }),
  'GET /api/templates/{id}/versions': async () => ({ path: `/api/templates/${await freshTemplate()}/versions` }),
  'POST /api/templates/{id}/preview': async () => ({
    path: `/api/templates/${await freshTemplate()}/preview`,
    body: {},
  }),
  'POST /api/templates/{id}/test-send': async () => ({
    path: `/api/templates/${await freshTemplate()}/test-send`,
    body: { from_email: `hello@${tenant.domain}`, recipient: 'delivered' },
  }),
  'POST /api/inbound-domains': async () => ({
    path: '/api/inbound-domains',
    body: { name: `${uniqueName('new')}.${tenant.domain}` },
  }),
  'GET /api/inbound-domains/{name}': async () => ({ path: `/api/inbound-domains/${await freshInboundDomain()}` }),
  'DELETE /api/inbound-domains/{name}': async () => ({ path: `/api/inbound-domains/${await freshInboundDomain()}` }),
  'POST /api/inbound-domains/{name}/verify': async () => ({
    path: `/api/inbound-domains/${await freshInboundDomain()}/verify`,
  }),
  'GET /api/inbound-domains/{name}/rules': async () => ({
    path: `/api/inbound-domains/${await freshInboundDomain()}/rules`,
  }),
  'POST /api/inbound-domains/{name}/rules': async () => ({
    path: `/api/inbound-domains/${await freshInboundDomain()}/rules`,
    body: { match: 'support' },
  }),
  'DELETE /api/inbound-domains/{name}/rules/{id}': async () => ({ path: await freshInboundRule() }),
  'GET /api/inbound/{id}': async () => ({ path: `/api/inbound/${await freshReceived()}` }),
  'GET /api/inbound/{id}/raw': async () => ({ path: `/api/inbound/${await freshReceived()}/raw` }),
  'DELETE /api/inbound/{id}': async () => ({ path: `/api/inbound/${await freshReceived()}` }),
  'POST /api/auth/signout': async () => ({ path: '/api/auth/signout', fresh: true }),
  // The same password again: the owner has only one person, whose other sessions end with it.
  'POST /api/auth/password': async () => ({
    path: '/api/auth/password',
    fresh: true,
    body: { current_password: PASSWORD, new_password: PASSWORD },
  }),
  'POST /api/auth/session/account': async () => ({
    path: '/api/auth/session/account',
    body: { account_id: tenant.account.id },
  }),
  // A wrong code: allowed to try, refused on the field (within the person's limit of tries).
  'POST /api/auth/two-factor/enable': async () => ({
    path: '/api/auth/two-factor/enable',
    body: { code: '000000' },
    expect: { status: 400 },
  }),
  // Off already (the members have no app): nothing to prove, and it stays off.
  'POST /api/auth/two-factor/disable': async () => ({
    path: '/api/auth/two-factor/disable',
    body: { code: '000000' },
  }),
  'POST /api/auth/two-factor/recovery-codes': async () => ({
    path: '/api/auth/two-factor/recovery-codes',
    body: { code: '000000' },
    expect: { status: 409, error: 'two_factor_not_set_up' },
  }),
  'PUT /api/account/two-factor-requirement': async () => ({
    path: '/api/account/two-factor-requirement',
    body: { required: false },
  }),
  // A confirmation that is not the name: the owner may ask, and nothing is scheduled.
  'POST /api/account/deletion': async () => ({
    path: '/api/account/deletion',
    body: { confirm: 'not the name' },
    expect: { status: 400 },
  }),
  // Back to the default: a valid change for every caller allowed to make it.
  'PUT /api/account/retention': async () => ({
    path: '/api/account/retention',
    body: { email_log: null },
  }),
  // An answer no authenticator made: refused on the field.
  'POST /api/auth/passkeys': async () => ({
    path: '/api/auth/passkeys',
    body: {
      name: 'probe',
      response: {
        id: 'AAAA',
        rawId: 'AAAA',
        type: 'public-key',
        response: { clientDataJSON: 'AAAA', attestationObject: 'AAAA' },
        clientExtensionResults: {},
      },
    },
    expect: { status: 400 },
  }),
  // No passkey of the caller's has this id.
  'PATCH /api/auth/passkeys/{id}': async () => ({
    path: `/api/auth/passkeys/${randomUUID()}`,
    body: { name: 'renamed' },
    expect: { status: 404, error: 'not_found' },
  }),
  'DELETE /api/auth/passkeys/{id}': async () => ({
    path: `/api/auth/passkeys/${randomUUID()}`,
    expect: { status: 404, error: 'not_found' },
  }),
  // Another session of the caller's own (a second sign-in), which the call ends.
  'DELETE /api/auth/sessions/{id}': async (who) => {
    if (who === 'key') return { path: `/api/auth/sessions/${randomUUID()}` };
    const second = await signedIn(emails.get(who)!);
    const listed = (await second.request('GET', '/api/auth/sessions')).json.sessions as {
      id: string;
      current: boolean;
    }[];
    return { path: `/api/auth/sessions/${listed.find((s) => s.current)!.id}` };
  },
};

/** Everything the account holds, but the times a read itself moves (a key's or a membership's last use). */
async function accountSnapshot(): Promise<string> {
  const tables = await stack
    .db('information_schema.columns')
    .where({ table_schema: 'public', column_name: 'account_id' })
    .pluck<string[]>('table_name');
  const rows: Record<string, unknown[]> = {};
  for (const table of tables.sort()) {
    if (table === 'sessions') continue; // sign-ins of the fixtures' members
    rows[table] = (await stack.db(table).where({ account_id: tenant.account.id }).select('*')).map(
      ({ last_used_at: _l, ...rest }: Record<string, unknown>) => rest,
    );
    rows[table]!.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  }
  rows.account = await stack.db('accounts').where({ id: tenant.account.id }).select('*');
  return JSON.stringify(rows);
}

let operations: string[];

beforeAll(async () => {
  stack = await startServiceStack({
    worker: false,
    env: {
      ...SYSTEM_EMAIL_ENV,
      WEBHOOK_TIMEOUT_MS: '500',
      STS_ENDPOINT: 'http://127.0.0.1:9',
      RATE_LIMIT_PER_MINUTE: '100000',
    },
  });
  documented = await loadOpenApiCheck(stack.baseUrl);
  await createSystemAccount(stack.db); // invitations go out through Postage's own pipeline
  passwordHash = await hashPassword(PASSWORD);
  tenant = await createSender(stack.db, { plan: 'growth' });
  ownerKey = (
    await createApiKey(stack.db, { accountId: tenant.account.id, name: 'owner key', permission: 'full_access' }, 'test')
  ).secret;
  for (const role of ROLES) {
    const m = await member(role);
    sessions.set(role, m.client);
    emails.set(role, m.email);
    if (role === 'owner') ownerEmail = m.email;
  }
  const template = await freshTemplate();
  await publishTemplate(stack.db, tenant.account.id, template, 'test');
  const doc = (await (await fetch(`${stack.baseUrl}/openapi.json`)).json()) as {
    paths: Record<string, Record<string, { security?: unknown[] }>>;
  };
  operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    path.startsWith('/api/send/') || path.startsWith('/api/me/')
      ? []
      : Object.entries(methods).flatMap(([method, op]) =>
          op.security?.length ? [`${method.toUpperCase()} ${path}`] : [],
        ),
  );
}, 60_000);
afterAll(async () => stack?.stop());

async function prepare(who: Role | 'key', op: string): Promise<Prepared> {
  const template = op.split(' ')[1]!;
  return PREPARE[op] ? PREPARE[op]!(who) : { path: template };
}

async function call(
  who: Role | 'key',
  op: string,
  prepared: Prepared,
): Promise<{ prepared: Prepared; res: ApiResponse }> {
  const method = op.split(' ')[0]!;
  let caller: Caller;
  if (who === 'key') caller = asOwnerKey();
  else {
    // There is one owner: a call that ends sessions runs in another of the owner's sessions, and the owner signs in again after it.
    const client = !prepared.fresh
      ? sessions.get(who)!
      : who === 'owner'
        ? await signedIn(ownerEmail)
        : (await member(who)).client;
    caller = (m, p, b) => client.request(m, p, b);
  }
  const res = await caller(method, prepared.path, prepared.body);
  if (prepared.fresh && who === 'owner') sessions.set('owner', await signedIn(ownerEmail));
  return { prepared, res };
}

test('the policy classifies every operation of the document, and names only operations it has', () => {
  expect(operations.length).toBeGreaterThanOrEqual(50);
  for (const op of [...ADMIN_OPERATIONS, ...OWNER_OPERATIONS, ...ANY_MEMBER_POSTS]) expect(operations).toContain(op);
  for (const op of Object.keys(PREPARE)) expect(operations).toContain(op);
  // A path with a parameter needs a prepared request, or the walk would call a made-up id.
  expect(operations.filter((op) => op.includes('{') && !PREPARE[op])).toEqual([]);
});

describe.each(ROLES.map((role) => [role]))('a member whose role is %s', (role) => {
  test('succeeds where the role allows and is refused with 403 insufficient_role elsewhere, changing nothing', async () => {
    // The owner's transfer goes last: it makes the owner an admin.
    const ordered = [...operations.filter((op) => !OWNER_OPERATIONS.includes(op)), ...OWNER_OPERATIONS];
    for (const op of ordered) {
      const prepared = await prepare(role, op);
      const before = allows(role, op) ? undefined : await accountSnapshot();
      const { res } = await call(role, op, prepared);
      const [method, template] = op.split(' ') as [string, string];
      documented(template, method.toLowerCase() as 'get', res);
      const seen = { op, status: res.status, error: res.json.error };
      if (!allows(role, op)) {
        expect(seen).toEqual({ op, status: 403, error: 'insufficient_role' });
        expect({ op, unchanged: (await accountSnapshot()) === before }).toEqual({ op, unchanged: true });
      } else if (prepared.expect) expect(seen).toEqual({ op, ...prepared.expect });
      else
        expect({
          op,
          success: res.status >= 200 && res.status < 300,
          status: res.status,
          body: res.status >= 300 ? res.json : undefined,
        }).toMatchObject({ op, success: true });
    }
  });
});

test('a full_access API key acts as a developer: never an admin or owner operation', async () => {
  for (const op of operations) {
    const { res } = await call('key', op, await prepare('key', op));
    const [method, template] = op.split(' ') as [string, string];
    documented(template, method.toLowerCase() as 'get', res);
    if (!allows('developer', op))
      expect({ op, status: res.status, error: res.json.error }).toEqual({
        op,
        status: 403,
        error: 'insufficient_role',
      });
    else if (PEOPLE_ONLY.includes(op)) expect({ op, status: res.status }).toEqual({ op, status: 404 });
    else expect({ op, status: res.status < 300 || res.status === 409 }).toEqual({ op, status: true });
  }
});
