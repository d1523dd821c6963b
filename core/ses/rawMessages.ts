// Sending through SES v2. Every message, with or without attachments, is composed by nodemailer's
// MailComposer and sent as Raw content: one path, RFC 2047 encoding of non-ASCII display names and
// subjects, and header values that cannot inject headers.
import { type SESv2Client, SendEmailCommand, type SendEmailCommandInput } from '@aws-sdk/client-sesv2';
import MailComposer from 'nodemailer/lib/mail-composer';
import { domainOf } from '../model/addresses';
import type { Attachment, MessageContent } from '../model/messageContent';
import { rewriteHtml } from '../tracking/rewriteHtml';
import type { SesIsolation } from './accountIsolation';

/** Our message id travels in every message, so a copy SES was asked to send twice can be told apart. */
export const MESSAGE_ID_HEADER = 'X-Postage-Message-Id';

/**
 * `<{message id}@{From domain}>`: the Message-ID a message gets unless its sender gave one, so a
 * reply's In-Reply-To or References names the message it answers (docs/inbound.md, "Replies").
 */
export function postageMessageIdHeader(messageId: string, fromAddress: string): string {
  return `<${messageId}@${domainOf(fromAddress)}>`;
}

function formatMailbox(m: { address: string; name: string }): { address: string; name: string } | string {
  return m.name ? { name: m.name, address: m.address } : m.address;
}

/** What composition adds that is not the message's content: made by the send activity, which has the config. */
export interface ComposeOptions {
  /** trackingKey() of core/tracking/trackingTokens.ts; without it `content.tracking` is ignored. */
  trackingKey?: Buffer;
  /** The tracking tokens' issue time (seconds since the epoch); now by default. */
  now?: number;
  /**
   * The one-click unsubscribe URL (`{BASE_URL}/u/{token}`) when `content.unsubscribe` is set: it
   * becomes List-Unsubscribe with List-Unsubscribe-Post (RFC 8058; docs/sending.md, "One-click
   * unsubscribe"). Added before SES signs, so its DKIM signature covers both headers.
   */
  listUnsubscribeUrl?: string;
  /** The account's own configuration set and tenant on the shared SES account (accountIsolation.ts); unset: SES's defaults. */
  isolation?: SesIsolation;
}

/**
 * RFC 5322 message. `html` wins over `text` when both are given (docs/sending.md). With
 * `content.tracking` (shared mode only: docs/sending.md, "Tracking opens and clicks") and a key,
 * the HTML's links and open pixel are rewritten; the text part is left alone.
 */
export async function buildRawMessage(
  messageId: string,
  content: MessageContent,
  attachments: Attachment[],
  options: ComposeOptions = {},
): Promise<Buffer> {
  const tracking = content.tracking;
  const html =
    content.html !== undefined && tracking && (tracking.opens || tracking.clicks) && options.trackingKey
      ? await rewriteHtml(content.html, {
          ...tracking,
          key: options.trackingKey,
          messageId,
          issuedAt: options.now ?? Math.floor(Date.now() / 1000),
        })
      : content.html;
  const unsubscribe =
    content.unsubscribe && options.listUnsubscribeUrl
      ? {
          // Prepared: nodemailer would otherwise fold or encode the URL; it is ASCII (base64url) already.
          'List-Unsubscribe': { prepared: true, value: `<${options.listUnsubscribeUrl}>` },
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        }
      : {};
  const composer = new MailComposer({
    from: formatMailbox(content.from),
    to: formatMailbox(content.to),
    subject: content.subject,
    ...(content.replyTo ? { replyTo: content.replyTo } : {}),
    ...(html !== undefined ? { html } : { text: content.text ?? '' }),
    messageId: content.messageIdHeader || postageMessageIdHeader(messageId, content.from.address),
    // Custom headers first, ours last: the rules (core/model/customHeaders.ts) keep X-Postage-* and List-Unsubscribe* out of theirs.
    headers: { ...content.headers, [MESSAGE_ID_HEADER]: messageId, ...unsubscribe },
    attachments: attachments.map((a) => ({ filename: a.filename, content: a.data, contentType: a.contentType })),
  });
  return composer.compile().build();
}

export async function buildSendEmailInput(
  messageId: string,
  content: MessageContent,
  attachments: Attachment[],
  options: ComposeOptions = {},
): Promise<SendEmailCommandInput> {
  return {
    Content: { Raw: { Data: await buildRawMessage(messageId, content, attachments, options) } },
    Destination: { ToAddresses: [content.to.address] },
    FromEmailAddress: content.from.address,
    ...(content.tags ? { EmailTags: Object.entries(content.tags).map(([Name, Value]) => ({ Name, Value })) } : {}),
    ...(options.isolation ? { ConfigurationSetName: options.isolation.configurationSetName } : {}),
    ...(options.isolation?.tenantName ? { TenantName: options.isolation.tenantName } : {}),
  };
}

/**
 * One SendEmail call; returns SES's message id. Errors are the SDK's, for core/ses/providerErrors.ts.
 * `signal` aborts the request in flight (the activity was cancelled or timed out); the client's
 * own deadline (core/platform/awsClients.ts) aborts it too.
 */
export async function sendRawThroughSes(
  client: SESv2Client,
  messageId: string,
  content: MessageContent,
  attachments: Attachment[],
  signal?: AbortSignal,
  options: ComposeOptions = {},
  /** Awaited between composing and calling: the message's slot at SES (activities/sesTurn.ts). */
  beforeCall?: () => Promise<void>,
): Promise<string> {
  const command = new SendEmailCommand(await buildSendEmailInput(messageId, content, attachments, options));
  await beforeCall?.();
  const result = await client.send(command, signal ? { abortSignal: signal } : {});
  if (!result.MessageId) throw Object.assign(new Error('SES returned no MessageId'), { name: 'InternalFailure' });
  return result.MessageId;
}
