// Which failures are "the store is unreachable" (503 service_unavailable, retry) rather than a bug
// (500): each of these came from a real outage (test/api/outages.test.ts, the fault suite).
import { isStoreUnavailable } from '../../api/http/errors';

const pgError = (message: string, code?: string) => Object.assign(new Error(message), code ? { code } : {});

test.each([
  [
    'a COMMIT on a connection PostgreSQL dropped',
    pgError('COMMIT; - Client has encountered a connection error and is not queryable'),
  ],
  [
    'a query under a connection that ended',
    pgError('select * from "api_keys" where "lookup_id" = $1 limit $2 - Connection terminated unexpectedly'),
  ],
  [
    'no pool connection in time',
    Object.assign(new Error('Knex: Timeout acquiring a connection.'), { name: 'KnexTimeoutError' }),
  ],
  ['a refused connection', pgError('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
  ['PostgreSQL shutting down', pgError('terminating connection due to administrator command', '57P01')],
  ['a statement timeout', pgError('canceling statement due to statement timeout', '57014')],
  ['a lock timeout', pgError('canceling statement due to lock timeout', '55P03')],
])('%s is a 503', (_what, err) => {
  expect(isStoreUnavailable(err)).toBe(true);
});

test.each([
  ['a constraint violation', pgError('duplicate key value violates unique constraint', '23505')],
  ['a programming error', new TypeError("Cannot read properties of undefined (reading 'x')")],
  ['not an error at all', 'oops'],
])('%s stays a 500', (_what, err) => {
  expect(isStoreUnavailable(err)).toBe(false);
});
