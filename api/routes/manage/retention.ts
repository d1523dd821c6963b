// Retention per account (docs/privacy.md, "How long data is kept"): how many days the email log,
// shared content and received mail are kept, each within the plan's bound. Set by people in the
// dashboard: a key reads none of it (and, acting as a developer, changes none).
import { getRetention, retentionDefaults, setRetention } from '../../../core/accounts/retention';
import { signedInPerson } from '../auth';
import { sendUnauthenticated } from '../../http/errors';
import { ANSWERED, operation } from '../../http/operation';
import { Retention, RetentionRequest } from '../../schemas/management';

const NO_ACCOUNT = 'This account no longer exists.';

export const retentionOperations = [
  operation({
    method: 'get',
    path: '/api/account/retention',
    summary:
      'How many days this account keeps its email log, its shared content and its received mail: now, by default and at most (its plan’s bound).',
    sessionOnly: true,
    who: 'caller',
    role: 'viewer',
    scopedKey: 'account_wide',
    ok: [200, Retention, 'The retention of each kind.'],
    more: { 404: 'Called with an API key.' },
    async handler({ deps, res, caller }) {
      await signedInPerson(deps, caller.userId, 'the data retention page');
      const retention = await getRetention(deps.db, retentionDefaults(deps.config), caller.accountId);
      if (retention) return retention;
      sendUnauthenticated(res, NO_ACCOUNT);
      return ANSWERED;
    },
  }),
  operation({
    method: 'put',
    path: '/api/account/retention',
    summary:
      'Choose how many days to keep each kind, from 1 to its `max` (null: the default); in the audit log. A shorter retention takes effect at the next purge (within the hour); a longer one cannot bring back what was purged.',
    who: 'caller',
    role: 'admin',
    scopedKey: 'account_wide',
    body: RetentionRequest,
    ok: [200, Retention, 'The retention of each kind now.'],
    more: { 400: ['ValidationError', 'A number of days below 1 or past the kind’s `max`, named by its field.'] },
    async handler({ deps, res, caller, body }) {
      const retention = await setRetention(
        deps.db,
        retentionDefaults(deps.config),
        caller.accountId,
        body,
        caller.actor,
      );
      if (retention) return retention;
      sendUnauthenticated(res, NO_ACCOUNT);
      return ANSWERED;
    },
  }),
];
