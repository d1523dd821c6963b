// A pass-through proxy in front of an SES emulator that injects the SES answers no emulator
// produces: throttling, a paused or suspended account, a dropped connection. Scripted per
// recipient, so tests running in parallel do not disturb each other. Everything else (and every
// scripted recipient once its script is used up) reaches the emulator unchanged.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type SesFault =
  | { kind: 'error'; status: number; type: string; message: string }
  /** The connection drops before any answer (the SDK sees a network error). */
  | { kind: 'drop' };

export const THROTTLED: SesFault = { kind: 'error', status: 429, type: 'TooManyRequestsException', message: 'Maximum sending rate exceeded.' };
export const SENDING_PAUSED: SesFault = { kind: 'error', status: 400, type: 'SendingPausedException', message: 'Email sending is disabled for your entire Amazon SES account.' };
export const ACCOUNT_SUSPENDED: SesFault = { kind: 'error', status: 400, type: 'AccountSuspendedException', message: 'The account is suspended from sending.' };

export interface SesFaultProxy {
  endpoint: string;
  /** The next sends to `recipient` meet these faults, in order. */
  script(recipient: string, faults: SesFault[]): void;
  /** SendEmail requests seen for `recipient`, faulted or passed on. */
  attempts(recipient: string): number;
  close(): Promise<void>;
}

export async function startSesFaultProxy(target: string): Promise<SesFaultProxy> {
  const scripts = new Map<string, SesFault[]>();
  const seen = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      let recipient = '';
      try {
        recipient = (JSON.parse(body.toString()) as { Destination?: { ToAddresses?: string[] } }).Destination?.ToAddresses?.[0] ?? '';
      } catch {
        /* not a SendEmail body */
      }
      if (recipient) seen.set(recipient, (seen.get(recipient) ?? 0) + 1);
      const fault = scripts.get(recipient)?.shift();
      if (fault?.kind === 'drop') {
        req.socket.destroy();
        return;
      }
      if (fault?.kind === 'error') {
        res.writeHead(fault.status, { 'Content-Type': 'application/json', 'x-amzn-ErrorType': fault.type });
        res.end(JSON.stringify({ message: fault.message }));
        return;
      }
      const upstream = http.request(new URL(req.url ?? '/', target), { method: req.method, headers: req.headers }, (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      });
      upstream.on('error', () => res.destroy());
      upstream.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    script: (recipient, faults) => void scripts.set(recipient, [...faults]),
    attempts: (recipient) => seen.get(recipient) ?? 0,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
