// POST /provider/ses-events: SES event notifications delivered by Amazon SNS; a row of the route
// table. Outside /api (no API key, no session: SNS authenticates by signature). SNS posts JSON as
// `text/plain`, read as text whatever its type. Answers 2xx once the outcome is handed to
// Temporal; a 5xx makes SNS deliver it again later. The same topic may carry SES receiving's
// "Received" notifications (docs/inbound.md, "Receiving through Amazon SES"): the message is taken
// from S3 and stored once per recipient a rule routes, answered 2xx once every one is committed.
import { Type } from '@sinclair/typebox';
import type { Request, Response } from 'express';
import {
  bucketAllowed,
  inboundS3Client,
  parseSesReceived,
  receiveSesNotification,
  type SesRecipientOutcome,
} from '../../core/inbound/sesReceiving';
import { routeProviderOutcome } from '../../core/providerEvents/providerEvents';
import { inboundWorkflows } from '../../workflows/client';
import { parseSesEvent } from '../../core/providerEvents/sesEvents';
import {
  SNS_REJECTIONS,
  SnsRejection,
  SnsVerifier,
  type SnsMessage,
  type SnsRejectionCode,
} from '../../core/providerEvents/snsMessages';
import type { ErrorAnswer } from '../../core/model/errorCodes';
import { sendTableError, statusesOf } from '../http/errors';
import { ANSWERED, operation, type Answers } from '../http/operation';
import { perApp } from '../http/perApp';
import type { RouteDeps } from '../http/deps';
import { named, narrowed } from '../schemas/named';
import { errorSchema, sesEventAnswerSchema } from '../schemas/responses';

export const SES_EVENTS_PATH = '/provider/ses-events';
/** SNS messages are at most 256 KiB. */
const MAX_SNS_BODY_BYTES = 256 * 1024;

/** The codes of this endpoint: SnsVerifier's rejections and three of its own. */
type SesEventError = SnsRejectionCode | 'unexpected_bucket' | 'subscription_not_confirmed' | 'queue_error';

/**
 * This endpoint's own error table (its caller is SNS, not a customer: a separate contract from
 * api/http/errors.ts's API_ERRORS, in the same shape). A 5xx makes SNS deliver the message again.
 */
export const SES_EVENT_ANSWERS = {
  ...SNS_REJECTIONS,
  unexpected_bucket: { status: 403, retry: 'no: list the bucket in INBOUND_S3_BUCKETS; the object stays in S3' },
  subscription_not_confirmed: { status: 502, retry: 'yes: SNS sends the confirmation again' },
  queue_error: { status: 503, retry: 'yes: SNS delivers it again later' },
} as const satisfies Record<SesEventError, ErrorAnswer>;

/** Every code this endpoint answers with and its status. */
export const SES_EVENT_ERRORS = statusesOf(SES_EVENT_ANSWERS);

/** This endpoint's error answers: the API's error shape with its own codes. */
const sesEventErrorSchema = named('SesEventError', errorSchema(Object.keys(SES_EVENT_ANSWERS)));

/** The answers of this endpoint's own codes, each status described. */
function sesEventAnswers(described: Record<number, string>): Answers {
  const atStatus = (status: number) =>
    Object.entries(SES_EVENT_ERRORS).flatMap(([code, s]) => (s === status ? [code] : []));
  return Object.fromEntries(
    Object.entries(described).map(([status, description]) => [
      status,
      [
        Type.Unsafe(
          narrowed(sesEventErrorSchema, { type: 'object', properties: { error: { enum: atStatus(Number(status)) } } }),
        ),
        description,
      ],
    ]),
  );
}

function refuse(req: Request, res: Response, code: SesEventError, detail: string): typeof ANSWERED {
  req.log.warn({ outcome: code, reason: detail }, 'SNS message refused');
  res.locals.outcome = code;
  sendTableError(res, SES_EVENT_ANSWERS, code, detail);
  return ANSWERED;
}

const verifier = perApp((deps) => new SnsVerifier(deps.config.outcomes));
const receiving = perApp((deps) => ({
  workflows: inboundWorkflows(deps.temporal, deps.config.temporal.taskQueue),
  s3: inboundS3Client(deps.config),
}));

