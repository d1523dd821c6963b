// A pass-through proxy in front of an SES emulator that injects the SES answers no emulator
// produces: throttling, a paused or suspended account, a dropped connection, a slow answer. Scripted per
// recipient, so tests running in parallel do not disturb each other. Everything else (and every
// scripted recipient once its script is used up) reaches the emulator unchanged.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerSesError, SES_THROTTLED, type SesErrorAnswer } from '../../tools/stack/sesErrors';

export type SesFault =
  | ({ kind: 'error' } & SesErrorAnswer)
  /** The connection drops before any answer (the SDK sees a network error). */
  | { kind: 'drop' }
  /**
   * SES takes `ms` before it even looks at the request: then it is passed on (and sent) only if
   * the client is still waiting. A client that gave up in the meantime sent nothing, as with an
   * SES that had not yet accepted the message.
   */
  | { kind: 'delay'; ms: number };

export const THROTTLED = { kind: 'error', ...SES_THROTTLED } as const satisfies SesFault;
export const SENDING_PAUSED = {
  kind: 'error',
  status: 400,
  type: 'SendingPausedException',
  message: 'Email sending is disabled for your entire Amazon SES account.',
} as const satisfies SesFault;
export const ACCOUNT_SUSPENDED = {
  kind: 'error',
  status: 400,
  type: 'AccountSuspendedException',
  message: 'The account is suspended from sending.',
} as const satisfies SesFault;

export interface SesFaultProxy {
  endpoint: string;
  /** The next sends to `recipient` meet these faults, in order. */
  script(recipient: string, faults: SesFault[]): void;
  /** SendEmail requests seen for `recipient`, faulted or passed on. */
  attempts(recipient: string): number;
  /** Delayed requests whose client gave up before the delay ended (never passed on). */
  abandoned(recipient: string): number;
  /** Resolves once no delayed request is still being held. */
  idle(): Promise<void>;
  /**
   * Weather for every request not scripted: `slow` passes the request on at once (SES accepts it)
   * but answers `ms` later; `throttle` refuses that share of requests with 429 throttling.
   */
  setWeather(weather: SesWeather): void;
  /** Per X-Postage-Message-Id: the SES message ids of the copies SES accepted, in order. */
  copies(): Map<string, string[]>;
  close(): Promise<void>;
}

export type SesWeather = { kind: 'fair' } | { kind: 'slow'; ms: number } | { kind: 'throttle'; share: number };

/** Our message id, from the raw MIME inside a SendEmail body (core/ses/rawMessages.ts puts it there). */
function postageMessageId(body: Buffer): string | undefined {
  try {
    const raw = (JSON.parse(body.toString()) as { Content?: { Raw?: { Data?: string } } }).Content?.Raw?.Data;
    return raw ? /^X-Postage-Message-Id: *(\S+)/im.exec(Buffer.from(raw, 'base64').toString('latin1'))?.[1] : undefined;
  } catch {
    return undefined;
  }
}

export async function startSesFaultProxy(target: string): Promise<SesFaultProxy> {
  const scripts = new Map<string, SesFault[]>();
  const seen = new Map<string, number>();
  const gaveUp = new Map<string, number>();
  const held = new Set<Promise<void>>();
  const copies = new Map<string, string[]>();
  let weather: SesWeather = { kind: 'fair' };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      let recipient = '';
      try {
        recipient =
          (JSON.parse(body.toString()) as { Destination?: { ToAddresses?: string[] } }).Destination?.ToAddresses?.[0] ??
          '';
      } catch {
        /* not a SendEmail body */
      }
      if (recipient) seen.set(recipient, (seen.get(recipient) ?? 0) + 1);
      const fault = scripts.get(recipient)?.shift();
      if (!fault && weather.kind === 'throttle' && Math.random() < weather.share) {
        answerSesError(res, THROTTLED);
        return;
      }
      if (fault?.kind === 'drop') {
        req.socket.destroy();
        return;
      }
      if (fault?.kind === 'error') {
        answerSesError(res, fault);
        return;
      }
      if (fault?.kind === 'delay') {
        const hold = new Promise<'waited' | 'gone'>((resolve) => {
          const timer = setTimeout(() => resolve('waited'), fault.ms);
          res.on('close', () => {
            if (res.writableFinished) return;
            clearTimeout(timer);
            resolve('gone');
          });
        }).then((how) => {
          held.delete(hold);
          if (how === 'gone') gaveUp.set(recipient, (gaveUp.get(recipient) ?? 0) + 1);
          else passOn(body);
        });
        held.add(hold);
        return;
      }
      passOn(body);
    });
    const passOn = (body: Buffer) => {
      const answerAfter = weather.kind === 'slow' ? weather.ms : 0;
      const upstream = http.request(
        new URL(req.url ?? '/', target),
        { method: req.method, headers: req.headers },
        (up) => {
          const chunks: Buffer[] = [];
          up.on('data', (c: Buffer) => chunks.push(c));
          up.on('end', () => {
            const answerBody = Buffer.concat(chunks);
            const messageId = postageMessageId(body);
            if (messageId && up.statusCode === 200) {
              const sesId = (JSON.parse(answerBody.toString()) as { MessageId?: string }).MessageId ?? '';
              copies.set(messageId, [...(copies.get(messageId) ?? []), sesId]);
            }
            const answer = () => void res.writeHead(up.statusCode ?? 502, up.headers).end(answerBody);
            if (answerAfter > 0) setTimeout(answer, answerAfter);
            else answer();
          });
        },
      );
      upstream.on('error', () => res.destroy());
      upstream.end(body);
    };
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    script: (recipient, faults) => void scripts.set(recipient, [...faults]),
    attempts: (recipient) => seen.get(recipient) ?? 0,
    abandoned: (recipient) => gaveUp.get(recipient) ?? 0,
    idle: async () => void (await Promise.all([...held])),
    setWeather: (w) => void (weather = w),
    copies: () => copies,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
