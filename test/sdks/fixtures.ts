// What each SDK's own tests get (sdks/<language>/test.sh, run by test/sdks/sdks.test.ts): the
// real API of a test stack, keys of a ready account, one key per documented refusal, and a proxy
// that loses the answer of a send the first time it sees its idempotency key. All of it through
// environment variables (listed in sdks/README.md), so the SDKs' tests are written in their own
// language against nothing but HTTP.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { RateLimiterRedis } from 'rate-limiter-flexible';
import { createApiKey } from '../../core/accounts/apiKeys';
import { updateAccount } from '../../core/accounts/accounts';
import { insertMemberUser } from '../../core/accounts/members';
import { hashPassword } from '../../core/accounts/passwords';
import { setPlan } from '../../core/accounts/plans';
import { suppressAddress } from '../../core/accounts/suppressions';
import { utcMonthStart } from '../../core/platform/db';
import { addVerifiedDomain, configureByoc, setUsage, verifyOwnershipOnly } from '../api/helpers/accounts';
import { createSender } from '../helpers/fixtures';
import type { ServiceStack } from '../helpers/serviceStack';

/** A refusal the SDKs must map: send `body` with `api_key`, expect `status` and `error` (absent: no code, as docs/errors-and-limits.md says for 401 and the rate-limit 429). */
export interface ErrorCase {
  name: string;
  api_key: string;
  body: Record<string, unknown>;
  status: number;
  error?: string;
}

/** Blocks a key's per-minute send limit for 15 minutes, through the limiter's own store (the key the API limits by is the key's lookup id). */
async function exhaustRateLimit(stack: ServiceStack, secret: string): Promise<void> {
  const lookupId = secret.split('_')[1]!; // pk_<lookup id>_<secret>
  const limiter = new RateLimiterRedis({
    storeClient: stack.redis,
    keyPrefix: 'postage:rate:send',
    points: stack.config.api.rateLimitPerMinute,
    duration: 60,
  });
  await limiter.block(lookupId, 900);
}