/** The notification's message when it is SES receiving's "Received" (parsed once), else undefined. */
function receivedNotification(text: string): Record<string, unknown> | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed &&
      typeof parsed === 'object' &&
      (parsed as { notificationType?: unknown }).notificationType === 'Received'
      ? (parsed as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** How many recipients of a Received notification came to what. */
export interface ReceivedCounts {
  accepted: number;
  duplicate: number;
  ignored: number;
  dropped: number;
}

function countOutcomes(outcomes: SesRecipientOutcome[]): ReceivedCounts {
  const counts: ReceivedCounts = { accepted: 0, duplicate: 0, ignored: 0, dropped: 0 };
  for (const o of outcomes) {
    if (o.kind === 'accepted' || o.kind === 'duplicate') counts[o.kind]++;
    else if (o.kind === 'too_large' || o.reason === 'over_allowance') counts.dropped++;
    else counts.ignored++;
  }
  return counts;
}

/** Counts the dropped recipients by reason and logs what became of the notification (ids and counts only: recipients are addresses). */
function logReceived(
  deps: RouteDeps,
  req: Request,
  ids: { snsMessageId: string; sesMessageId: string },
  outcomes: SesRecipientOutcome[],
  received: ReceivedCounts,
): void {
  for (const o of outcomes) {
    if (o.kind === 'too_large' || o.kind === 'refused')
      deps.metrics.inboundRefused.inc({ reason: o.kind === 'too_large' ? o.kind : o.reason });
  }
  const inboundIds = outcomes.flatMap((o) => (o.kind === 'accepted' || o.kind === 'duplicate' ? [o.inboundId] : []));
  const log = received.dropped > 0 ? req.log.warn.bind(req.log) : req.log.info.bind(req.log);
  log(
    {
      ...ids,
      inboundIds,
      ...received,
      droppedFor: outcomes.flatMap((o) =>
        o.kind === 'too_large'
          ? ['too_large']
          : o.kind === 'refused' && o.reason === 'over_allowance'
            ? [o.reason]
            : [],
      ),
    },
    'SES received notification handled',
  );
}

/**
 * SES receiving's "Received" notification: refused (403, nothing fetched) when it names a bucket
 * INBOUND_S3_BUCKETS does not allow; else every recipient a rule routes stored once (source id
 * `<mail.messageId>:<recipient>`, so SNS delivering it twice stores it once), the others ignored.
 * SES accepted the message already, so what is over the allowance or too large is dropped, logged
 * by id and counted. S3 or the store away before a commit: 503, and SNS delivers it again.
 */
async function handleReceived(
  deps: RouteDeps,
  req: Request,
  res: Response,
  snsMessageId: string,
  notification: Record<string, unknown>,
) {
  const parsed = parseSesReceived(notification);
  if ('error' in parsed) {
    req.log.warn({ snsMessageId, ignored: parsed.error }, 'SES received notification ignored');
    return { success: true as const, ignored: parsed.error };
  }
  if (!bucketAllowed(deps.config, parsed.s3.bucketName)) {
    deps.metrics.inboundRefused.inc({ reason: 'unexpected_bucket' }, parsed.recipients.length);
    req.log.error(
      { snsMessageId, sesMessageId: parsed.sesMessageId, bucket: parsed.s3.bucketName },
      'SES received notification names a bucket not in INBOUND_S3_BUCKETS: not fetched',
    );
    return refuse(req, res, 'unexpected_bucket', 'The notification names an S3 bucket not in INBOUND_S3_BUCKETS.');
  }
  const { workflows, s3 } = receiving(deps);
  let outcomes: SesRecipientOutcome[];
  try {
    outcomes = await receiveSesNotification(
      {
        db: deps.db,
        workflows,
        logger: req.log,
        startTimeoutMs: deps.config.temporal.startTimeoutMs,
        s3,
        maxBytes: deps.config.inbound.maxMessageBytes,
      },
      parsed,
    );
  } catch (err) {
    req.log.error({ err, snsMessageId, sesMessageId: parsed.sesMessageId }, 'SES received message not stored');
    return refuse(req, res, 'queue_error', 'The received message could not be stored; SNS will deliver it again.');
  }
  const received = countOutcomes(outcomes);
  logReceived(deps, req, { snsMessageId, sesMessageId: parsed.sesMessageId }, outcomes, received);
  return { success: true as const, received };
}

export const sesEventOperations = [
  operation({
    method: 'post',
    path: SES_EVENTS_PATH,
    operationId: 'sesEvents',
    summary: 'SES event notifications and received mail delivered by Amazon SNS (not for API clients)',
    description:
      "Subscribe the SNS topic your SES configuration set publishes to, and the topic of the SES receiving rule that stores received mail in S3 (docs/inbound.md, \"Receiving through Amazon SES\"). No API key: every message is checked against `SNS_TOPIC_ARNS`, its age and its signature (certificate from the topic region's SNS host). A `Received` notification's message is fetched from its S3 object, only in a bucket `INBOUND_S3_BUCKETS` lists (with none listed: any bucket in development and tests, none in production), and stored once for each recipient an inbound rule routes (`received` counts them; the same notification again stores nothing new); the other recipients are ignored, and what is over the account's inbound allowance or `INBOUND_MAX_MESSAGE_BYTES` is dropped, since SES accepted it already. A 5xx makes SNS deliver it again later.",
    who: 'sns',
    ownBody: {
      media: 'text/plain',
      schema: { type: 'string', description: 'The SNS message as JSON (SNS posts it as text/plain), at most 256 KiB.' },
      limit: MAX_SNS_BODY_BYTES,
    },
    ok: [
      200,
      sesEventAnswerSchema,
      'Handled, confirmed, or acknowledged and ignored; for received mail, once every routed recipient is stored.',
    ],
    more: {
      ...sesEventAnswers({
        400: 'Not an SNS message.',
        403: 'Not a topic Postage subscribed to, too old, or the signature does not verify; or (received mail) the notification names an S3 bucket not in `INBOUND_S3_BUCKETS`, which is never fetched from.',
        502: 'The subscription could not be confirmed; SNS sends the confirmation again.',
        503: 'The signing certificate, Temporal, or (received mail) the S3 object or the store is unavailable; SNS delivers it again.',
      }),
      500: 'Unexpected failure; SNS delivers it again.',
    },
    async handler({ deps, req, res, body }) {
      if (typeof body !== 'string') return refuse(req, res, 'invalid_sns_message', body.unreadable);
      let message: SnsMessage;
      try {
        message = await verifier(deps).verify(body);
      } catch (err) {
        if (!(err instanceof SnsRejection)) throw err;
        return refuse(req, res, err.code, err.message);
      }

      if (message.Type === 'SubscriptionConfirmation') {
        try {
          await verifier(deps).confirmSubscription(message);
        } catch (err) {
          if (err instanceof SnsRejection) return refuse(req, res, err.code, err.message);
          req.log.warn({ err, topic: message.TopicArn }, 'SNS subscription not confirmed');
          return refuse(
            req,
            res,
            'subscription_not_confirmed',
            'The subscription could not be confirmed; SNS will send the confirmation again.',
          );
        }
        req.log.info({ topic: message.TopicArn }, 'SNS subscription confirmed');
        return { success: true, confirmed: true };
      }
      if (message.Type === 'UnsubscribeConfirmation') {
        req.log.warn({ topic: message.TopicArn }, 'SNS unsubscribed this endpoint');
        return { success: true };
      }

      const received = receivedNotification(message.Message);
      if (received) return handleReceived(deps, req, res, message.MessageId, received);

      const event = parseSesEvent(message.Message);
      if (!event.ok) {
        req.log.info({ snsMessageId: message.MessageId, ignored: event.ignored }, 'SES event ignored');
        return { success: true, ignored: event.ignored };
      }
      try {
        const route = await routeProviderOutcome(deps, {
          sesMessageId: event.sesMessageId,
          snsMessageId: message.MessageId,
          outcome: event.outcome,
        });
        req.log.info({ snsMessageId: message.MessageId, outcome: event.outcome.type, route }, 'SES event received');
        return { success: true, route };
      } catch (err) {
        req.log.error({ err, snsMessageId: message.MessageId }, 'SES event could not be handed to Temporal');
        return refuse(req, res, 'queue_error', 'The event could not be queued; SNS will deliver it again.');
      }
    },
  }),
];
