// The public tracking links (docs/sending.md, "Tracking opens and clicks"): `GET|HEAD /t/o/{token}`
// answers the open pixel and `GET|HEAD /t/c/{token}` redirects to the link's target, both from the
// signed token alone (core/tracking/trackingTokens.ts): no session, no database, nothing started
// before the answer is sent. A token is good only on the hostname it was made for (`req.hostname`,
// which follows TRUST_PROXY): elsewhere it is a 404. A click on BASE_URL's own host redirects for
// TRACKING_BASE_URL_LINK_DAYS after the send only (then a 404): that host is the API's and the
// dashboard's origin. Afterwards the event is counted against the per-client, per-message and
// total limits (only verified tokens reach them) and handed to the message's engagement
// workflow; over a limit, or with Temporal away, the link still works and nothing is recorded. A
// token that does not verify is a 404 and records nothing.
import type { Request, Response } from 'express';
import { MAX_ENGAGEMENT_USER_AGENT, type EngagementEvent } from '../../core/model/workflowContract';
import { redisLimiter, takePoint } from '../../core/platform/rateLimits';
import { machineReason } from '../../core/tracking/machineDetection';
import {
  clickStillRedirects,
  trackingKey,
  verifyTrackingToken,
  type TrackingEvent,
} from '../../core/tracking/trackingTokens';
import type { RouteDeps } from '../http/deps';
import { ANSWERED, operation } from '../http/operation';
import { perApp } from '../http/perApp';
import { clientKey } from '../middleware/authLimits';

/** A 1x1 transparent GIF (43 bytes). */
export const TRANSPARENT_GIF = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
/** How long handing an event to Temporal may take, after the answer. */
const SIGNAL_DEADLINE_MS = 5_000;
/**
 * Events recorded a minute per message (docs/sending.md, "Rate limits"): a person clicks a few
 * links, a scanner each link once; one link replayed in a loop must not flood the message's
 * timeline and endpoints, nor spend everyone's allowance.
 */
export const EVENTS_PER_MESSAGE_PER_MINUTE = 60;
/** Events being recorded at once by this process; beyond, more are dropped (counted as rate_limited). */
export const MAX_RECORDING_AT_ONCE = 1_000;
let recordingNow = 0;

const tokenKey = perApp((deps) => trackingKey(deps.config.secretKey));
const limits = perApp((deps) => {
  const prefix = `${deps.config.redis.keyPrefix}:tracking`;
  return {
    byClient: redisLimiter(deps.redis, `${prefix}:client`, deps.config.tracking.perClientPerMinute, 60),
    byMessage: redisLimiter(deps.redis, `${prefix}:message`, EVENTS_PER_MESSAGE_PER_MINUTE, 60),
    total: redisLimiter(deps.redis, `${prefix}:total`, deps.config.tracking.totalPerMinute, 60),
  };
});

const headerText = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(', ') : (value ?? ''));

/** After the answer: the limits, then the message's engagement workflow. Never throws. */
async function recordAfterAnswer(deps: RouteDeps, req: Request, token: TrackingEvent, arrived: Date): Promise<void> {
  const kind = token.kind;
  try {
    const { byClient, byMessage, total } = limits(deps);
    // Refused by the client's or the message's limit, an event does not spend everyone's allowance.
    if (
      (await takePoint(byClient, clientKey(req.ip))) !== undefined ||
      (await takePoint(byMessage, token.messageId)) !== undefined ||
      (await takePoint(total, 'all')) !== undefined
    ) {
      deps.metrics.engagementEvents.inc({ kind, result: 'rate_limited' });
      return;
    }
    const machine =
      machineReason(
        { method: req.method, headers: req.headers, now: Math.floor(arrived.getTime() / 1000) },
        token,
        deps.config.tracking.machineWindowSeconds,
      ) !== null;
    const event: EngagementEvent = {
      type: kind === 'open' ? 'opened' : 'clicked',
      at: arrived.toISOString(),
      machine,
      userAgent: headerText(req.headers['user-agent']).slice(0, MAX_ENGAGEMENT_USER_AGENT),
      ...(token.kind === 'click' ? { url: token.url, linkIndex: token.linkIndex } : {}),
    };
    await deps.workflows.signalEngagement(token.messageId, event, Date.now() + SIGNAL_DEADLINE_MS);
    deps.metrics.engagementEvents.inc({ kind, result: 'recorded' });
  } catch (err) {
    deps.metrics.engagementEvents.inc({ kind, result: 'failed' });
    deps.logger.warn({ err, messageId: token.messageId, kind }, 'tracking event not recorded');
  }
}

