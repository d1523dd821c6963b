// GET /api/me/: the key's account, nothing else; GET /api/me/key: the key itself (its permission
// and scope, so a client such as `postage mcp` knows what it may offer). Rows of the route table.
// Any key of the account, read on every request (no cache); not rate-limited (the per-key limit is
// the sends').
import { describeActors } from '../../core/accounts/actors';
import { currentAccountRecord } from '../presenters/currentAccount';
import { presentApiKey } from '../presenters/resources';
import { sendUnauthenticated } from '../http/errors';
import { ANSWERED, operation } from '../http/operation';
import { ApiKey } from '../schemas/management';
import { accountRecordSchema } from '../schemas/responses';

/** What either may answer besides its record. */
const REFUSALS = {
  401: 'Missing, malformed, unknown, revoked or expired API key.',
  500: 'Unexpected failure; retry later.',
  503: 'Our database is unreachable; retry with backoff (Retry-After).',
};

export const meOperations = [
  operation({
    method: 'get',
    path: '/api/me/',
    operationId: 'me',
    summary: "The key's account, plan, BYOC status, verified domains and this UTC month's usage",
    who: 'apiKey',
    ok: [200, accountRecordSchema, 'The current-account record.'],
    more: REFUSALS,
    async handler({ deps, res, key }) {
      const record = await currentAccountRecord(deps.db, key.accountId);
      if (!record) {
        sendUnauthenticated(res); // the account was deleted after the key was read
        return ANSWERED;
      }
      res.locals.outcome = 'ok';
      return record;
    },
  }),
  operation({
    method: 'get',
    path: '/api/me/key',
    operationId: 'meKey',
    summary:
      'The key making this request: its permission, domain scope, networks and expiry, as the key list shows it (never its secret)',
    who: 'apiKey',
    ok: [200, ApiKey, 'The key, as GET /api/api-keys lists it.'],
    more: REFUSALS,
    async handler({ deps, res, key }) {
      const actors = await describeActors(deps.db, key.accountId, key.createdBy ? [key.createdBy] : []);
      res.locals.outcome = 'ok';
      return presentApiKey(key, actors);
    },
  }),
];
