// The two SMTP clients the tests drive the relay with, written as docs/smtp.md's snippets are:
// Nodemailer (in this process) and Python's smtplib (test/smtp/send_with_smtplib.py, run by python3).
import { spawn } from 'node:child_process';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';

export interface RelayAddress {
  port: number;
  /** true: implicit TLS (465); false: STARTTLS, required (587). */
  secure: boolean;
  apiKey: string;
  /** The relay's certificate (self-signed in tests). */
  ca: string;
}

/** docs/smtp.md, "Clients and frameworks": Nodemailer. */
export function relayTransport(relay: RelayAddress) {
  return nodemailer.createTransport({
    host: 'localhost',
    port: relay.port,
    secure: relay.secure, // true on 465; on 587 STARTTLS is required:
    requireTLS: !relay.secure,
    auth: { user: 'postage', pass: relay.apiKey }, // any user name; the API key is the password
    tls: { ca: relay.ca },
  });
}

export async function sendWithNodemailer(
  relay: RelayAddress,
  message: Mail.Options,
): Promise<SMTPTransport.SentMessageInfo> {
  const transport = relayTransport(relay);
  try {
    return await transport.sendMail(message);
  } finally {
    transport.close();
  }
}

export interface SmtplibResult {
  /** Recipients refused at RCPT: address -> [code, text]. */
  refused?: Record<string, [number, string]>;
  /** The reply that ended the session, when it failed. */
  error?: { type: string; code?: number; text?: string };
}

/** docs/smtp.md, "Clients and frameworks": Python's smtplib (the script holds the snippet). */
export async function sendWithSmtplib(
  relay: RelayAddress,
  message: {
    from: string;
    to: string[];
    subject: string;
    text: string;
    html?: string;
    headers?: Record<string, string>;
  },
): Promise<SmtplibResult> {
  const script = path.join(__dirname, 'send_with_smtplib.py');
  // The message goes on stdin: a large one does not fit in the environment.
  const child = spawn('python3', [script], {
    env: {
      ...process.env,
      RELAY_PORT: String(relay.port),
      RELAY_SECURE: relay.secure ? '1' : '0',
      POSTAGE_API_KEY: relay.apiKey,
      RELAY_CA: relay.ca,
    },
    timeout: 60_000,
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  child.stdin.end(JSON.stringify(message));
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  if (code !== 0) throw new Error(`python3 exited with ${code}: ${stderr}`);
  return JSON.parse(stdout) as SmtplibResult;
}
