// The audit log: every change to the account with who made it (`user:<id>`, `key:<id>`,
// `cli:<name>`), newest first, filtered by actor, action and date. Readable by every member;
// there is no operation that changes it.
import { describeActors } from '../../../core/accounts/actors';
import { auditPage } from '../../../core/platform/audit';
import { ANSWERED, operation } from '../../http/operation';
import { QueryReader } from '../../http/queryReader';
import { AuditList } from '../../schemas/management';
import { PAGE, text, TIME } from '../../schemas/queryParameters';

export const auditOperations = [
  operation({
    method: 'get',
    path: '/api/audit',
    summary: 'The account’s audit log, newest first: each change, who made it (with the person’s name and email) and when.',
    who: 'caller',
    role: 'viewer',
    scopedKey: 'account_wide',
    query: [
      { name: 'actor', description: 'Only this actor: `user:<id>`, `key:<id>` or `cli:<name>`.', schema: text(200) },
      { name: 'action', description: 'An action (`api_key.create`) or its family (`api_key`: every `api_key.*`).', schema: text(64) },
      { name: 'since', description: 'ISO 8601; entries at or after.', schema: TIME },
      { name: 'until', description: 'ISO 8601; entries before.', schema: TIME },
      ...PAGE,
    ],
    ok: [200, AuditList, 'A page of the audit log.'],
    async handler({ deps, req, res, caller }) {
      const q = new QueryReader(req);
      const actor = q.text('actor', 200);
      const action = q.text('action', 64);
      const since = q.time('since');
      const until = q.time('until');
      const cursor = q.cursor();
      const limit = q.limit();
      if (q.refused(res)) return ANSWERED;
      const page = await auditPage(
        deps.db,
        caller.accountId,
        { ...(actor ? { actor } : {}), ...(action ? { action } : {}), ...(since ? { since } : {}), ...(until ? { until } : {}) },
        { limit, ...(cursor ? { cursor } : {}) },
      );
      const actors = await describeActors(
        deps.db,
        caller.accountId,
        page.entries.map((e) => e.actor),
      );
      return {
        entries: page.entries.map((e) => ({ id: e.id, actor: actors.get(e.actor)!, action: e.action, details: e.details, created_at: e.createdAt.toISOString() })),
        next_cursor: page.nextCursor,
      };
    },
  }),
];
