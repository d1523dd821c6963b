// A pass-through proxy in front of the SES emulator (tools/stack/sesEmulator.ts) that keeps the raw
// MIME of every SES v2 SendEmail with Raw content, as SES received it. The emulator parses what it
// is sent and drops every header, so without this nothing local shows the headers a message
// really carried (docs/test-recipients.md, "Seeing what SES received"). With `sendRate` it also
// plays SES's maximum sending rate, which the emulator lacks: a SendEmail beyond it is refused
// with SES's 429 and never reaches the emulator (sesSendRate.ts). With `configurationSets`,
// configuration-set calls go to that SES (moto) instead, and the calls no local SES implements
// (tenants, event destinations, reputation entities) are answered by a fake (sesTenantsFake.ts).
// Every other request, /store included, reaches the emulator unchanged; only the recorder's own
// paths answer here:
//   GET /raw               JSON list of the kept messages, newest last
//   GET /raw/{messageId}   one message (message/rfc822), by the SES MessageId the emulator returned
//   GET /pace              JSON { sendRate, keys: { [accessKeyId]: { accepted, throttled } } }
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerSesError, SES_THROTTLED } from './sesErrors';
import { accessKeyIdOf, createSendRateLimiter, type PaceReport } from './sesSendRate';
import { createSesTenantsFake } from './sesTenantsFake';

/** `127.0.0.1`, `localhost` or `[::1]`, with any port. */
const LOOPBACK_HOST = /^(?:127\.0\.0\.1|localhost|\[::1\])(?::[0-9]{1,5})?$/i;

export interface RawRecord {
  messageId: string;
  /** When SES accepted it (ISO 8601). */
  at: string;
  size: number;
  from: string;
  destination: string[];
  /** The SendEmail's ConfigurationSetName and TenantName (null: none named). */
  configurationSetName: string | null;
  tenantName: string | null;
}

export interface SesRecorder {
  endpoint: string;
  /** The emulator's own address (its /store and the rest, without the recorder). */
  upstream: string;
  raw(messageId: string): Buffer | undefined;
  list(): RawRecord[];
  /** SendEmail calls accepted and refused per access key id (as GET /pace). */
  pace(): PaceReport;
  /** When SendEmail calls signed with this access key id were accepted (epoch ms, oldest first). */
  acceptedAt(accessKeyId: string): number[];
  close(): Promise<void>;
}

const SEND_PATH = '/v2/email/outbound-emails';
/** The emulator answers at once; a slower answer is a stuck emulator, not a slow SES. */
const UPSTREAM_DEADLINE_MS = 30_000;

/** Configuration sets themselves (Create/Get/Delete/List), not their event destinations. */
const CONFIGURATION_SET_CALL = /^\/v2\/email\/(?:configuration-sets(?:\/[^/]+)?|list-configuration-sets)$/;
/** moto names a duplicate set with SES v1's error; SES v2 documents AlreadyExistsException. */
const MOTO_ALREADY_EXISTS = 'ConfigurationSetAlreadyExistsException';

/**
 * moto's answer in SES v2's documented shape: its GetConfigurationSet nests SendingOptions'
 * boolean (`{ SendingEnabled: { SendingEnabled: true } }`); anything else passes unchanged.
 */
function asSesAnswers(body: Buffer): Buffer {
  try {
    const answer = JSON.parse(body.toString('utf8')) as { SendingOptions?: { SendingEnabled?: unknown } };
    const nested = answer.SendingOptions?.SendingEnabled;
    if (typeof nested !== 'object' || nested === null) return body;
    answer.SendingOptions = { SendingEnabled: (nested as { SendingEnabled?: boolean }).SendingEnabled ?? true };
    return Buffer.from(JSON.stringify(answer));
  } catch {
    return body;
  }
}

interface SendBody {
  ConfigurationSetName?: string;
  TenantName?: string;
  Content?: { Raw?: { Data?: string } };
  FromEmailAddress?: string;
  Destination?: { ToAddresses?: string[]; CcAddresses?: string[]; BccAddresses?: string[] };
}

type ParsedSend = Omit<RawRecord, 'messageId' | 'at' | 'size'> & { raw: Buffer };

function parseSend(body: Buffer): ParsedSend | undefined {
  try {
    const send = JSON.parse(body.toString('utf8')) as SendBody;
    const data = send.Content?.Raw?.Data;
    if (typeof data !== 'string') return undefined;
    const d = send.Destination ?? {};
    return {
      raw: Buffer.from(data, 'base64'),
      from: send.FromEmailAddress ?? '',
      destination: [...(d.ToAddresses ?? []), ...(d.CcAddresses ?? []), ...(d.BccAddresses ?? [])],
      configurationSetName: send.ConfigurationSetName ?? null,
      tenantName: send.TenantName ?? null,
    };
  } catch {
    return undefined;
  }
}

/**
 * `keep` bounds how many messages are held (oldest dropped first), `keepBytes` their total size:
 * a long `npm run dev` session or a large attachment must not grow the process without end.
 * `sendRate` (messages per second per access key; unset: no limit) is SES's maximum sending rate.
 */
