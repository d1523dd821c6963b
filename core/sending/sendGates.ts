// The synchronous gates of POST /api/send/, in the documented order (docs/sending.md, "Processing
// order"). Each failure names its documented error code. The last gate, the monthly quota, is a
// cheap read here; the count that decides is taken atomically when the message is accepted
// (core/sending/acceptMessage.ts), so a race at the limit still admits exactly the allowance.
import type { ApiKey } from '../accounts/apiKeys';
import { toAccount, type Account, type AccountRow } from '../accounts/accounts';
import { normaliseDomainName, type RecipientKind } from '../model/addresses';
import { suppressionKeys } from '../accounts/erasedAddress';
import type { ApiErrorCode, ApiErrorCodes } from '../model/errorCodes';
import { isByocUsable, toConfig, type ByocConfig, type ByocConfigRow } from '../byoc/byocConfig';
import { rowFromJson, utcMonthStart, type Db } from '../platform/db';
import { toDomain, type Domain, type DomainRow } from '../domains/domains';
import { FREE_PLAN, monthlyQuota, toPlan, type Plan, type PlanRow } from '../accounts/plans';
import { subscribedPlan } from '../accounts/subscription';
import type { SendingMode } from '../model/sendingModes';
import { API_KEY_ROLE, lesserRole, roleCovers, SENDING_ROLE, type Role } from '../accounts/roles';

/**
 * The gates' refusals about the sender (its domain, its account, the key), as opposed to the
 * recipient's and the quota's: the SMTP relay answers these at MAIL FROM, and a template's test
 * send (which has a fixed recipient) documents them as its 403s and 503.
 */
export const SENDER_REFUSALS = [
  'domain_not_registered',
  'domain_not_allowed',
  'unauthorized',
  'sending_suspended',
  'account_deletion_pending',
  'domain_not_verified',
  'dkim_not_verified',
  'domain_mode_mismatch',
  'byoc_not_configured',
] as const satisfies readonly ApiErrorCode[];
export type SenderRefusal = (typeof SENDER_REFUSALS)[number];

export type GateCode = ApiErrorCodes<SenderRefusal | 'recipient_suppressed' | 'usage_limit_exceeded'>;

export interface GateFailure {
  code: GateCode;
  detail: string;
}

export interface SendContext {
  account: Account;
  domain: Domain;
  /** This month's allowance for the domain's mode under the account's plan; for a test key, its test sends'. */
  monthlyLimit: number;
}

/**
 * The sending key as the gates need it: `id` absent for Postage's own emails, which have no key;
 * `test` for a test key (docs/test-recipients.md, "Test keys").
 */
export type SendingKeyFacts = Pick<ApiKey, 'accountId' | 'domainScope'> & { id?: string; test?: boolean };

/** A test key's sends per account and UTC month (docs/test-recipients.md, "Test keys"), counted apart from the quota. */
export const TEST_SENDS_PER_MONTH = 10_000;

/** The usage counter a send takes: its domain's mode, or the test sends' own. */
export type UsageMode = SendingMode | 'test';

/** docs/sending.md ("Processing order", "Idempotency"): a key with a domain scope sends only from those domains (also checked on replays). */
export function checkKeyScope(apiKey: Pick<ApiKey, 'domainScope'>, fromDomain: string): GateFailure | undefined {
  const scope = apiKey.domainScope.map(normaliseDomainName);
  const domain = normaliseDomainName(fromDomain);
  if (scope.length === 0 || scope.includes(domain)) return undefined;
  return {
    code: 'domain_not_allowed',
    detail: `This API key may only send from ${scope.join(', ')}; not from ${domain}.`,
  };
}

/** The condition on `api_keys k` that authentication applies: neither revoked nor expired. */
const KEY_IS_ACTIVE = 'k.revoked_at IS NULL AND (k.expires_at IS NULL OR k.expires_at > now())';

/**
 * The sending key as it is now, or undefined when it is no longer active (revoked or expired): a
 * replay answers from the idempotency record without the gates statement, and the key may have
 * been authenticated from the per-process cache just before its revocation or a narrower scope
 * reached this process (docs/decisions.md, "Replays"). Without a key (Postage's own emails), the
 * facts as given.
 */
export async function sendingKeyNow(db: Db, key: SendingKeyFacts): Promise<SendingKeyFacts | undefined> {
  if (key.id === undefined) return key;
  const { rows } = await db.raw<{ rows: { domain_scope: string[] }[] }>(
    `SELECT k.domain_scope FROM api_keys k WHERE k.id = ? AND k.account_id = ? AND ${KEY_IS_ACTIVE}`,
    [key.id, key.accountId],
  );
  return rows[0] ? { ...key, domainScope: rows[0].domain_scope } : undefined;
}

