// The SMTP submission relay: two listeners (submission with STARTTLS required before AUTH, and
// implicit TLS) on smtp-server, onto the same send use case as POST /api/send/. Each RCPT TO is
// one message: answered at RCPT with what is known there (rate, the gates: suppression, test
// recipients, quota), then at the end of DATA each recipient goes through `sendMessage` on its
// own (the same gates again, the count, the idempotency key, the workflow). Nothing of a message
// (addresses, subject, body) is logged: BYOC content must not be kept anywhere, and the relay
// does not tell modes apart before the gates.
import {
  SMTPServer,
  type SMTPServerAddress,
  type SMTPServerAuthentication,
  type SMTPServerDataStream,
  type SMTPServerSession,
} from 'smtp-server';
import type Redis from 'ioredis';
import type { Logger } from 'pino';
import { authenticateApiKey, keyPrefix, noteKeyUsed, type ApiKey } from '../core/accounts/apiKeys';
import { classifyRecipient, domainOf, parseMailbox } from '../core/model/addresses';
import type { MessageWorkflows } from '../core/model/workflowContract';
import type { Config } from '../core/platform/config';
import type { Db } from '../core/platform/db';
import type { SmtpMetrics } from '../core/platform/metrics';
import { redisLimiter, takePoint } from '../core/platform/rateLimits';
import { sendRateLimiter } from '../core/platform/sendRateLimit';
import { connectionTable, type CountedConnection } from '../core/platform/smtpListener/connections';
import { memoryBudget } from '../core/platform/smtpListener/dataBudget';
import { answerData, closeAfterTransactions, guardHandlers, listenOn } from '../core/platform/smtpListener/handlers';
import { checkKeyScope, checkSendGates, SENDER_REFUSALS } from '../core/sending/sendGates';
import { parseSubmission, type Submission } from './parseMessage';
import { isTransient, SMTP_REPLIES, smtpError, type SmtpRefusal } from './replies';
import { sendRecipient, type RecipientOutcome } from './sendRecipients';
import { inSpan } from '../core/platform/tracing';

export interface RelayDeps {
  config: Config;
  db: Db;
  redis: Redis;
  workflows: MessageWorkflows;
  logger: Logger;
  metrics: SmtpMetrics;
  tls: { cert: Buffer; key: Buffer };
}

/** What the relay keeps per connection, beside the client it counts under and its open transaction. */
interface ConnectionState extends CountedConnection {
  key?: ApiKey;
}

/** Refusals at MAIL FROM: the ones about the sender (a recipient's come at RCPT). */
const SENDER_REFUSAL_SET: ReadonlySet<SmtpRefusal> = new Set(SENDER_REFUSALS);

export interface Relay {
  submission: SMTPServer;
  implicitTls: SMTPServer;
  listen(): Promise<{ port: number; smtpsPort: number }>;
  /** Takes no new transaction, lets those in progress finish (up to `deadlineMs`), then closes every connection. */
  stop(deadlineMs: number): Promise<void>;
}