function afterAnswer(deps: RouteDeps, req: Request, res: Response, token: TrackingEvent): typeof ANSWERED {
  const arrived = new Date();
  res.once('finish', () => {
    // A flood must not pile up pending Redis and Temporal calls in this process.
    if (recordingNow >= MAX_RECORDING_AT_ONCE) {
      deps.metrics.engagementEvents.inc({ kind: token.kind, result: 'rate_limited' });
      return;
    }
    recordingNow += 1;
    void recordAfterAnswer(deps, req, token, arrived).finally(() => (recordingNow -= 1));
  });
  return ANSWERED;
}

const NOT_FOUND =
  'No such tracking link: the token is malformed, was not signed by this service, or was made for another host.';
const CLICK_NOT_FOUND = `${NOT_FOUND} A link on the service's own address (BASE_URL) also expires TRACKING_BASE_URL_LINK_DAYS after the send.`;
export const trackingOperations = [
  operation({
    method: 'get',
    path: '/t/o/{token}',
    operationId: 'trackOpen',
    summary: 'Open pixel of a tracked message (in the email, not for API clients)',
    description:
      'The invisible image of a message sent with open tracking (docs/sending.md, "Tracking opens and clicks"). HEAD is answered the same, without the body (and counts as a machine). The open is recorded after the answer, at most once as a person and once as a machine per message; past the per-client, per-message or total limit (TRACKING_EVENTS_PER_CLIENT_PER_MINUTE, 60 a message, TRACKING_EVENTS_PER_MINUTE; only verified tokens count) the image is still served but nothing is recorded.',
    who: 'anyone',
    noSession: true,
    ok: [
      200,
      { type: 'string', format: 'binary', description: 'A 43-byte transparent GIF.' },
      'The image, whatever became of the open.',
    ],
    okAnswer: { media: 'image/gif', headers: { 'Cache-Control': '`no-store, private`: every open reaches us.' } },
    more: { 404: [{ codes: ['not_found'] }, NOT_FOUND] },
    async handler({ deps, req, res, params, refuse }) {
      const event = verifyTrackingToken(tokenKey(deps), req.hostname, params.token);
      res.set('Cache-Control', 'no-store, private');
      if (event?.kind !== 'open') return refuse('not_found', NOT_FOUND);
      res.status(200).type('image/gif').end(TRANSPARENT_GIF);
      return afterAnswer(deps, req, res, event);
    },
  }),
  operation({
    method: 'get',
    path: '/t/c/{token}',
    operationId: 'trackClick',
    summary: 'Tracked link of a message (in the email, not for API clients)',
    description:
      "A link of a message sent with click tracking (docs/sending.md, \"Tracking opens and clicks\"): a redirect to the link as written in the message, which only the signed token names (nothing else can be redirected to). On the service's own address (`BASE_URL`'s host, a domain without a verified tracking subdomain) it redirects for TRACKING_BASE_URL_LINK_DAYS after the send, then answers 404 and records nothing; on a customer's tracking subdomain it does not expire. HEAD is answered the same (and counts as a machine). Every click is recorded after the answer; past the per-client, per-message or total limit (TRACKING_EVENTS_PER_CLIENT_PER_MINUTE, 60 a message, TRACKING_EVENTS_PER_MINUTE; only verified tokens count) the redirect still works but nothing is recorded.",
    who: 'anyone',
    noSession: true,
    ok: [302, { type: 'null' }, 'To the link as written in the message.'],
    okAnswer: {
      headers: {
        Location: 'The original URL.',
        'Cache-Control': '`no-store`: every click reaches us.',
      },
    },
    more: { 404: [{ codes: ['not_found'] }, CLICK_NOT_FOUND] },
    async handler({ deps, req, res, params, refuse }) {
      const event = verifyTrackingToken(tokenKey(deps), req.hostname, params.token);
      res.set('Cache-Control', 'no-store');
      const service = { baseUrl: deps.config.api.baseUrl, days: deps.config.tracking.baseUrlLinkDays };
      if (event?.kind !== 'click' || !clickStillRedirects(event, req.hostname, service))
        return refuse('not_found', CLICK_NOT_FOUND);
      res.redirect(302, event.url);
      return afterAnswer(deps, req, res, event);
    },
  }),
];
