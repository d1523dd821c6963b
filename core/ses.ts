// Sending through SES v2. Without attachments the message goes as Simple content; with
// attachments nodemailer's MailComposer builds the raw MIME, which SES receives as Raw content.
import { SESv2Client, SendEmailCommand, type SendEmailCommandInput } from '@aws-sdk/client-sesv2';
import MailComposer from 'nodemailer/lib/mail-composer';
import type { Config } from './config';
import type { Attachment, MessageContent } from './staging';

export function sharedSesClient(config: Config): SESv2Client {
  return new SESv2Client({
    region: config.ses.region,
    ...(config.ses.endpoint ? { endpoint: config.ses.endpoint } : {}),
    ...(config.ses.accessKeyId && config.ses.secretAccessKey
      ? { credentials: { accessKeyId: config.ses.accessKeyId, secretAccessKey: config.ses.secretAccessKey } }
      : {}),
  });
}

function formatMailbox(m: { address: string; name: string }): { address: string; name: string } | string {
  return m.name ? { name: m.name, address: m.address } : m.address;
}

/** RFC 5322 message; MailComposer encodes non-ASCII headers and refuses header injection. */
export async function buildRawMessage(content: MessageContent, attachments: Attachment[]): Promise<Buffer> {
  const composer = new MailComposer({
    from: formatMailbox(content.from),
    to: formatMailbox(content.to),
    subject: content.subject,
    ...(content.replyTo ? { replyTo: content.replyTo } : {}),
    ...(content.html !== undefined ? { html: content.html } : { text: content.text ?? '' }),
    attachments: attachments.map((a) => ({ filename: a.filename, content: a.data, contentType: a.contentType })),
  });
  return composer.compile().build();
}

export async function buildSendEmailInput(content: MessageContent, attachments: Attachment[]): Promise<SendEmailCommandInput> {
  // Attachments and non-ASCII display names both need MIME encoding, which Raw content gives us.
  return {
    Content: { Raw: { Data: await buildRawMessage(content, attachments) } },
    Destination: { ToAddresses: [content.to.address] },
    FromEmailAddress: content.from.address,
  };
}

export async function sendEmailThroughSes(client: SESv2Client, content: MessageContent, attachments: Attachment[]): Promise<string> {
  const result = await client.send(new SendEmailCommand(await buildSendEmailInput(content, attachments)));
  if (!result.MessageId) throw new Error('SES returned no MessageId');
  return result.MessageId;
}
