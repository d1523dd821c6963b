// POST /provider/ses-events: SES event notifications delivered by Amazon SNS. Outside /api (no
// API key: SNS authenticates by signature). SNS posts JSON as `text/plain`. Answers 2xx once the
// outcome is handed to Temporal; a 5xx makes SNS deliver it again later.
import express, { Router, type NextFunction, type Request, type Response } from 'express';
import { routeProviderOutcome } from '../../core/providerEvents/providerEvents';
import { parseSesEvent } from '../../core/providerEvents/sesEvents';
import { SNS_REJECTIONS, SnsRejection, SnsVerifier, type SnsMessage, type SnsRejectionCode } from '../../core/providerEvents/snsMessages';
import type { RouteDeps } from '../http/deps';
import type { ErrorAnswer } from '../../core/model/errorCodes';
import { sendTableError, statusesOf } from '../http/errors';

export const SES_EVENTS_PATH = '/provider/ses-events';
/** SNS messages are at most 256 KiB. */
const MAX_SNS_BODY_BYTES = 256 * 1024;

/** The codes of this endpoint: SnsVerifier's rejections and two of its own. */
type SesEventError = SnsRejectionCode | 'subscription_not_confirmed' | 'queue_error';

/**
 * This endpoint's own error table (its caller is SNS, not a customer: a separate contract from
 * api/http/errors.ts's API_ERRORS, in the same shape). A 5xx makes SNS deliver the message again.
 */
export const SES_EVENT_ANSWERS = {
  ...SNS_REJECTIONS,
  subscription_not_confirmed: { status: 502, retry: 'yes: SNS sends the confirmation again' },
  queue_error: { status: 503, retry: 'yes: SNS delivers it again later' },
} as const satisfies Record<SesEventError, ErrorAnswer>;

/** Every code this endpoint answers with and its status, for the OpenAPI document. */
export const SES_EVENT_ERRORS = statusesOf(SES_EVENT_ANSWERS);

function refuse(req: Request, res: Response, code: SesEventError, detail: string): void {
  req.log.warn({ outcome: code, reason: detail }, 'SNS message refused');
  res.locals.outcome = code;
  sendTableError(res, SES_EVENT_ANSWERS, code, detail);
}

/** The raw text, or a 400 for a body that is too large, not text, or cut short. */
function textBody() {
  const parse = express.text({ type: () => true, limit: MAX_SNS_BODY_BYTES });
  return (req: Request, res: Response, next: NextFunction): void =>
    parse(req, res, (err?: unknown) => {
      if (!err) return next();
      const type = (err as { type?: string }).type;
      refuse(req, res, 'invalid_sns_message', type === 'entity.too.large' ? `the body is larger than ${MAX_SNS_BODY_BYTES} bytes` : 'the body could not be read as UTF-8 text');
    });
}

export function sesEventsRoute(deps: RouteDeps): Router {
  const router = Router();
  const verifier = new SnsVerifier(deps.config.outcomes);
  router.post(SES_EVENTS_PATH, textBody(), async (req, res) => {
    let message: SnsMessage;
    try {
      message = await verifier.verify(typeof req.body === 'string' ? req.body : '');
    } catch (err) {
      if (!(err instanceof SnsRejection)) throw err;
      return refuse(req, res, err.code, err.message);
    }

    if (message.Type === 'SubscriptionConfirmation') {
      try {
        await verifier.confirmSubscription(message);
      } catch (err) {
        if (err instanceof SnsRejection) return refuse(req, res, err.code, err.message);
        req.log.warn({ err, topic: message.TopicArn }, 'SNS subscription not confirmed');
        return refuse(req, res, 'subscription_not_confirmed', 'The subscription could not be confirmed; SNS will send the confirmation again.');
      }
      req.log.info({ topic: message.TopicArn }, 'SNS subscription confirmed');
      res.status(200).json({ success: true, confirmed: true });
      return;
    }
    if (message.Type === 'UnsubscribeConfirmation') {
      req.log.warn({ topic: message.TopicArn }, 'SNS unsubscribed this endpoint');
      res.status(200).json({ success: true });
      return;
    }

    const event = parseSesEvent(message.Message);
    if (!event.ok) {
      req.log.info({ snsMessageId: message.MessageId, ignored: event.ignored }, 'SES event ignored');
      res.status(200).json({ success: true, ignored: event.ignored });
      return;
    }
    try {
      const route = await routeProviderOutcome(deps, { sesMessageId: event.sesMessageId, snsMessageId: message.MessageId, outcome: event.outcome });
      req.log.info({ snsMessageId: message.MessageId, outcome: event.outcome.type, route }, 'SES event received');
      res.status(200).json({ success: true, route });
    } catch (err) {
      req.log.error({ err, snsMessageId: message.MessageId }, 'SES event could not be handed to Temporal');
      refuse(req, res, 'queue_error', 'The event could not be queued; SNS will deliver it again.');
    }
  });
  return router;
}
