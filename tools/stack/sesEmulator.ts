// aws-ses-v2-local on loopback. `account` becomes its GetAccount answer (AWS_SES_ACCOUNT).
import path from 'node:path';
import { startProcess, waitFor, type ManagedProcess } from './processes';

export interface SesAccountDocument {
  sendingEnabled?: boolean;
  max24HourSend?: number;
  /** Messages per second; a new production account's 14 when unset. */
  maxSendRate?: number;
}

export function sesAccountJson(doc: SesAccountDocument = {}): string {
  return JSON.stringify({
    DedicatedIpAutoWarmupEnabled: false,
    Details: {
      AdditionalContactEmailAddresses: [],
      ContactLanguage: 'EN',
      MailType: 'TRANSACTIONAL',
      ReviewDetails: { CaseId: 'local', Status: 'GRANTED' },
      UseCaseDescription: 'local emulator',
      WebsiteURL: 'http://localhost',
    },
    EnforcementStatus: 'HEALTHY',
    ProductionAccessEnabled: (doc.max24HourSend ?? 50000) > 200,
    SendingEnabled: doc.sendingEnabled ?? true,
    SendQuota: { Max24HourSend: doc.max24HourSend ?? 50000, MaxSendRate: doc.maxSendRate ?? 14, SentLast24Hours: 0 },
    SuppressionAttributes: { SuppressedReasons: ['BOUNCE', 'COMPLAINT'] },
  });
}

export async function startSesEmulator(opts: {
  port: number;
  logFile: string;
  account?: SesAccountDocument;
}): Promise<{ process: ManagedProcess; endpoint: string }> {
  const cli = path.resolve(__dirname, '..', '..', 'node_modules', 'aws-ses-v2-local', 'dist', 'cli.js');
  const proc = startProcess(
    'ses-emulator',
    process.execPath,
    [cli, '--host', '127.0.0.1', '--port', String(opts.port)],
    {
      logFile: opts.logFile,
      env: { ...process.env, AWS_SES_ACCOUNT: sesAccountJson(opts.account) },
    },
  );
  const endpoint = `http://127.0.0.1:${opts.port}`;
  await waitFor('the SES emulator', async () => (await fetch(`${endpoint}/health-check`)).ok, 20_000, proc);
  return { process: proc, endpoint };
}

export interface StoredEmail {
  messageId: string;
  from: string;
  replyTo: string[];
  destination: { to: string[]; cc: string[]; bcc: string[] };
  subject: string;
  body: { html?: string; text?: string };
  attachments: { filename: string; contentType: string; size: number; content: string }[];
  at: number;
}

/** What the emulator accepted, all of it or (`since`, epoch seconds) from that second on. */
export async function sesEmulatorStore(endpoint: string, since?: number): Promise<StoredEmail[]> {
  const res = await fetch(`${endpoint}/store${since === undefined ? '' : `?since=${since}`}`, {
    signal: AbortSignal.timeout(10_000),
  });
  const body = (await res.json()) as { emails: StoredEmail[] };
  return body.emails;
}