export function createRelay(deps: RelayDeps): Relay {
  const { config, db, logger, metrics } = deps;
  /** Open connections, both listeners together, at most SMTP_MAX_CLIENTS_PER_IP per client. */
  const connections = connectionTable<ConnectionState>(config.smtp.maxClientsPerIp, (client) => ({
    client,
    inTransaction: false,
  }));
  const rate = sendRateLimiter({
    redis: deps.redis,
    limitPerMinute: config.api.rateLimitPerMinute,
    logger,
    onMemoryFallback: () => metrics.rateLimitFallbacks.inc(),
  });
  const authFailures = redisLimiter(
    deps.redis,
    `${config.redis.keyPrefix}:smtp:auth-failures`,
    config.smtp.authFailuresPerIp,
    config.smtp.authFailureWindowMinutes * 60,
  );
  /** DATA held in this process, counted as memory (SMTP_MAX_BYTES_IN_FLIGHT), all transactions together. */
  const budget = memoryBudget(config.smtp.maxBytesInFlight);
  let stopping = false;

  const state = (session: SMTPServerSession): ConnectionState => connections.of(session);
  const refuse = (stage: string, refusal: SmtpRefusal, detail?: string) => {
    metrics.refused.inc({ reason: refusal, stage });
    return smtpError(refusal, detail);
  };
  const guarded = guardHandlers(logger, 'SMTP handler failed', (stage) => refuse(stage, 'service_unavailable'));

  const onAuth = guarded(
    'auth',
    async (auth: SMTPServerAuthentication, session: SMTPServerSession): Promise<Error | undefined> => {
      // Failures count per client (an IPv6 /64 is one), as connections do.
      const client = state(session).client;
      // Over the limit: refused before the key is even looked at, so guessing gains nothing.
      const failures = await authFailures.get(client);
      if (failures && failures.consumedPoints >= config.smtp.authFailuresPerIp) {
        logger.warn({ session: session.id, client }, 'SMTP AUTH refused: too many failures from this address');
        return refuse('auth', 'auth_locked');
      }
      const result = await authenticateApiKey(db, auth.password ?? undefined, session.remoteAddress);
      // A valid key from outside its networks: not a guess, so not counted as a failure.
      if (!result.ok && result.reason === 'outside_networks') {
        metrics.authFailures.inc({ reason: result.reason });
        logger.warn(
          { session: session.id, client, key: keyPrefix(result.key.lookupId), account: result.key.accountId },
          'SMTP AUTH refused: the key is bound to other networks',
        );
        return refuse('auth', 'network_not_allowed');
      }
      if (!result.ok) {
        metrics.authFailures.inc({ reason: result.reason });
        await takePoint(authFailures, client).catch((err: unknown) =>
          logger.warn({ err }, 'SMTP AUTH failure not counted'),
        );
        return refuse('auth', 'auth_failed');
      }
      noteKeyUsed(db, result.key.id);
      state(session).key = result.key;
      logger.info(
        { session: session.id, client, key: keyPrefix(result.key.lookupId), account: result.key.accountId },
        'SMTP client authenticated',
      );
      return undefined;
    },
  );
  // smtp-server wants `{ user }` on success: the key's prefix (never the secret) names the session.
  const authHandler = (
    auth: SMTPServerAuthentication,
    session: SMTPServerSession,
    callback: (err: Error | null | undefined, response?: { user: string }) => void,
  ): void =>
    onAuth(auth, session, (err) => {
      const key = state(session).key;
      if (err || !key) callback(err ?? smtpError('auth_failed'));
      else callback(null, { user: keyPrefix(key.lookupId) });
    });

  const onMailFrom = guarded(
    'mail',
    async (address: SMTPServerAddress, session: SMTPServerSession): Promise<Error | undefined> => {
      const s = state(session);
      if (stopping) return refuse('mail', 'shutting_down');
      const key = s.key!; // smtp-server refuses MAIL before AUTH (authOptional is off)
      const sender = parseMailbox(address.address);
      if (!address.address || 'error' in sender) return refuse('mail', 'sender_invalid');
      const fromDomain = domainOf(sender.address);
      const outOfScope = checkKeyScope(key, fromDomain);
      if (outOfScope) return refuse('mail', outOfScope.code, outOfScope.detail);
      // The sender's side of the gates (the recipient's come at RCPT): one read, the same function.
      const gates = await checkSendGates(db, {
        apiKey: key,
        fromDomain,
        recipient: sender.address,
        recipientKind: { kind: 'real' },
        secretKey: config.secretKey,
      });
      // A key revoked since AUTH: the session's credentials no longer hold.
      if (!gates.ok && 'unauthenticated' in gates) return refuse('mail', 'auth_failed');
      if (!gates.ok && SENDER_REFUSAL_SET.has(gates.failure.code))
        return refuse('mail', gates.failure.code, gates.failure.detail);
      s.inTransaction = true;
      return undefined;
    },
  );

  const onRcptTo = guarded(
    'rcpt',
    async (address: SMTPServerAddress, session: SMTPServerSession): Promise<Error | undefined> => {
      const key = state(session).key!;
      if (session.envelope.rcptTo.length >= config.smtp.maxRecipients) return refuse('rcpt', 'too_many_recipients');
      const to = parseMailbox(address.address);
      if ('error' in to) return refuse('rcpt', 'recipient_invalid');
      const kind = classifyRecipient(to.address, config);
      if (kind.kind === 'unknown_test') return refuse('rcpt', 'unknown_test_address');
      // One recipient is one send request (docs/smtp.md, "Replies"): it spends one point of the key's
      // budget, which the HTTP API shares.
      const limited = await rate.take(key.lookupId);
      if (limited.limited)
        return refuse(
          'rcpt',
          'rate_limited',
          `${limited.points} per minute; retry in ${Math.max(1, Math.ceil(limited.msBeforeNext / 1000))} s`,
        );
      const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
      const gates = await checkSendGates(db, {
        apiKey: key,
        fromDomain: domainOf(from),
        recipient: to.address,
        recipientKind: kind,
        secretKey: config.secretKey,
      });
      if (!gates.ok) return refuse('rcpt', 'unauthenticated' in gates ? 'auth_failed' : gates.failure.code);
      return undefined;
    },
  );

  const onData = (
    stream: SMTPServerDataStream,
    session: SMTPServerSession,
    callback: (err?: Error | null, message?: string) => void,
  ): void => {
    const connection = state(session);
    answerData(
      stream,
      connection,
      budget,
      {
        // A connection gone mid-DATA: nobody hears the answer, nothing to count.
        refusal: (kind) => (kind === 'abandoned' ? smtpError('service_unavailable') : refuse('data', kind)),
        receive: (chunks) => {
          // One copy held while it is parsed and sent, within what the chunks were charged.
          const raw = Buffer.concat(chunks);
          chunks.length = 0;
          // The message's trace starts here (docs/operations.md, "Traces"): its recipients' sends are children.
          return inSpan('smtp.message', { 'smtp.session_id': session.id }, () =>
            deliver(connection.key!, session, raw),
          );
        },
        failed: (err) => {
          logger.error({ session: session.id, err }, 'SMTP DATA failed');
          return refuse('data', 'service_unavailable');
        },
      },
      callback,
    );
  };

  /** Every recipient through the send use case, in order; then the one reply DATA gets. */
  async function deliver(key: ApiKey, session: SMTPServerSession, raw: Buffer): Promise<Error | string> {
    const envelopeFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
    const parsed = await parseSubmission(raw, parseMailboxAddress(envelopeFrom), config.limits);
    if (!parsed.ok) return refuse('data', parsed.refusal, parsed.detail);
    const outcomes: RecipientOutcome[] = [];
    for (const rcpt of session.envelope.rcptTo) {
      const outcome = await sendRecipient(deps, key, parsed.submission, rcpt.address, (code, cause) =>
        logger.warn({ session: session.id, outcome: code, cause: String(cause) }, 'SMTP recipient not accepted'),
      );
      if (outcome.ok) metrics.accepted.inc({ mode: outcome.mode, kind: outcome.replayed ? 'replayed' : outcome.kind });
      else metrics.refused.inc({ reason: outcome.refusal, stage: 'data' });
      outcomes.push(outcome);
    }
    const accepted = outcomes.filter((o) => o.ok);
    const failed = outcomes.flatMap((o, i) => (o.ok ? [] : [{ index: i + 1, refusal: o.refusal }]));
    logger.info(
      {
        session: session.id,
        key: keyPrefix(key.lookupId),
        recipients: outcomes.length,
        messageIds: accepted.map((a) => a.messageId),
        refused: failed.map((f) => f.refusal),
      },
      'SMTP message submitted',
    );
    return dataReply(
      accepted.map((a) => a.messageId),
      failed,
      parsed.submission,
    );
  }

  const serverOptions = {
    name: config.smtp.hostname,
    banner: 'Postage SMTP relay',
    key: deps.tls.key,
    cert: deps.tls.cert,
    authMethods: ['PLAIN', 'LOGIN'],
    size: config.smtp.maxMessageBytes,
    maxClients: config.smtp.maxClients,
    // Only these peers (a balancer's addresses, or '*' outside production) must open with a PROXY v1 header,
    // whose source address then stands for the client everywhere; others are served as they come.
    useProxy: config.smtp.proxyProtocolPeers.length > 0 ? config.smtp.proxyProtocolPeers : false,
    socketTimeout: config.smtp.socketTimeoutMs,
    // The relay's stop() decides when connections close; this only bounds smtp-server's own wait.
    closeTimeout: 1,
    disabledCommands: [] as string[],
    onAuth: authHandler,
    onMailFrom,
    onRcptTo,
    onData,
  };
  const withConnectionHooks = (port: 'submission' | 'implicit_tls') => ({
    // session.remoteAddress is the client's: the socket's peer, or with the PROXY protocol the
    // address the balancer's header names.
    onConnect: (session: SMTPServerSession, callback: (err?: Error | null) => void) => {
      if (stopping) return callback(smtpError('shutting_down'));
      const admission = connections.admit(session);
      if (!admission.admitted) {
        const { client, open } = admission;
        logger.warn({ session: session.id, client, port, open }, 'SMTP connection refused: too many from this address');
        return callback(refuse('connect', 'too_many_connections'));
      }
      metrics.connections.inc({ port });
      metrics.openConnections.inc();
      callback();
    },
    // smtp-server calls this once for every connection that ends (closed, reset, timed out),
    // refused ones included: only a connection counted in onConnect gives its slot back.
    onClose: (session: SMTPServerSession) => {
      if (connections.release(session)) metrics.openConnections.dec();
    },
  });
  const submission = new SMTPServer({ ...serverOptions, ...withConnectionHooks('submission') });
  const implicitTls = new SMTPServer({ ...serverOptions, ...withConnectionHooks('implicit_tls'), secure: true });
  for (const server of [submission, implicitTls])
    server.on('error', (err) => logger.warn({ err }, 'SMTP connection error'));

  return {
    submission,
    implicitTls,
    async listen() {
      const port = await listenOn(submission, config.smtp.port, config.smtp.host);
      const smtpsPort = await listenOn(implicitTls, config.smtp.smtpsPort, config.smtp.host);
      return { port, smtpsPort };
    },
    async stop(deadlineMs) {
      stopping = true;
      await closeAfterTransactions([submission, implicitTls], connections.inTransaction, deadlineMs);
    },
  };
}