interface GateFacts {
  /** The sending key is still active (not revoked nor expired); true when there is no key (Postage's own emails). */
  keyActive: boolean;
  /** The role the key acts with (keyRole: at most its maker's current role); null when its maker left the account; undefined without a key. */
  keyRole: Role | null | undefined;
  account: Account | undefined;
  domain: Domain | undefined;
  /** The plan the account is on (the free plan without a subscription). */
  plan: Plan | undefined;
  /** Read only for a BYOC domain. */
  byocConfig: ByocConfig | undefined;
  /** An all-mail entry for the recipient, or one for the send's topic. */
  suppressed: boolean;
  /** This month's count for the domain's mode. */
  used: number;
}

/**
 * Everything the gates judge, in one statement (one round trip on the hot path instead of six
 * reads in two waves; bench/README.md, "sendThroughput.ts").
 */
async function readGateFacts(
  db: Db,
  input: {
    accountId: string;
    keyId: string | undefined;
    test: boolean;
    fromDomain: string;
    recipient: string;
    topic?: string;
    secretKey: string;
  },
): Promise<GateFacts> {
  const { rows } = await db.raw<{
    rows: {
      account: Record<string, unknown> | null;
      domain: Record<string, unknown> | null;
      plan: Record<string, unknown> | null;
      byoc: Record<string, unknown> | null;
      key_active: boolean;
      key_role: Role | null;
      suppressed: boolean;
      used: number;
    }[];
  }>(
    `SELECT to_jsonb(a) AS account, to_jsonb(d) AS domain, to_jsonb(p) AS plan, to_jsonb(b) AS byoc,
            (?::uuid IS NULL OR EXISTS (SELECT 1 FROM api_keys k WHERE k.id = ?::uuid AND k.account_id = a.id AND ${KEY_IS_ACTIVE})) AS key_active,
            (SELECT CASE WHEN k.created_by_user IS NULL THEN ? ELSE m.role END FROM api_keys k
               LEFT JOIN memberships m ON m.account_id = k.account_id AND m.user_id = k.created_by_user WHERE k.id = ?::uuid) AS key_role,
            EXISTS (SELECT 1 FROM suppressions s WHERE s.account_id = a.id AND s.address = ANY(?::text[])
                      AND (s.topic IS NULL OR s.topic = ?::text)) AS suppressed,
            COALESCE((SELECT u.count FROM usage_counters u WHERE u.account_id = a.id AND u.month = ?
                        AND u.mode = CASE WHEN ?::boolean THEN 'test' ELSE d.sending_mode END), 0) AS used
     FROM accounts a
     LEFT JOIN domains d ON d.name = ? AND d.account_id = a.id
     LEFT JOIN plans p ON p.name = COALESCE(NULLIF(a.plan, ''), ?)
     LEFT JOIN byoc_configs b ON b.account_id = a.id AND d.sending_mode = 'byoc'
     WHERE a.id = ?`,
    [
      input.keyId ?? null,
      input.keyId ?? null,
      API_KEY_ROLE,
      input.keyId ?? null,
      // An erased address's entry is kept as its keyed hash (docs/privacy.md, "Erasing an address").
      suppressionKeys(input.recipient, { secretKey: input.secretKey, accountId: input.accountId }),
      input.topic ?? null,
      utcMonthStart(),
      input.test,
      normaliseDomainName(input.fromDomain),
      FREE_PLAN,
      input.accountId,
    ],
  );
  const [row] = rows;
  const map = <R, T>(json: Record<string, unknown> | null | undefined, to: (r: R) => T): T | undefined => {
    const r = rowFromJson<R>(json ?? null);
    return r ? to(r) : undefined;
  };
  return {
    keyActive: row?.key_active ?? false,
    keyRole: input.keyId === undefined ? undefined : row?.key_role && lesserRole(API_KEY_ROLE, row.key_role),
    account: map<AccountRow, Account>(row?.account, toAccount),
    domain: map<DomainRow, Domain>(row?.domain, toDomain),
    plan: map<PlanRow, Plan>(row?.plan, toPlan),
    byocConfig: map<ByocConfigRow, ByocConfig>(row?.byoc, toConfig),
    suppressed: row?.suppressed ?? false,
    used: Number(row?.used ?? 0),
  };
}

/**
 * `unauthenticated`: the key was revoked or expired after this request was authenticated (from
 * the key cache, or while it ran): the answer is the 401 authentication gives.
 */
