// The email log (spec 2.9, shared mode): filtered, newest first, cursor pages; one message with
// its timeline and its webhook deliveries.
import { isScoped } from '../../../core/accounts/keyScope';
import { MESSAGE_TAG } from '../../../core/model/messageContent';
import { isUuid } from '../../../core/platform/ids';
import { getLogRow, messageNotFound } from '../../../core/sending/emailLog';
import { emailLogPage, LOG_STATUSES } from '../../../core/sending/emailLogListing';
import { messageTimeline, messageWebhookDeliveries } from '../../../core/sending/emailTimeline';
import { ANSWERED, operation } from '../../http/operation';
import { QueryReader } from '../../http/queryReader';
import { presentEmail, presentMessageDelivery, presentTimelineEvent } from '../../presenters/resources';
import { EmailDetail, EmailList } from '../../schemas/management';
import { PAGE, text, TIME } from '../../schemas/queryParameters';

export const emailOperations = [
  operation({
    method: 'get',
    path: '/api/emails',
    summary: 'The shared-mode email log, newest first (rows are kept 14 days).',
    who: 'caller',
    scopedKey: 'filtered',
    query: [
      { name: 'status', description: 'queued, sent, delivered, bounced, complained or failed.', schema: { enum: [...LOG_STATUSES] } },
      { name: 'recipient', description: 'Part of the recipient address.', schema: text(320) },
      { name: 'from', description: 'Part of the sender address.', schema: text(320) },
      { name: 'since', description: 'ISO 8601; rows created at or after.', schema: TIME },
      { name: 'until', description: 'ISO 8601; rows created before.', schema: TIME },
      {
        name: 'tag',
        description: 'Only messages with this tag: `name:value` (each 1 to 256 ASCII letters, digits, `_` or `-`).',
        schema: { type: 'string', maxLength: 513, pattern: '^[A-Za-z0-9_-]{1,256}:[A-Za-z0-9_-]{1,256}$' },
      },
      ...PAGE,
    ],
    ok: [200, EmailList, 'A page of the log.'],
    async handler({ deps, req, res, caller }) {
      const q = new QueryReader(req);
      const status = q.choice('status', LOG_STATUSES);
      const recipient = q.text('recipient');
      const from = q.text('from');
      const since = q.time('since');
      const until = q.time('until');
      const tag = q.pair('tag', new RegExp(MESSAGE_TAG));
      const cursor = q.text('cursor', 400);
      const limit = q.limit();
      if (q.refused(res)) return ANSWERED;
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
    scopedKey: 'message',
    ok: [200, EmailDetail, 'The message.'],
    async handler({ deps, caller, params }) {
      const id = params.message_id;
      const row = isUuid(id) ? await getLogRow(deps.db, id) : undefined;
      if (!row || row.account_id !== caller.accountId) throw messageNotFound(id);
      const [timeline, deliveries] = await Promise.all([messageTimeline(deps.db, id), messageWebhookDeliveries(deps.db, id)]);
      return { email: presentEmail(row), timeline: timeline.map(presentTimelineEvent), webhook_deliveries: deliveries.map(presentMessageDelivery) };
    },
  }),
];