function parseMailboxAddress(address: string): string {
  const parsed = parseMailbox(address);
  return 'error' in parsed ? address : parsed.address;
}

/**
 * SMTP (not LMTP) has one reply per DATA. All recipients queued: 250 with the message ids. None:
 * the first transient refusal (a retry may pass) or else the first refusal. Some: 250 naming the
 * refused recipients' positions, unless a transient refusal can be retried safely, that is with
 * an idempotency key: then 451, and the retry replays the queued ones and tries the rest again.
 */
function dataReply(
  messageIds: string[],
  failed: { index: number; refusal: SmtpRefusal }[],
  submission: Submission,
): Error | string {
  const transient = failed.find((f) => isTransient(f.refusal));
  if (messageIds.length === 0) return smtpError((transient ?? failed[0]!).refusal);
  if (failed.length > 0 && transient && submission.idempotencyKey !== undefined)
    return smtpError(
      transient.refusal,
      `recipient ${transient.index} not queued; retry with the same X-Postage-Idempotency-Key`,
    );
  const ids = messageIds.join(' ');
  const queued = `2.6.0 Queued ${messageIds.length} message${messageIds.length === 1 ? '' : 's'}`;
  const refusedText =
    failed.length > 0
      ? `; not queued: ${failed.map((f) => `#${f.index} ${SMTP_REPLIES[f.refusal].code} ${f.refusal}`).join(', ')}`
      : '';
  // A reply line stays under 512 octets (RFC 5321): the ids when they fit.
  const withIds = `${queued}: ${ids}${refusedText}`;
  return withIds.length <= 480 ? withIds : `${queued}${refusedText}`;
}
