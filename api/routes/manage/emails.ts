// The email log (spec 2.9, shared mode): filtered, newest first, cursor pages; one message with
// its timeline and its webhook deliveries.
import { Router } from 'express';
import { getLogRow, messageNotFound } from '../../../core/sending/emailLog';
import { emailLogPage, LOG_STATUSES } from '../../../core/sending/emailLogListing';
import { messageTimeline, messageWebhookDeliveries } from '../../../core/sending/emailTimeline';
import { isUuid } from '../../../core/platform/ids';
import { isScoped } from '../../../core/accounts/keyScope';
import type { RouteDeps } from '../../http/deps';
import { handled } from '../../http/handled';
import { presentEmail, presentMessageDelivery, presentTimelineEvent } from '../../presenters/resources';
import { QueryReader } from './query';

/** The 404 text for a message the caller may not see (also used by middleware/keyScope.ts). */

export function emailsRoute(deps: RouteDeps): Router {
  const router = Router();

  router.get(
    '/api/emails',
    handled(async (req, res) => {
      const q = new QueryReader(req);
      const status = q.choice('status', LOG_STATUSES);
      const recipient = q.text('recipient');
      const from = q.text('from');
      const since = q.time('since');
      const until = q.time('until');
      const cursor = q.text('cursor', 400);
      const limit = q.limit();
      if (q.refused(res)) return;
      const caller = res.locals.caller!;
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
        },
        { limit, ...(cursor ? { cursor } : {}) },
      );
      res.json({ emails: page.rows.map(presentEmail), next_cursor: page.nextCursor });
    }),
  );

  router.get(
    '/api/emails/:messageId',
    handled(async (req, res) => {
      const id = String(req.params.messageId);
      const row = isUuid(id) ? await getLogRow(deps.db, id) : undefined;
      if (!row || row.account_id !== res.locals.caller!.accountId) throw messageNotFound(id);
      const [timeline, deliveries] = await Promise.all([messageTimeline(deps.db, id), messageWebhookDeliveries(deps.db, id)]);
      res.json({ email: presentEmail(row), timeline: timeline.map(presentTimelineEvent), webhook_deliveries: deliveries.map(presentMessageDelivery) });
    }),
  );
  return router;
}
