// POST /provider/ses-events: SES event notifications delivered by Amazon SNS. Outside /api (no
// API key: SNS authenticates by signature). SNS posts JSON as `text/plain`. Answers 2xx once the
// outcome is handed to Temporal; a 5xx makes SNS retry later.
import express, { Router, type Response } from 'express';
import { routeProviderOutcome } from '../../core/providerEvents';
import { parseSesEvent } from '../../core/sesEvents';
import { SnsRejection, SnsVerifier } from '../../core/snsMessages';
import type { ApiDeps } from '../deps';

export const SES_EVENTS_PATH = '/provider/ses-events';

function refuse(res: Response, status: number, error: string, detail: string): void {
  res.status(status).json({ success: false, error, detail });
}

export function sesEventsRoute(deps: ApiDeps): Router {
  const router = Router();
  const verifier = new SnsVerifier(deps.config.outcomes);
  router.post(SES_EVENTS_PATH, express.text({ type: () => true, limit: '256kb' }), async (req, res) => {
    const raw = typeof req.body === 'string' ? req.body : '';
    let message;
    try {
      message = await verifier.verify(raw);
    } catch (err) {
      if (!(err instanceof SnsRejection)) throw err;
      req.log.warn({ outcome: err.code, reason: err.message }, 'SNS message refused');
      refuse(res, err.status, err.code, err.message);
      return;
    }

    if (message.Type === 'SubscriptionConfirmation') {
      try {
        await verifier.confirmSubscription(message);
      } catch (err) {
        if (err instanceof SnsRejection) {
          req.log.warn({ outcome: err.code, reason: err.message }, 'SNS subscription refused');
          refuse(res, err.status, err.code, err.message);
          return;
        }
        req.log.warn({ err, topic: message.TopicArn }, 'SNS subscription not confirmed');
        refuse(res, 502, 'subscription_not_confirmed', 'The subscription could not be confirmed; SNS will send the confirmation again.');
        return;
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
      refuse(res, 503, 'queue_error', 'The event could not be queued; SNS will deliver it again.');
    }
  });
  return router;
}