export async function checkSendGates(
  db: Db,
  input: {
    apiKey: SendingKeyFacts;
    fromDomain: string;
    recipient: string;
    recipientKind: RecipientKind;
    /** The send's `unsubscribe.topic`: an entry for it suppresses as an all-mail entry does (docs/sending.md, "One-click unsubscribe"). */
    topic?: string;
    /** POSTAGE_SECRET_KEY: an erased recipient is matched by its keyed hash. */
    secretKey: string;
  },
): Promise<
  { ok: true; context: SendContext } | { ok: false; failure: GateFailure } | { ok: false; unauthenticated: true }
> {
  const fail = (code: GateCode, detail: string) => ({ ok: false as const, failure: { code, detail } });
  const { keyActive, keyRole, account, domain, plan, byocConfig, suppressed, used } = await readGateFacts(db, {
    accountId: input.apiKey.accountId,
    keyId: input.apiKey.id,
    test: input.apiKey.test === true,
    fromDomain: input.fromDomain,
    recipient: input.recipient,
    secretKey: input.secretKey,
    ...(input.topic !== undefined ? { topic: input.topic } : {}),
  });
  if (!account) return fail('unauthorized', 'The account of this API key no longer exists.');
  if (!keyActive || keyRole === null) return { ok: false, unauthenticated: true };
  if (account.deletionDueAt) return fail('account_deletion_pending', deletionPendingDetail(account.deletionDueAt));
  if (keyRole && !roleCovers(keyRole, SENDING_ROLE)) {
    return fail(
      'unauthorized',
      `The member who made this API key is now a ${keyRole}: a key sends only while its maker may (the ${SENDING_ROLE} role or above).`,
    );
  }

  if (!domain || domain.accountId !== account.id) {
    return fail('domain_not_registered', `The domain ${input.fromDomain} is not registered in this account.`);
  }
  const outOfScope = checkKeyScope(input.apiKey, domain.name);
  if (outOfScope) return { ok: false, failure: outOfScope };
  if (!account.isVerified) return fail('unauthorized', 'The account email address is not verified.');
  if (domain.sendingMode === 'shared' && !subscribedPlan(account)) {
    return fail('unauthorized', 'Shared sending needs an active Growth or Pro subscription.');
  }
  if (domain.sendingMode === 'byoc' && input.apiKey.test) {
    return fail(
      'unauthorized',
      'A test key sends from shared domains only: a BYOC message has no email log nor webhooks to simulate. Nothing was queued or counted.',
    );
  }
  if (domain.sendingMode === 'byoc' && input.recipientKind.kind === 'test') {
    return fail(
      'unauthorized',
      'Test-domain recipients are not available on BYOC domains; use the simulator domain instead. Nothing was queued or billed.',
    );
  }
  if (account.sendingSuspended) {
    return fail(
      'sending_suspended',
      'Sending is suspended for this account after exceeding the bounce or complaint threshold.',
    );
  }
  if (!domain.ownershipVerifiedAt)
    return fail(
      'domain_not_verified',
      `Ownership of ${domain.name} is not verified yet: add the TXT record and verify.`,
    );
  if (!domain.dkimVerifiedAt)
    return fail('dkim_not_verified', `DKIM for ${domain.name} is not verified yet: add the CNAME records and verify.`);

  const quota = plan ? monthlyQuota(plan, domain.sendingMode) : 0;
  if (quota <= 0) {
    return fail(
      'domain_mode_mismatch',
      `The ${domain.sendingMode} domain ${domain.name} is not included in the account's current plan.`,
    );
  }
  if (domain.sendingMode === 'byoc' && !isByocUsable(byocConfig)) {
    return fail(
      'byoc_not_configured',
      'BYOC sending is not available: the account has no validated BYOC configuration, or its role can no longer be used.',
    );
  }
  if (suppressed) {
    return fail(
      'recipient_suppressed',
      'The recipient is on the suppression list after a hard bounce, a complaint or an unsubscribe (for all mail or this topic).',
    );
  }
  const monthlyLimit = input.apiKey.test ? TEST_SENDS_PER_MONTH : quota;
  if (used >= monthlyLimit)
    return fail('usage_limit_exceeded', input.apiKey.test ? TEST_LIMIT_DETAIL : USAGE_LIMIT_DETAIL);
  return { ok: true, context: { account, domain, monthlyLimit } };
}

/** docs/privacy.md, "Deleting the account": from the request on, nothing is sent. */
export function deletionPendingDetail(dueAt: Date): string {
  return `The account is scheduled for deletion on ${dueAt.toISOString()}: it sends nothing unless its owner cancels the deletion.`;
}

export const TEST_LIMIT_DETAIL = `A test key's sends are counted apart from the monthly quota, at most ${TEST_SENDS_PER_MONTH.toLocaleString('en')} a month per account: they are used up until the next UTC month.`;

export const USAGE_LIMIT_DETAIL =
  'The monthly quota for this sending mode is used up; wait for the next UTC month or upgrade.';
