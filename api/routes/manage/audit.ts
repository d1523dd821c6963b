// The audit log: every change to the account with who made it (`user:<id>`, `key:<id>`,
// `cli:<name>`), newest first, filtered by actor, action and date. Readable by every member;
// there is no operation that changes it.
import { describeActors } from '../../../core/accounts/actors';
import { auditPage } from '../../../core/platform/audit';
import { operation } from '../../http/operation';
import { AuditList } from '../../schemas/management';
import { page, queryParameters, text, time } from '../../schemas/queryParameters';

export const auditOperations = [
  operation({
    method: 'get',
    path: '/api/audit',
    summary:
      'The account’s audit log, newest first: each change, who made it (with the person’s name and email) and when.',
    who: 'caller',
    role: 'viewer',
    scopedKey: 'account_wide',
    query: queryParameters({
      actor: text(200, 'Only this actor: `user:<id>`, `key:<id>` or `cli:<name>`.'),
      action: text(64, 'An action (`api_key.create`) or its family (`api_key`: every `api_key.*`).'),
      since: time('ISO 8601; entries at or after.'),
      until: time('ISO 8601; entries before.'),
      ...page(),
    }),
    ok: [200, AuditList, 'A page of the audit log.'],
    async handler({ deps, caller, query }) {
      const { actor, action, since, until, cursor, limit } = query;
      const page = await auditPage(
        deps.db,
        caller.accountId,
        {
          ...(actor ? { actor } : {}),
          ...(action ? { action } : {}),
          ...(since ? { since } : {}),
          ...(until ? { until } : {}),
        },
        { limit, ...(cursor ? { cursor } : {}) },
      );
      const actors = await describeActors(
        deps.db,
        caller.accountId,
        page.entries.map((e) => e.actor),
      );
      return {
        entries: page.entries.map((e) => ({
          id: e.id,
          actor: actors.get(e.actor)!,
          action: e.action,
          details: e.details,
          created_at: e.createdAt.toISOString(),
        })),
        next_cursor: page.nextCursor,
      };
    },
  }),
];
