// The clients the inbound tests deliver with, written by nobody here: Python's smtplib (the script
// beside this file, run by the system python3) and Nodemailer, each talking to the MX listener as
// another mail server does (no AUTH; STARTTLS when asked).
import { spawn } from 'node:child_process';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';

export interface ComposedMessage {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
  attachments?: { filename: string; contentType: string; content: Buffer }[];
}

export interface SmtplibSpec {
  port: number;
  /** MAIL FROM. */
  from: string;
  /** RCPT TO, each. */
  to: string[];
  /** Composed by Python's email package; or `raw`, sent as it is. */
  message?: ComposedMessage;
  raw?: Buffer;
  starttls?: boolean;
  /** The listener's certificate, trusted as a CA (STARTTLS). */
  ca?: string;
  /** false: send without SIZE= even though the listener advertises SIZE. */
  declareSize?: boolean;
}

export interface SmtplibResult {
  /** The EHLO keywords, lower-case. */
  features?: string[];
  /** The SIZE the listener advertised. */
  size?: string;
  cipher?: string;
  /** Recipients refused at RCPT: address -> [code, text]. */
  refused?: Record<string, [number, string]>;
  /** The reply to DATA, when the message was sent. */
  data_reply?: [number, string];
  /** What ended the session, when it failed (SMTPRecipientsRefused, SMTPSenderRefused, SMTPDataError...). */
  error?: { type: string; code?: number; text?: string };
}

export async function sendWithSmtplib(spec: SmtplibSpec): Promise<SmtplibResult> {
  const input = {
    port: spec.port,
    from: spec.from,
    to: spec.to,
    starttls: spec.starttls ?? false,
    ...(spec.ca ? { ca: spec.ca } : {}),
    declare_size: spec.declareSize ?? true,
    ...(spec.raw ? { raw_b64: spec.raw.toString('base64') } : {}),
    ...(spec.message
      ? {
          message: {
            ...spec.message,
            attachments: (spec.message.attachments ?? []).map((a) => ({
              filename: a.filename,
              content_type: a.contentType,
              content_b64: a.content.toString('base64'),
            })),
          },
        }
      : {}),
  };
  // The spec goes on stdin: a large message does not fit in the environment.
  const child = spawn('python3', [path.join(__dirname, 'smtp_client.py')], { timeout: 120_000 });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  child.stdin.end(JSON.stringify(input));
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  if (code !== 0) throw new Error(`python3 exited with ${code}: ${stderr}`);
  return JSON.parse(stdout) as SmtplibResult;
}

/** Nodemailer delivering to the MX listener as a mail server would: plain SMTP, or STARTTLS with `ca`. */
export function mxTransport(port: number, opts: { ca?: string } = {}) {
  return nodemailer.createTransport({
    host: '127.0.0.1',
    port,
    secure: false,
    ...(opts.ca ? { requireTLS: true, tls: { ca: opts.ca, servername: 'localhost' } } : { ignoreTLS: true }),
    name: 'sender.example.org',
  });
}

export async function sendWithNodemailer(
  port: number,
  message: Mail.Options,
  opts: { ca?: string } = {},
): Promise<SMTPTransport.SentMessageInfo> {
  const transport = mxTransport(port, opts);
  try {
    return await transport.sendMail(message);
  } finally {
    transport.close();
  }
}
