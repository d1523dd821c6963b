// A TypeScript consumer that imports the installed package (ES modules): it type-checks only when
// the `import` condition's types are found and say what the SDK does.
import {
  ErrorCode,
  Postage,
  PostageApiError,
  verifyWebhook,
  type AuditEntry,
  type EmailDetail,
  type Member,
  type SendRequest,
  type WebhookEvent,
} from '@postage/sdk';

const postage = new Postage({ apiKey: 'pk_x', baseUrl: 'http://127.0.0.1:1', timeoutMs: 1000, maxRetries: 0 });
const email: SendRequest = {
  from_email: 'hello@example.com',
  to: 'ada@example.org',
  subject: 'Hi',
  html: '<p>Hi</p>',
  tags: { run: 'x' },
};
const withTemplate: SendRequest = {
  from_email: 'hello@example.com',
  to: 'ada@example.org',
  template: { id: 'welcome', variables: { name: 'Ada' } },
};
// @ts-expect-error a send needs a body: message, html, attachments or template
const empty: SendRequest = { from_email: 'hello@example.com', to: 'ada@example.org' };

export async function run(): Promise<string> {
  const sent = await postage.emails.send(email, { idempotencyKey: 'k' });
  await postage.emails.sendBatch({ emails: [email, withTemplate] });
  const detail: EmailDetail = await postage.emails.get(sent.message_id);
  for await (const row of postage.emails.list({ status: 'delivered', since: new Date() }))
    row.message_id satisfies string;
  for await (const entry of postage.audit.list({ action: 'api_key', since: new Date(), limit: 100 }))
    (entry satisfies AuditEntry).actor.type satisfies 'user' | 'key' | 'cli' | 'system';
  const owners: Member[] = (await postage.members.list()).members.filter((m) => m.role === 'owner');
  // @ts-expect-error an invitation is never for an owner: ownership moves only by transfer
  (await postage.invitations.list()).invitations.filter((i) => i.role === 'owner');
  void owners;
  try {
    await postage.emails.cancel(detail.email.message_id);
  } catch (err) {
    if (err instanceof PostageApiError && err.code === ErrorCode.NotScheduled) return err.detail;
    if (err instanceof PostageApiError && err.code === 'a_code_from_the_future') return 'unknown codes are strings';
  }
  const event: WebhookEvent = await verifyWebhook(new Uint8Array(), { 'x-service-signature': 'sha256=' }, 'whsec_x');
  void empty;
  return `${event.type} ${event.messageId}`;
}