export async function sdkFixtures(stack: ServiceStack): Promise<Record<string, string>> {
  const ready = await createSender(stack.db, { plan: 'growth' });
  // Its owner, a person with the account's email (an account made in core has no member): the
  // SDKs' tests list the members. The key below is made by 'test', so its creation is in the
  // account's audit log (api_key.create, a system actor), which the SDKs' tests look for.
  await insertMemberUser(stack.db, {
    accountId: ready.account.id,
    email: ready.account.email,
    name: 'SDK owner',
    passwordHash: await hashPassword(`sdk-${Date.now()}-owner`),
    role: 'owner',
  });
  const full = await createApiKey(
    stack.db,
    { accountId: ready.account.id, name: 'sdk full access', permission: 'full_access' },
    'test',
  );
  const test = (s: { domain: string }, extra: Record<string, unknown> = {}) => ({
    from_email: `hello@${s.domain}`,
    to: `delivered@${stack.config.testDomain}`,
    subject: 'SDK error case',
    message: 'Hello.',
    ...extra,
  });

  await setPlan(stack.db, 'sdk-shared-only', { sharedMonthly: 1000, byocMonthly: 0 });
  const unverifiedAccount = await createSender(stack.db, { verified: false });
  const suspended = await createSender(stack.db);
  await updateAccount(
    stack.db,
    suspended.account.id,
    { suspended: true, suspendedReason: 'bounce rate above 5%' },
    'test',
  );
  const noOwnership = await createSender(stack.db, { domainVerified: false });
  const noDkim = await createSender(stack.db, { domainVerified: false });
  await verifyOwnershipOnly(stack.db, noDkim.domain);
  const wrongMode = await createSender(stack.db, { plan: 'sdk-shared-only', mode: 'byoc' });
  await configureByoc(stack.db, wrongMode.account.id);
  // A key scoped to another domain of its account: sending from the first is out of its scope.
  const scopedAccount = await createSender(stack.db);
  const otherDomain = await addVerifiedDomain(stack.db, scopedAccount.account.id, 'shared');
  const scoped = {
    ...scopedAccount,
    apiKey: (
      await createApiKey(
        stack.db,
        { accountId: scopedAccount.account.id, name: 'scoped', domainScope: [otherDomain] },
        'test',
      )
    ).secret,
  };
  // A key of the ready account bound to a network the tests do not run in (they run on 127.0.0.1).
  const elsewhere = await createApiKey(
    stack.db,
    { accountId: ready.account.id, name: 'bound elsewhere', networks: ['10.0.0.0/8'] },
    'test',
  );
  const suppressed = await createSender(stack.db);
  await suppressAddress(stack.db, { accountId: suppressed.account.id, address: 'gone@example.org', reason: 'bounce' });
  const overQuota = await createSender(stack.db);
  await setUsage(stack.db, overQuota.account.id, 'shared', 50_000, utcMonthStart());
  const limited = await createSender(stack.db);
  await exhaustRateLimit(stack, limited.apiKey);

  const cases: ErrorCase[] = [
    { name: 'unknown key', api_key: `pk_${'0'.repeat(16)}_${'0'.repeat(64)}`, body: test(ready), status: 401 },
    {
      name: 'field errors',
      api_key: ready.apiKey,
      body: { from_email: `hello@${ready.domain}`, to: 'not an address', message: 'x' },
      status: 400,
    },
    {
      name: 'domain_not_registered',
      api_key: ready.apiKey,
      body: test({ domain: 'not-theirs.example.net' }),
      status: 403,
      error: 'domain_not_registered',
    },
    {
      name: 'domain_not_allowed',
      api_key: scoped.apiKey,
      body: test(scoped),
      status: 403,
      error: 'domain_not_allowed',
    },
    {
      name: 'network_not_allowed',
      api_key: elsewhere.secret,
      body: test(ready),
      status: 403,
      error: 'network_not_allowed',
    },
    {
      name: 'unauthorized',
      api_key: unverifiedAccount.apiKey,
      body: test(unverifiedAccount),
      status: 403,
      error: 'unauthorized',
    },
    {
      name: 'sending_suspended',
      api_key: suspended.apiKey,
      body: test(suspended),
      status: 403,
      error: 'sending_suspended',
    },
    {
      name: 'domain_not_verified',
      api_key: noOwnership.apiKey,
      body: test(noOwnership),
      status: 403,
      error: 'domain_not_verified',
    },
    { name: 'dkim_not_verified', api_key: noDkim.apiKey, body: test(noDkim), status: 403, error: 'dkim_not_verified' },
    {
      name: 'domain_mode_mismatch',
      api_key: wrongMode.apiKey,
      body: test(wrongMode, { to: `success@${stack.config.simulatorDomain}` }),
      status: 403,
      error: 'domain_mode_mismatch',
    },
    {
      name: 'recipient_suppressed',
      api_key: suppressed.apiKey,
      body: test(suppressed, { to: 'gone@example.org' }),
      status: 422,
      error: 'recipient_suppressed',
    },
    {
      name: 'usage_limit_exceeded',
      api_key: overQuota.apiKey,
      body: test(overQuota),
      status: 429,
      error: 'usage_limit_exceeded',
    },
    { name: 'rate limited', api_key: limited.apiKey, body: test(limited), status: 429 },
  ];

  return {
    POSTAGE_API_KEY: ready.apiKey,
    POSTAGE_FULL_ACCESS_KEY: full.secret,
    POSTAGE_DOMAIN: ready.domain,
    POSTAGE_TEST_DOMAIN: stack.config.testDomain,
    POSTAGE_SIMULATOR_DOMAIN: stack.config.simulatorDomain,
    POSTAGE_ERROR_CASES: JSON.stringify(cases),
  };
}

/**
 * A proxy to the API that forwards every request, but the first time it sees a send's
 * idempotency key (the `Idempotency-Key` header, or `idempotency_key` of the body or of a batch's
 * first email) it lets the API answer and then drops the connection without passing the answer
 * on: what a client sees when a network fails after the server accepted. A client that retries
 * with the same key gets the replay; one that does not would send twice.
 */
export async function startFlakyProxy(
  target: string,
): Promise<{ url: string; dropped: () => number; close: () => Promise<void> }> {
  const seen = new Set<string>();
  let dropped = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      let key = req.headers['idempotency-key'] as string | undefined;
      if (!key && req.method === 'POST' && req.url?.startsWith('/api/send/')) {
        try {
          const parsed = JSON.parse(body.toString('utf8')) as {
            idempotency_key?: string;
            emails?: { idempotency_key?: string }[];
          };
          key = parsed.idempotency_key ?? parsed.emails?.[0]?.idempotency_key;
        } catch {
          key = undefined;
        }
      }
      const drop =
        req.method === 'POST' && req.url?.startsWith('/api/send/') === true && key !== undefined && !seen.has(key);
      if (key) seen.add(key);
      const upstream = http.request(
        new URL(req.url ?? '/', target),
        { method: req.method, headers: { ...req.headers, host: new URL(target).host } },
        (answer) => {
          const parts: Buffer[] = [];
          answer.on('data', (c: Buffer) => parts.push(c));
          answer.on('end', () => {
            if (drop) {
              dropped++;
              req.socket.destroy();
              return;
            }
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            res.end(Buffer.concat(parts));
          });
        },
      );
      upstream.on('error', () => req.socket.destroy());
      upstream.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    dropped: () => dropped,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
