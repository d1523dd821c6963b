// The email log (shared mode; docs/sending.md, "The email log"): filtered, newest first, cursor
// pages; one message with its timeline and its webhook deliveries.
import { isScoped } from '../../../core/accounts/keyScope';
import { isUuid } from '../../../core/platform/ids';
import { getLogRow, messageNotFound } from '../../../core/sending/emailLog';
import { emailLogPage, LOG_STATUSES } from '../../../core/sending/emailLogListing';
import { messageTimeline, messageWebhookDeliveries } from '../../../core/sending/emailTimeline';
import { cancelScheduledSend, rescheduleSend, scheduleProblem } from '../../../core/sending/scheduledSends';
import { sendValidationError } from '../../http/errors';
import { ANSWERED, operation, type Refusal, type Refuse } from '../../http/operation';
import { presentEmail, presentMessageDelivery, presentTimelineEvent } from '../../presenters/resources';
import { EmailDetail, EmailList, EmailSchedule, RescheduleRequest } from '../../schemas/management';
import { choice, page, queryParameters, tag, text, time } from '../../schemas/queryParameters';

export const emailOperations = [
  operation({
    method: 'get',
    path: '/api/emails',
    summary: 'The shared-mode email log, newest first (rows are kept 14 days).',
    who: 'caller',
    role: 'viewer',
    scopedKey: 'filtered',
    query: queryParameters({
      status: choice(LOG_STATUSES, 'queued, sent, delivered, bounced, complained or failed.'),
      recipient: text(320, 'Part of the recipient address.'),
      from: text(320, 'Part of the sender address.'),
      since: time('ISO 8601; rows created at or after.'),
      until: time('ISO 8601; rows created before.'),
      tag: tag('Only messages with this tag: `name:value` (each 1 to 256 ASCII letters, digits, `_` or `-`).'),
      test: choice(
        ['true', 'false'] as const,
        '`true`: only messages sent with a test key (docs/test-recipients.md, "Test keys"); `false`: only the others.',
      ),
      ...page(),
    }),
    ok: [200, EmailList, 'A page of the log.'],
    async handler({ deps, caller, query }) {
      const { status, recipient, from, since, until, tag, test, cursor, limit } = query;
      // A domain-scoped key sees only messages sent from its domains.
      const page = await emailLogPage(
        deps.db,
        caller.accountId,
        {
          ...(isScoped(caller.domainScope) ? { fromDomains: caller.domainScope } : {}),
          ...(status ? { status } : {}),
          ...(recipient ? { recipient } : {}),
          ...(from ? { from } : {}),
          ...(since ? { since } : {}),
          ...(until ? { until } : {}),
          ...(tag ? { tag } : {}),
          ...(test ? { test: test === 'true' } : {}),
        },
        { limit, ...(cursor ? { cursor } : {}) },
      );
      return { emails: page.rows.map(presentEmail), next_cursor: page.nextCursor };
    },
  }),
  operation({
    method: 'get',
    path: '/api/emails/{message_id}',
    summary: 'One message: its log row, its timeline and its webhook deliveries.',
    who: 'caller',
    role: 'viewer',
    scopedKey: 'message',
    ok: [200, EmailDetail, 'The message.'],
    more: {
      404: 'No such message in this account. Also for a send accepted an instant ago (its workflow writes the log row, usually within a second: poll), and always for a BYOC message (shared mode only has a log).',
    },
    async handler({ deps, caller, params }) {
      const id = params.message_id;
      const row = isUuid(id) ? await getLogRow(deps.db, id) : undefined;
      if (!row || row.account_id !== caller.accountId) throw messageNotFound(id);
      const [timeline, deliveries] = await Promise.all([
        messageTimeline(deps.db, id),
        messageWebhookDeliveries(deps.db, id),
      ]);
      return {
        email: presentEmail(row),
        timeline: timeline.map(presentTimelineEvent),
        webhook_deliveries: deliveries.map(presentMessageDelivery),
      };
    },
  }),
  operation({
    method: 'patch',
    path: '/api/emails/{message_id}',
    summary: 'Move a scheduled email (shared or BYOC, by the `message_id` of its send answer) to another time.',
    who: 'caller',
    role: 'developer',
    scopedKey: 'message',
    body: RescheduleRequest,
    ok: [200, EmailSchedule, 'Moved.'],
    more: { 409: [{ codes: ['not_scheduled'] }, 'It has already left, or was cancelled.'] },
    async handler({ deps, res, caller, body, params, refuse }) {
      const at = new Date(body.scheduled_at);
      const problem = scheduleProblem(at);
      if (problem) {
        res.locals.outcome = 'invalid_body';
        sendValidationError(res, { scheduled_at: [problem] });
        return ANSWERED;
      }
      const scheduledAt = at.toISOString();
      const result = await rescheduleSend(deps.db, {
        accountId: caller.accountId,
        messageId: params.message_id,
        scheduledAt,
      });
      if (result !== 'rescheduled') return notScheduled(refuse, result, params.message_id);
      // The database has the last word; the signal only wakes the workflow for an earlier time.
      await deps.workflows
        .signalSchedule(params.message_id, { scheduledAt })
        .catch((err: unknown) => res.req.log.warn({ err }, 'reschedule not signalled'));
      res.locals.outcome = 'email_rescheduled';
      return { message_id: params.message_id, status: 'scheduled' as const, scheduled_at: scheduledAt };
    },
  }),
  operation({
    method: 'post',
    path: '/api/emails/{message_id}/cancel',
    summary:
      'Cancel a scheduled email (shared or BYOC, by the `message_id` of its send answer): status `canceled`, the month’s count given back, its staged content deleted at once.',
    who: 'caller',
    role: 'developer',
    scopedKey: 'message',
    ok: [200, EmailSchedule, 'Cancelled.'],
    more: { 409: [{ codes: ['not_scheduled'] }, 'It has already left, or was cancelled.'] },
    async handler({ deps, res, caller, params, refuse }) {
      const result = await cancelScheduledSend(deps.db, { accountId: caller.accountId, messageId: params.message_id });
      if (result !== 'canceled') return notScheduled(refuse, result, params.message_id);
      await deps.workflows
        .signalSchedule(params.message_id, 'canceled')
        .catch((err: unknown) => res.req.log.warn({ err }, 'cancellation not signalled'));
      res.locals.outcome = 'email_canceled';
      return { message_id: params.message_id, status: 'canceled' as const, scheduled_at: null };
    },
  }),
];

/** 404 for another account's or no message (the same text), 409 for one that has left. */
function notScheduled(
  refuse: Refuse<'not_scheduled'>,
  result: 'not_found' | 'not_scheduled',
  messageId: string,
): Refusal {
  if (result === 'not_found') throw messageNotFound(messageId);
  return refuse(
    'not_scheduled',
    'This email is not scheduled any more: it has already been handed on for delivery, or was cancelled.',
  );
}
