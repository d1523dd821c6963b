// Where the account stands against the bounce and complaint levels (docs/reputation.md, "Your rates").
import { reputationReport } from '../../../core/providerEvents/reputationReport';
import { operation } from '../../http/operation';
import { Reputation } from '../../schemas/reputation';

export const reputationOperations = [
  operation({
    method: 'get',
    path: '/api/reputation',
    summary:
      'The account’s hard-bounce and complaint rates over the rolling window (real shared-mode sends only: test keys, test recipients and BYOC sends are not counted), by sending domain and by day, beside the levels at which Postage warns and pauses sending and at which Amazon SES reviews and pauses a sending account; and whether sending is paused, and why.',
    who: 'caller',
    role: 'viewer',
    scopedKey: 'account_wide',
    ok: [200, Reputation, 'Where the account stands now.'],
    async handler({ deps, caller }) {
      return reputationReport(deps.db, deps.config.reputation, caller.accountId);
    },
  }),
];
