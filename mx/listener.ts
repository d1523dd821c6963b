// The MX listener (docs/inbound.md, "How a message is received"): where other mail servers
// deliver mail for the inbound domains, on smtp-server. No AUTH (it is an MX, not a submission
// port: it takes mail only for addresses a rule routes, so it is never an open relay); STARTTLS
// when a certificate is configured. Each accepted RCPT TO is one received message: refused at RCPT
// with what routing knows, then at the end of DATA stored once per recipient by the receive use
// case (core/inbound/receiveMessage.ts), and answered 250 only once every recipient's row is
// committed. Nothing of a message (addresses, subject, body) is logged: sessions and inbound ids.
import { createHash } from 'node:crypto';
import { SMTPServer, type SMTPServerAddress, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import type Redis from 'ioredis';
import type { Logger } from 'pino';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { clientKey } from '../core/platform/clientKey';
import { checkHeaderBlock } from '../core/inbound/headerCheck';
import { receiveMessage, type ReceiveOutcome } from '../core/inbound/receiveMessage';
import { routeRecipient } from '../core/inbound/routing';
import type { InboundWorkflows } from '../core/model/inbound';
import type { Config } from '../core/platform/config';
import type { Db } from '../core/platform/db';
import type { MxMetrics } from '../core/platform/metrics';
import { redisLimiter, takePoint } from '../core/platform/rateLimits';
import { mxError, type MxRefusal } from './replies';
import { inSpan } from '../core/platform/tracing';

export interface ListenerDeps {
  config: Config;
  db: Db;
  redis: Redis;
  workflows: InboundWorkflows;
  logger: Logger;
  metrics: MxMetrics;
  /** STARTTLS is offered only with a certificate (MX_TLS_CERT_FILE, MX_TLS_KEY_FILE). */
  tls?: { cert: Buffer; key: Buffer };
}

export interface MxListener {
  server: SMTPServer;
  listen(): Promise<number>;
  /** Takes no new transaction, lets those in progress finish (up to `deadlineMs`), then closes every connection. */
  stop(deadlineMs: number): Promise<void>;
}

/**
 * What the listener keeps per connection: the client it counts under (clientKey: its IPv4 address,
 * or the /64 of its IPv6 one, so one host's block is one client) and whether a transaction is open.
 */
interface ConnectionState {
  client: string;
  inTransaction: boolean;
  /** RCPT TOs refused by routing on this connection (MX_MAX_REFUSED_RECIPIENTS). */
  refusedRecipients: number;
  /** While a DATA is still streaming: gives its bytes back to the budget (the connection ended mid-DATA). */
  abandonData?: () => void;
}

/** A message as DATA brought it. */
interface MessageBuffer {
  buffer: Buffer;
  /** When DATA ended: the time in every trace line. */
  at: Date;
}

/** What became of one recipient at the end of DATA. */
type RecipientResult =
  | { committed: true; outcome: Extract<ReceiveOutcome, { kind: 'accepted' | 'duplicate' }> }
  | { committed: false; refusal: MxRefusal };

export function createMxListener(deps: ListenerDeps): MxListener {
  const { config, db, logger, metrics } = deps;
  const mx = config.mx;
  const connections = new Map<string, ConnectionState>();
  /** Open connections per client (MX_MAX_CLIENTS_PER_IP), keyed by clientKey. */
  const perClient = new Map<string, number>();
  // Per client: shared by every listener through Redis (a memory window while Redis is away).
  const perClientMessages = redisLimiter(
    deps.redis,
    `${config.redis.keyPrefix}:mx:messages`,
    mx.messagesPerMinutePerIp,
    60,
  );
  // All clients of this process together: this process's own capacity, so kept in its memory.
  const allMessages = new RateLimiterMemory({ points: mx.messagesPerMinute, duration: 60 });
  /**
   * Bytes of DATA held in this process (MX_MAX_BYTES_IN_FLIGHT): each message's size caps one
   * message, this caps them all together, so many clients at once cannot exhaust the memory.
   */
  let bytesInFlight = 0;
  let stopping = false;

  const state = (session: SMTPServerSession): ConnectionState =>
    connections.get(session.id) ?? {
      client: clientKey(session.remoteAddress),
      inTransaction: false,
      refusedRecipients: 0,
    };
  const refuse = (stage: string, refusal: MxRefusal, detail?: string) => {
    metrics.refused.inc({ reason: refusal, stage });
    return mxError(refusal, detail);
  };
  /** A handler that throws (a store down) answers 451: the sender retries, nothing was kept. */
  const guarded =
    <A extends unknown[]>(stage: string, handler: (...args: A) => Promise<Error | undefined>) =>
    (...args: [...A, (err?: Error | null) => void]): void => {
      const callback = args.pop() as (err?: Error | null) => void;
      handler(...(args as unknown as A)).then(
        (err) => callback(err ?? null),
        (err: unknown) => {
          logger.error({ stage, err }, 'MX handler failed');
          callback(refuse(stage, 'service_unavailable'));
        },
      );
    };

  const onMailFrom = guarded(
    'mail',
    async (_address: SMTPServerAddress, session: SMTPServerSession): Promise<Error | undefined> => {
      if (stopping) return refuse('mail', 'shutting_down');
      const s = state(session);
      // One point a transaction: a client's own window first, so one that is over it spends none of everyone's.
      const clientWait = await takePoint(perClientMessages, s.client);
      if (clientWait !== undefined) return refuse('mail', 'rate_limited', `retry in ${clientWait} s`);
      const allWait = await allMessages.consume('all').then(
        () => undefined,
        (rejection: { msBeforeNext?: number }) => Math.max(1, Math.ceil((rejection.msBeforeNext ?? 1000) / 1000)),
      );
      if (allWait !== undefined) return refuse('mail', 'rate_limited', `retry in ${allWait} s`);
      s.inTransaction = true;
      return undefined;
    },
  );

  const onRcptTo = guarded(
    'rcpt',
    async (address: SMTPServerAddress, session: SMTPServerSession): Promise<Error | undefined> => {
      const s = state(session);
      // Each refusal by routing cost the database two queries: past the limit a client probing
      // addresses or domains is told 421 and disconnected, before any more are looked up.
      if (s.refusedRecipients >= mx.maxRefusedRecipients) {
        logger.warn({ session: session.id, client: s.client }, 'MX connection closed: too many refused recipients');
        return refuse('rcpt', 'too_many_refused_recipients');
      }
      const recipient = address.address.toLowerCase();
      // The same recipient twice in one transaction is one message (deduplicated at DATA).
      if (session.envelope.rcptTo.some((r) => r.address.toLowerCase() === recipient)) return undefined;
      if (session.envelope.rcptTo.length >= mx.maxRecipients) return refuse('rcpt', 'too_many_recipients');
      const route = await routeRecipient(db, address.address);
      if (route.kind !== 'routed') {
        s.refusedRecipients += 1;
        return refuse('rcpt', route.kind);
      }
      return undefined;
    },
  );

  const onData = (
    stream: SMTPServerDataStream,
    session: SMTPServerSession,
    callback: (err?: Error | null, message?: string) => void,
  ): void => {
    const s = state(session);
    let chunks: Buffer[] = [];
    // What this DATA holds of the budget: taken chunk by chunk as it arrives, given back once when
    // the message is answered (its bytes are held until then) or its connection ends mid-DATA.
    let reserved = 0;
    const release = () => {
      bytesInFlight -= reserved;
      reserved = 0;
    };
    // Past MX_MAX_MESSAGE_BYTES (smtp-server marks the stream), past the budget, or its connection
    // gone: what was kept is dropped at once, and the rest only drained.
    let dropped = false;
    let overBudget = false;
    const drop = () => {
      dropped = true;
      chunks = [];
      release();
    };
    s.abandonData = drop;
    stream.on('data', (c: Buffer) => {
      if (dropped) return;
      if (stream.sizeExceeded) return drop();
      if (bytesInFlight + c.length > mx.maxBytesInFlight) {
        overBudget = true;
        return drop();
      }
      bytesInFlight += c.length;
      reserved += c.length;
      chunks.push(c);
    });
    stream.once('end', () => {
      s.abandonData = undefined;
      const finish = (err: Error | null, message?: string) => {
        release();
        callback(err, message);
        s.inTransaction = false;
      };
      if (stream.sizeExceeded) return finish(refuse('data', 'message_too_big'));
      if (overBudget) return finish(refuse('data', 'too_much_in_flight'));
      if (dropped) return finish(mxError('service_unavailable')); // its connection is gone: nobody hears it
      const message = joinedMessage(chunks);
      chunks = [];
      // The received message's trace starts here (docs/operations.md, "Traces").
      inSpan('mx.message', { 'smtp.session_id': session.id }, () => receive(session, message)).then(
        (answer) => (answer instanceof Error ? finish(answer) : finish(null, answer)),
        (err: unknown) => {
          logger.error({ session: session.id, err }, 'MX DATA failed');
          finish(refuse('data', 'service_unavailable'));
        },
      );
    });
  };

  /** The message in one buffer, shared by every recipient's message (each its own trace line apart). */
  function joinedMessage(chunks: Buffer[]): MessageBuffer {
    return { buffer: Buffer.concat(chunks), at: new Date() };
  }

  /** Every recipient through the receive use case, in order; then the one reply DATA gets. */
  async function receive(session: SMTPServerSession, message: MessageBuffer): Promise<Error | string> {
    const { buffer: raw, at } = message;
    const check = checkHeaderBlock(raw);
    if (!check.ok) {
      logger.info({ session: session.id, why: check.why }, 'MX message refused: malformed');
      return refuse('data', 'message_invalid', check.why);
    }
    const envelopeFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
    const recipients = [...new Set(session.envelope.rcptTo.map((r) => r.address.toLowerCase()))];
    const contentHash = createHash('sha256').update(raw).digest();
    const results: RecipientResult[] = [];
    for (const recipient of recipients) {
      // The message's bytes are stored once for all its recipients; each keeps its own trace line.
      const result = await receiveMessage(
        { db, workflows: deps.workflows, logger, startTimeoutMs: config.temporal.startTimeoutMs },
        {
          source: 'mx',
          sourceId: mxSourceId(envelopeFrom, recipient, contentHash),
          raw,
          sha256: contentHash,
          trace: receivedHeader(session, mx.hostname, recipient, raw, at),
          envelopeFrom,
          recipient,
          clientIp: session.remoteAddress,
          ...(session.hostNameAppearsAs ? { helo: session.hostNameAppearsAs } : {}),
        },
      ).then(
        (outcome): RecipientResult =>
          outcome.kind === 'refused' ? { committed: false, refusal: outcome.reason } : { committed: true, outcome },
        (err: unknown): RecipientResult => {
          logger.error({ session: session.id, err }, 'MX recipient not stored');
          return { committed: false, refusal: 'service_unavailable' };
        },
      );
      if (result.committed) metrics.accepted.inc({ outcome: result.outcome.kind });
      else metrics.refused.inc({ reason: result.refusal, stage: 'data' });
      results.push(result);
    }
    const ids = results.flatMap((r) => (r.committed ? [r.outcome.inboundId] : []));
    const failed = results.flatMap((r) => (r.committed ? [] : [r.refusal]));
    logger.info(
      { session: session.id, client: session.remoteAddress, recipients: results.length, inboundIds: ids, failed },
      'MX message received',
    );
    return dataReply(ids, failed);
  }

  const server = new SMTPServer({
    name: mx.hostname,
    banner: 'Postage MX',
    ...(deps.tls ? { key: deps.tls.key, cert: deps.tls.cert } : {}),
    // An MX takes mail from any server without credentials; STARTTLS only with a certificate.
    disabledCommands: deps.tls ? ['AUTH'] : ['AUTH', 'STARTTLS'],
    authOptional: true,
    size: mx.maxMessageBytes,
    maxClients: mx.maxClients,
    // Only these peers (a balancer's addresses, or '*' outside production) must
    // open with a PROXY v1 header, whose source address then stands for the client everywhere
    // (limits, the stored client IP).
    useProxy: mx.proxyProtocolPeers.length > 0 ? mx.proxyProtocolPeers : false,
    socketTimeout: mx.socketTimeoutMs,
    // The sender checks run in the worker (mailauth); a reverse lookup here would only add a DNS wait per connection.
    disableReverseLookup: true,
    // stop() decides when connections close; this only bounds smtp-server's own wait.
    closeTimeout: 1,
    // session.remoteAddress is the client's: the socket's peer, or with the PROXY protocol the
    // address the balancer's header names.
    onConnect(session: SMTPServerSession, callback: (err?: Error | null) => void) {
      if (stopping) return callback(refuse('connect', 'shutting_down'));
      const client = clientKey(session.remoteAddress);
      const open = perClient.get(client) ?? 0;
      if (open >= mx.maxClientsPerIp) {
        logger.warn({ session: session.id, client, open }, 'MX connection refused: too many from this address');
        return callback(refuse('connect', 'too_many_connections'));
      }
      perClient.set(client, open + 1);
      connections.set(session.id, { client, inTransaction: false, refusedRecipients: 0 });
      metrics.connections.inc();
      metrics.openConnections.inc();
      callback();
    },
    // Called once for every connection that ends, refused ones included: only a connection
    // counted in onConnect gives its slot back.
    onClose(session: SMTPServerSession) {
      const s = connections.get(session.id);
      if (!s) return;
      s.abandonData?.();
      connections.delete(session.id);
      metrics.openConnections.dec();
      const left = (perClient.get(s.client) ?? 1) - 1;
      if (left > 0) perClient.set(s.client, left);
      else perClient.delete(s.client);
    },
    onMailFrom,
    onRcptTo,
    onData,
  });
  server.on('error', (err) => logger.warn({ err }, 'MX connection error'));

  return {
    server,
    listen: () =>
      new Promise<number>((resolve, reject) => {
        server.server.once('error', reject);
        server.listen(mx.port, mx.host, () => {
          const address = server.server.address();
          resolve(typeof address === 'object' && address ? address.port : mx.port);
        });
      }),
    async stop(deadlineMs) {
      stopping = true;
      const until = Date.now() + deadlineMs;
      while ([...connections.values()].some((c) => c.inTransaction) && Date.now() < until)
        await new Promise((r) => setTimeout(r, 50));
      // Idle connections get 421 (smtp-server's close) and the listener closes.
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * A retry of a message already stored (the reply was lost, or 451 after some recipients were
 * committed) is the same bytes from the same sender to the same recipient: the same source id, so
 * the receive use case answers `duplicate` instead of storing and announcing it twice.
 */
export function mxSourceId(envelopeFrom: string, recipient: string, contentHash: Buffer): string {
  return createHash('sha256')
    .update(`${envelopeFrom.toLowerCase()}\0${recipient.toLowerCase()}\0`)
    .update(contentHash)
    .digest('hex');
}

/**
 * The trace line an SMTP server adds to what it takes for delivery (RFC 5321 section 4.4), as SES
 * receiving adds its own: which server took it, from where, over what, for whom and when. Its line
 * breaks are the message's own (a client may send bare LF), so the header block stays uniform.
 */
export function receivedHeader(
  session: SMTPServerSession,
  byName: string,
  recipient: string,
  raw: Buffer,
  at = new Date(),
): Buffer {
  const firstBreak = raw.indexOf(0x0a);
  const eol = firstBreak > 0 && raw[firstBreak - 1] === 0x0d ? '\r\n' : firstBreak >= 0 ? '\n' : '\r\n';
  // Only what a header may hold: the client chose its HELO name.
  const helo = (session.hostNameAppearsAs || 'unknown').replace(/[^\x21-\x7e]/g, '');
  const ip = session.remoteAddress.replace(/[^0-9a-fA-F.:]/g, '');
  const protocol = session.transmissionType || 'SMTP';
  const date = at.toUTCString().replace('GMT', '+0000');
  return Buffer.from(
    `Received: from ${helo} ([${ip}])${eol}\tby ${byName} (Postage MX) with ${protocol} id ${session.id}${eol}\tfor <${recipient}>; ${date}${eol}`,
  );
}

/**
 * SMTP (not LMTP) has one reply per DATA. Every recipient committed: 250 (with the inbound ids
 * when they fit). Nothing committed and every recipient refused by the use case (its route or
 * allowance changed since RCPT): that refusal. Otherwise 451: the sender sends it all again, the
 * committed recipients come back as duplicates (the same source id) and the others are tried again.
 */
function dataReply(ids: string[], failed: MxRefusal[]): Error | string {
  if (failed.length === 0) {
    const accepted = '2.6.0 Message accepted';
    const withIds = `${accepted}: ${ids.join(' ')}`;
    return withIds.length <= 480 ? withIds : accepted;
  }
  if (ids.length === 0 && !failed.includes('service_unavailable')) return mxError(failed[0]!);
  return mxError('service_unavailable', `${failed.length} of ${failed.length + ids.length} recipients not stored`);
}