export async function startSesRecorder(opts: {
  upstream: string;
  port?: number;
  keep?: number;
  keepBytes?: number;
  sendRate?: number;
  /** Where configuration-set calls go (moto's endpoint); unset: the emulator, like the rest. */
  configurationSets?: string;
}): Promise<SesRecorder> {
  const limiter = createSendRateLimiter(opts.sendRate);
  const fake = opts.configurationSets ? createSesTenantsFake() : undefined;
  const keep = opts.keep ?? 2000;
  const keepBytes = opts.keepBytes ?? 256 * 1024 * 1024;
  // Map iteration follows insertion order: the first key is the oldest.
  const kept = new Map<string, { record: RawRecord; raw: Buffer }>();
  let bytes = 0;
  const remember = (record: RawRecord, raw: Buffer) => {
    kept.set(record.messageId, { record, raw });
    bytes += raw.length;
    for (const [id, old] of kept) {
      if (kept.size <= keep && bytes <= keepBytes) break;
      kept.delete(id);
      bytes -= old.raw.length;
    }
  };

  const server = http.createServer((req, res) => {
    // Only requests addressed to a loopback name: a web page cannot reach it through a DNS name
    // rebound to 127.0.0.1 (its Host would be that name). Any port: the tests' fault proxies in
    // front of SES pass their own Host on.
    if (!LOOPBACK_HOST.test(req.headers.host ?? '')) {
      res.writeHead(421, { 'Content-Type': 'text/plain', Connection: 'close' }).end('not this recorder\n');
      return;
    }
    const url = new URL(req.url ?? '/', 'http://recorder');
    if (req.method === 'GET' && url.pathname === '/pace') {
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(limiter.report()));
      return;
    }
    if (req.method === 'GET' && url.pathname === '/raw') {
      res
        .writeHead(200, { 'Content-Type': 'application/json' })
        .end(JSON.stringify({ messages: [...kept.values()].map((k) => k.record) }));
      return;
    }
    if (req.method === 'GET' && url.pathname.startsWith('/raw/')) {
      let id: string;
      try {
        id = decodeURIComponent(url.pathname.slice('/raw/'.length));
      } catch {
        // A malformed escape (`/raw/%E0`) must not throw here: it would take the hosting process down.
        res.writeHead(400, { 'Content-Type': 'text/plain' }).end('malformed message id\n');
        return;
      }
      const found = kept.get(id);
      if (!found) res.writeHead(404, { 'Content-Type': 'text/plain' }).end('no such message (or no longer kept)\n');
      else res.writeHead(200, { 'Content-Type': 'message/rfc822', 'Content-Length': found.raw.length }).end(found.raw);
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('error', () => res.destroy());
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      // SES counts a send when it receives it; a refused one is not passed on.
      if (req.method === 'POST' && url.pathname === SEND_PATH && !limiter.admit(accessKeyIdOf(req))) {
        answerSesError(res, SES_THROTTLED);
        return;
      }
      if (fake?.answer(req, url, body, res)) return;
      const toSets = opts.configurationSets !== undefined && CONFIGURATION_SET_CALL.test(url.pathname);
      const upstream = http.request(
        new URL(req.url ?? '/', toSets ? opts.configurationSets : opts.upstream),
        { method: req.method, headers: req.headers, timeout: UPSTREAM_DEADLINE_MS },
        (up) => {
          const answer: Buffer[] = [];
          up.on('data', (c: Buffer) => answer.push(c));
          up.on('error', () => res.destroy());
          up.on('end', () => {
            const answerBody = Buffer.concat(answer);
            if (req.method === 'POST' && url.pathname === SEND_PATH && up.statusCode === 200) {
              const send = parseSend(body);
              let messageId: string | undefined;
              try {
                messageId = (JSON.parse(answerBody.toString('utf8')) as { MessageId?: string }).MessageId;
              } catch {
                /* not the answer we know: nothing to key it by */
              }
              if (send && messageId)
                remember(
                  {
                    messageId,
                    at: new Date().toISOString(),
                    size: send.raw.length,
                    from: send.from,
                    destination: send.destination,
                    configurationSetName: send.configurationSetName,
                    tenantName: send.tenantName,
                  },
                  send.raw,
                );
            }
            if (toSets && up.headers['x-amzn-errortype'] === MOTO_ALREADY_EXISTS)
              up.headers['x-amzn-errortype'] = 'AlreadyExistsException';
            const answered = toSets && req.method === 'GET' ? asSesAnswers(answerBody) : answerBody;
            if (answered !== answerBody) up.headers['content-length'] = String(answered.length);
            res.writeHead(up.statusCode ?? 502, up.headers).end(answered);
          });
        },
      );
      upstream.on('timeout', () => upstream.destroy(new Error('the SES emulator did not answer in time')));
      upstream.on('error', () => {
        if (!res.headersSent) res.writeHead(502, { 'Content-Type': 'text/plain' }).end('SES emulator unreachable\n');
        else res.destroy();
      });
      upstream.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    upstream: opts.upstream,
    raw: (messageId) => kept.get(messageId)?.raw,
    list: () => [...kept.values()].map((k) => k.record),
    pace: () => limiter.report(),
    acceptedAt: (accessKeyId) => limiter.acceptedAt(accessKeyId),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** One kept message, from a recorder at `endpoint`; undefined when it has none by that id. */
export async function sesRecordedRaw(endpoint: string, sesMessageId: string): Promise<string | undefined> {
  const res = await fetch(`${endpoint}/raw/${encodeURIComponent(sesMessageId)}`, {
    signal: AbortSignal.timeout(10_000),
  });
  if (res.status === 404) return undefined;
  if (!res.ok) throw new Error(`the SES recorder answered HTTP ${res.status}`);
  return res.text();
}
