// Node-only consumer code (compiled with Node's types only): an HTTP handler verifying a webhook
// with Node's own request headers and Buffer body, and the README's examples.
import type { IncomingHttpHeaders } from 'node:http';
import {
  Postage,
  verifyWebhook,
  WebhookVerificationError,
  type ReceivedEmail,
  type ReceivedEmailAttachment,
  type SendRequest,
} from '@postage/sdk';

export async function handle(rawBody: Buffer, headers: IncomingHttpHeaders): Promise<number> {
  try {
    const event = await verifyWebhook(rawBody, headers, process.env.POSTAGE_WEBHOOK_SECRET!);
    if (event.type === 'email.bounced') return event.data.bounce_type === 'Permanent' ? 1 : 2;
    return event.webhookId ? 204 : 200;
  } catch (err) {
    if (err instanceof WebhookVerificationError) return err.reason === 'invalid_signature' ? 401 : 400;
    throw err;
  }
}

// docs/inbound.md, "Verifying and handling the event": the received message, typed.
export async function handleReceived(rawBody: Buffer, headers: IncomingHttpHeaders): Promise<string[]> {
  const event = await verifyWebhook(rawBody, headers, process.env.POSTAGE_WEBHOOK_SECRET!);
  if (event.received) {
    const email: ReceivedEmail = event.received;
    console.log(email.envelope.to, email.from?.address, email.subject, email.authentication.dmarc);
    if (email.message_id) console.log('a reply to', email.message_id);
    const pdfs = email.attachments.filter((a: ReceivedEmailAttachment) => a.content_type === 'application/pdf');
    // @ts-expect-error html may be null: the message may have no HTML part
    email.html.length;
    return pdfs.map((a) => a.download_url);
  }
  return [];
}

export async function readme(postage: Postage, email: SendRequest, cursor: string): Promise<void> {
  const batch = await postage.emails.sendBatch({ emails: [email, email] });
  for (const item of batch.data) {
    if (item.success) console.log(item.index, 'queued', item.message_id);
    else if ('errors' in item) console.log(item.index, 'invalid', item.errors);
    else console.log(item.index, 'refused', item.error, item.detail);
  }
  const later = await postage.emails.send({ ...email, scheduled_at: new Date(Date.now() + 3_600_000).toISOString() });
  await postage.emails.reschedule(later.message_id, { scheduled_at: new Date(Date.now() + 7_200_000) });
  await postage.emails.cancel(later.message_id);
  for await (const page of postage.emails.list({ tag: 'kind:invoice', limit: 100 }).pages())
    console.log(page.emails.length, page.next_cursor);
  const first50 = await postage.suppressions.list().toArray(50);
  const onePage = await postage.emails.listPage({ limit: 25, cursor });
  const preview = await postage.templates.preview('welcome', { variables: { name: 'Ada' } });
  console.log(first50.length, onePage.next_cursor, preview.subject);
}
