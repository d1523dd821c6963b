// A new customer, over HTTP only, from sign-up to a first webhook: sign up -> the verification link
// from the SES emulator's store -> verify -> sign in -> add a shared domain -> (the operator marks
// it verified and grants Growth, through postage-admin) -> create a sending key -> send -> the
// message and its timeline reach `delivered` -> create a webhook, fire its test event, see the
// delivery listed. Every response is checked against /openapi.json.
import { cliFor, ok, type Cli } from '../cli/cliHarness';
import { startServiceStack, type ServiceStack } from '../helpers/serviceStack';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhookReceiver';
import { eventually } from '../helpers/wait';
import { uniqueName } from '../helpers/fixtures';
import { send } from '../api/helpers/http';
import { loadOpenApiCheck, type DocumentedCheck } from '../api/helpers/openApi';
import { createSystemAccount, linkToken, SYSTEM_EMAIL_ENV, uniqueEmail, waitForEmail, WebClient } from './helpers';

let stack: ServiceStack;
let documented: DocumentedCheck;
let receiver: WebhookReceiver;
let cli: Cli;

beforeAll(async () => {
  stack = await startServiceStack({ env: SYSTEM_EMAIL_ENV });
  await createSystemAccount(stack.db);
  documented = await loadOpenApiCheck(stack.baseUrl);
  receiver = await startWebhookReceiver();
  cli = cliFor({ DATABASE_URL: stack.database.url, SES_DOMAIN_IDENTITIES: 'local' });
});
afterAll(async () => {
  await receiver?.close();
  await stack?.stop();
});

test('sign up, verify, sign in, add a domain, send with a new key, watch it reach delivered, test a webhook', async () => {
  const web = new WebClient(stack.baseUrl);
  const email = uniqueEmail('alice');
  const password = 'correct horse battery staple';

  const signup = await web.request('POST', '/api/auth/signup', { email, password, name: 'Alice' });
  expect(signup.status).toBe(202);
  documented('/api/auth/signup', 'post', signup);

  // The verification email went through Postage's own pipeline to the SES emulator.
  const verification = await waitForEmail(email);
  expect(verification.subject).toMatch(/confirm/i);
  const token = linkToken(verification, '/verify-email');
  const verified = await web.request('POST', '/api/auth/verify-email', { token });
  expect(verified.status).toBe(200);
  documented('/api/auth/verify-email', 'post', verified);
  // Single use.
  expect((await web.request('POST', '/api/auth/verify-email', { token })).status).toBe(400);

  const signin = await web.signIn(email, password);
  expect(signin.status).toBe(200);
  documented('/api/auth/signin', 'post', signin);
  expect(signin.json).toMatchObject({
    user: { email },
    account: { email, name: 'Alice', is_verified: true, current_plan: '' },
  });
  const session = await web.request('GET', '/api/auth/session');
  documented('/api/auth/session', 'get', session);
  expect(session.json.csrf_token).toBe(web.csrf);

  const domainName = `${uniqueName('alice')}.example.com`;
  const added = await web.request('POST', '/api/domains', { name: domainName, sending_mode: 'shared' });
  expect(added.status).toBe(201);
  documented('/api/domains', 'post', added);
  const records = added.json.records as { purpose: string; type: string; status: string }[];
  // The DKIM CNAMEs follow once ownership is verified.
  expect(records.map((r) => `${r.purpose}:${r.type}`)).toEqual([
    'ownership:TXT',
    'mail_from:MX',
    'spf:TXT',
    'dmarc:TXT',
  ]);
  expect(added.json).toMatchObject({ status: 'pending_ownership', can_send: false });

  // The operator's part: the domain has no public DNS here, and shared mode needs Growth.
  ok(await cli(['domain', 'mark-verified', domainName]));
  ok(await cli(['account', 'set', email, '--plan', 'growth']));
  const domain = await web.request('GET', `/api/domains/${domainName}`);
  documented('/api/domains/{name}', 'get', domain);
  expect(domain.json).toMatchObject({ status: 'verified', can_send: true });

  const created = await web.request('POST', '/api/api-keys', {
    name: 'production',
    permission: 'sending',
    domains: [domainName],
  });
  expect(created.status).toBe(201);
  documented('/api/api-keys', 'post', created);
  const secret = String(created.json.secret);

  const sent = await send(stack, secret, {
    from_email: `hello@${domainName}`,
    to: `delivered@${stack.config.testDomain}`,
    subject: 'First',
    message: 'Hi.',
  });
  expect(sent.status).toBe(200);
  const messageId = String(sent.json.message_id);

  const detail = await eventually('the message delivered', async () => {
    const res = await web.request('GET', `/api/emails/${messageId}`);
    return (res.json.email as { status?: string } | undefined)?.status === 'delivered' ? res : undefined;
  });
  documented('/api/emails/{message_id}', 'get', detail);
  const timeline = detail.json.timeline as { type: string; at: string; details: Record<string, string> }[];
  expect(timeline.map((e) => e.type)).toEqual(['queued', 'sent', 'delivered']);
  expect(timeline[1]!.details.provider_message_id).toMatch(/^service-test-/);
  expect(new Date(timeline[0]!.at) <= new Date(timeline[2]!.at)).toBe(true);
  const list = await web.request('GET', '/api/emails?status=delivered');
  documented('/api/emails', 'get', list);
  expect((list.json.emails as { message_id: string }[]).map((e) => e.message_id)).toEqual([messageId]);

  const webhook = await web.request('POST', '/api/webhooks', {
    url: receiver.url,
    events: ['email.delivered', 'email.bounced'],
  });
  expect(webhook.status).toBe(201);
  documented('/api/webhooks', 'post', webhook);
  receiver.setSecret(String(webhook.json.signing_secret));
  const id = String((webhook.json.webhook as { id: string }).id);
  const fired = await web.request('POST', `/api/webhooks/${id}/test`, { event_type: 'email.bounced' });
  expect(fired.status).toBe(200);
  documented('/api/webhooks/{id}/test', 'post', fired);
  expect(fired.json.delivery).toMatchObject({
    test: true,
    succeeded: true,
    status_code: 200,
    event_type: 'email.bounced',
  });
  const got = await receiver.waitFor((r) => r.headers['x-service-event'] === 'email.bounced');
  expect(got.signatureValid).toBe(true);
  expect(got.json).toMatchObject({
    status: 'bounced',
    bounce_type: 'Permanent',
    bounce_subtype: 'General',
    provider_message_id: expect.stringMatching(/^service-test-/),
  });
  expect((got.json as { timestamp: string }).timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}\+00:00$/);
  const deliveries = await web.request('GET', `/api/webhooks/${id}/deliveries`);
  documented('/api/webhooks/{id}/deliveries', 'get', deliveries);
  expect(deliveries.json.deliveries).toEqual([
    expect.objectContaining({ event_type: 'email.bounced', test: true, succeeded: true, status_code: 200 }),
  ]);
});
