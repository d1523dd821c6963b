// The suppression list (docs/sending.md, "Suppressions"): search and pages, look one address up,
// add by hand, remove.
import { getSuppression, suppressionPage, suppressManually, unsuppress } from '../../../core/accounts/suppressions';
import { PostageError } from '../../../core/platform/errors';
import { operation, reply } from '../../http/operation';
import { presentSuppression } from '../../presenters/resources';
import {
  CreateSuppressionRequest,
  Deleted,
  Suppression,
  SuppressionAdded,
  SuppressionList,
} from '../../schemas/management';
import { page, queryParameters, text, topic } from '../../schemas/queryParameters';

/** `?topic=` of one entry: absent, the address's all-mail entry (as before topics existed). */
const topicQuery = (what: string) =>
  queryParameters({
    topic: topic(
      `The entry for this one-click unsubscribe topic; absent: the address's all-mail entry (${what}; docs/sending.md, "Suppressions").`,
    ),
  });

export const suppressionOperations = [
  operation({
    method: 'get',
    path: '/api/suppressions',
    summary: 'The suppression list, newest first.',
    who: 'caller',
    role: 'viewer',
    scopedKey: 'same',
    query: queryParameters({ search: text(320, 'Part of the address.'), ...page() }),
    ok: [200, SuppressionList, 'A page of the list.'],
    async handler({ deps, caller, query }) {
      const { search, cursor, limit } = query;
      const page = await suppressionPage(deps.db, caller.accountId, {
        limit,
        ...(search ? { search } : {}),
        ...(cursor ? { cursor } : {}),
      });
      return { suppressions: page.rows.map(presentSuppression), next_cursor: page.nextCursor };
    },
  }),
  operation({
    method: 'post',
    path: '/api/suppressions',
    summary: 'Suppress an address by hand (reason `manual`), for all mail or one topic.',
    who: 'caller',
    role: 'developer',
    scopedKey: 'account_wide',
    body: CreateSuppressionRequest,
    ok: [201, SuppressionAdded, 'Added (200 when it was already there).'],
    more: { 200: [SuppressionAdded, 'Already suppressed.'] },
    async handler({ deps, res, caller, body }) {
      const { added } = await suppressManually(
        deps.db,
        { accountId: caller.accountId, address: body.address, topic: body.topic ?? null },
        caller.actor,
      );
      const suppression = await getSuppression(deps.db, caller.accountId, body.address, body.topic ?? null);
      res.locals.outcome = added ? 'suppression_added' : 'suppression_exists';
      const answer = { suppression: presentSuppression(suppression!), added };
      return added ? answer : reply(200, answer);
    },
  }),
  operation({
    method: 'get',
    path: '/api/suppressions/{address}',
    summary:
      'Whether an address is suppressed for all mail (or, with `?topic=`, for that topic): its entry, or 404 when there is none.',
    who: 'caller',
    role: 'viewer',
    scopedKey: 'same',
    query: topicQuery('entries for topics are listed by GET /api/suppressions?search='),
    ok: [200, Suppression, 'The entry.'],
    async handler({ deps, caller, params, query }) {
      const suppression = await getSuppression(
        deps.db,
        caller.accountId,
        params.address,
        query.topic ?? null,
        deps.config.secretKey,
      );
      if (!suppression)
        throw new PostageError('suppression_not_found', `${params.address} is not on this account's suppression list`);
      return presentSuppression(suppression);
    },
  }),
  operation({
    method: 'delete',
    path: '/api/suppressions/{address}',
    summary: 'Lift a suppression: the all-mail entry, or with `?topic=` the entry for that topic.',
    who: 'caller',
    role: 'developer',
    scopedKey: 'account_wide',
    query: topicQuery('entries for topics stay'),
    ok: [200, Deleted, 'Removed.'],
    async handler({ deps, res, caller, params, query }) {
      const { address } = params;
      const { removed } = await unsuppress(
        deps.db,
        { accountId: caller.accountId, address, topic: query.topic ?? null, secretKey: deps.config.secretKey },
        caller.actor,
      );
      if (!removed)
        throw new PostageError('suppression_not_found', `${address} is not on this account's suppression list`);
      res.locals.outcome = 'suppression_removed';
      return { success: true as const, warnings: [] };
    },
  }),
];
