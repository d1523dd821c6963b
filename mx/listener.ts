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
import { checkHeaderBlock } from '../core/inbound/headerCheck';
import { receiveMessage, type ReceiveOutcome } from '../core/inbound/receiveMessage';
import { routeRecipient } from '../core/inbound/routing';
import { contentHash } from '../core/inbound/storedContent';
import type { InboundWorkflows } from '../core/model/inbound';
import type { Config } from '../core/platform/config';
import type { Db } from '../core/platform/db';
import type { MxMetrics } from '../core/platform/metrics';
import { redisLimiter, takePoint } from '../core/platform/rateLimits';
import { connectionTable, type CountedConnection } from '../core/platform/smtpListener/connections';
import { memoryBudget } from '../core/platform/smtpListener/dataBudget';
import { answerData, closeAfterTransactions, guardHandlers, listenOn } from '../core/platform/smtpListener/handlers';
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

/** What the listener keeps per connection, beside the client it counts under and its open transaction. */
interface ConnectionState extends CountedConnection {
  /** RCPT TOs refused by routing on this connection (MX_MAX_REFUSED_RECIPIENTS). */
  refusedRecipients: number;
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
  /** Open connections, at most MX_MAX_CLIENTS_PER_IP per client. */
  const connections = connectionTable<ConnectionState>(mx.maxClientsPerIp, (client) => ({
    client,
    inTransaction: false,
    refusedRecipients: 0,
  }));
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
   * DATA held in this process, counted as memory (MX_MAX_BYTES_IN_FLIGHT): each message's size
   * caps one message, this caps them all together, so many clients at once cannot exhaust the memory.
   */
  const budget = memoryBudget(mx.maxBytesInFlight);
  let stopping = false;

  const state = (session: SMTPServerSession): ConnectionState => connections.of(session);
  const refuse = (stage: string, refusal: MxRefusal, detail?: string) => {
    metrics.refused.inc({ reason: refusal, stage });
    return mxError(refusal, detail);
  };
  const guarded = guardHandlers(logger, 'MX handler failed', (stage) => refuse(stage, 'service_unavailable'));

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
        // Over the allowance answers as an outage does, and an outage never ends in 421.
        if (route.kind !== 'over_allowance') s.refusedRecipients += 1;
        return refuse('rcpt', route.kind);
      }
      return undefined;
    },
  );

  const onData = (
    stream: SMTPServerDataStream,
    session: SMTPServerSession,
    callback: (err?: Error | null, message?: string) => void,
  ): void =>
    answerData(
      stream,
      state(session),
      budget,
      {
        // A connection gone mid-DATA: nobody hears the answer, nothing to count.
        refusal: (kind) => (kind === 'abandoned' ? mxError('service_unavailable') : refuse('data', kind)),
        receive: (chunks) => {
          const message = joinedMessage(chunks);
          // The received message's trace starts here (docs/operations.md, "Traces").
          return inSpan('mx.message', { 'smtp.session_id': session.id }, () => receive(session, message));
        },
        failed: (err) => {
          logger.error({ session: session.id, err }, 'MX DATA failed');
          return refuse('data', 'service_unavailable');
        },
      },
      callback,
    );

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
    const sha256 = contentHash(raw);
    const results: RecipientResult[] = [];
    for (const recipient of recipients) {
      // The message's bytes are stored once for all its recipients; each keeps its own trace line.
      const result = await receiveMessage(
        { db, workflows: deps.workflows, logger, startTimeoutMs: config.temporal.startTimeoutMs },
        {
          source: 'mx',
          sourceId: mxSourceId(envelopeFrom, recipient, sha256),
          raw,
          sha256,
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
      const admission = connections.admit(session);
      if (!admission.admitted) {
        const { client, open } = admission;
        logger.warn({ session: session.id, client, open }, 'MX connection refused: too many from this address');
        return callback(refuse('connect', 'too_many_connections'));
      }
      metrics.connections.inc();
      metrics.openConnections.inc();
      callback();
    },
    // Called once for every connection that ends, refused ones included: only a connection
    // counted in onConnect gives its slot back (and what its DATA held).
    onClose(session: SMTPServerSession) {
      if (connections.release(session)) metrics.openConnections.dec();
    },
    onMailFrom,
    onRcptTo,
    onData,
  });
  server.on('error', (err) => logger.warn({ err }, 'MX connection error'));

  return {
    server,
    listen: () => listenOn(server, mx.port, mx.host),
    async stop(deadlineMs) {
      stopping = true;
      await closeAfterTransactions([server], connections.inTransaction, deadlineMs);
    },
  };
}

/**
 * A retry of a message already stored (the reply was lost, or 451 after some recipients were
 * committed) is the same bytes from the same sender to the same recipient: the same source id, so
 * the receive use case answers `duplicate` instead of storing and announcing it twice.
 */
export function mxSourceId(envelopeFrom: string, recipient: string, sha256: Buffer): string {
  return createHash('sha256')
    .update(`${envelopeFrom.toLowerCase()}\0${recipient.toLowerCase()}\0`)
    .update(sha256)
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
 * when they fit). Nothing committed and every recipient refused by the use case (its route changed
 * since RCPT): that refusal. Otherwise 451: the sender sends it all again, the committed recipients
 * come back as duplicates (the same source id) and the others are tried again.
 */
function dataReply(ids: string[], failed: MxRefusal[]): Error | string {
  if (failed.length === 0) {
    const accepted = '2.6.0 Message accepted';
    const withIds = `${accepted}: ${ids.join(' ')}`;
    return withIds.length <= 480 ? withIds : accepted;
  }
  // Over the allowance gets an outage's reply, word for word: the allowance is not told.
  const asOutage = failed.some((refusal) => refusal === 'service_unavailable' || refusal === 'over_allowance');
  if (ids.length === 0 && !asOutage) return mxError(failed[0]!);
  return mxError('service_unavailable', `${failed.length} of ${failed.length + ids.length} recipients not stored`);
}
