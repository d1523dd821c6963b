// The synchronous gates of POST /api/send/, in the documented order (README, "Errors").
// Each failure names the spec's error code. Quota is checked last, atomically, when the message
// is accepted (core/acceptMessage.ts).
import type { ApiKey } from './apiKeys';
import type { Account } from './accounts';
import { getAccount } from './accounts';
import type { RecipientKind } from './addresses';
import { getByocConfig, isByocUsable } from './byocConfig';
import type { Db } from './db';
import { findDomain, type Domain } from './domains';
import { getPlan, monthlyQuota, type Plan } from './plans';
import { isSuppressed } from './suppressions';

export type GateCode =
  | 'domain_not_registered'
  | 'domain_not_allowed'
  | 'unauthorized'
  | 'sending_suspended'
  | 'domain_not_verified'
  | 'dkim_not_verified'
  | 'domain_mode_mismatch'
  | 'byoc_not_configured'
  | 'recipient_suppressed';

export interface GateFailure {
  code: GateCode;
  detail: string;
}

export interface SendContext {
  account: Account;
  domain: Domain;
  plan: Plan;
  monthlyLimit: number;
}

export async function checkSendGates(
  db: Db,
  input: { apiKey: ApiKey; fromDomain: string; recipient: string; recipientKind: RecipientKind },
): Promise<{ ok: true; context: SendContext } | { ok: false; failure: GateFailure }> {
  const fail = (code: GateCode, detail: string) => ({ ok: false as const, failure: { code, detail } });
  const account = await getAccount(db, input.apiKey.accountId);
  if (!account) return fail('unauthorized', 'The account of this API key no longer exists.');

  const domain = await findDomain(db, input.fromDomain);
  if (!domain || domain.accountId !== account.id) {
    return fail('domain_not_registered', `The domain ${input.fromDomain} is not registered in this account.`);
  }
  if (input.apiKey.domainScope.length > 0 && !input.apiKey.domainScope.includes(domain.name)) {
    return fail('domain_not_allowed', `This API key may not send from ${domain.name}.`);
  }
  if (!account.isVerified) return fail('unauthorized', 'The account email address is not verified.');
  if (domain.sendingMode === 'shared' && !account.plan) {
    return fail('unauthorized', 'Shared sending needs an active Growth or Pro subscription.');
  }
  if (domain.sendingMode === 'byoc' && input.recipientKind.kind === 'test') {
    return fail('unauthorized', 'Test-domain recipients are not available on BYOC domains; use the simulator domain instead. Nothing was queued or billed.');
  }
  if (account.sendingSuspended) {
    return fail('sending_suspended', 'Sending is suspended for this account after exceeding the bounce or complaint threshold.');
  }
  if (!domain.ownershipVerifiedAt) return fail('domain_not_verified', `Ownership of ${domain.name} is not verified yet: add the TXT record and verify.`);
  if (!domain.dkimVerifiedAt) return fail('dkim_not_verified', `DKIM for ${domain.name} is not verified yet: add the CNAME records and verify.`);

  const plan = await getPlan(db, account.plan);
  const monthlyLimit = plan ? monthlyQuota(plan, domain.sendingMode) : 0;
  if (!plan || monthlyLimit <= 0) {
    return fail('domain_mode_mismatch', `The ${domain.sendingMode} domain ${domain.name} is not included in the account's current plan.`);
  }
  if (domain.sendingMode === 'byoc' && !isByocUsable(await getByocConfig(db, account.id))) {
    return fail('byoc_not_configured', 'BYOC sending is not available: the account has no validated BYOC configuration, or its role can no longer be used.');
  }
  if (await isSuppressed(db, account.id, input.recipient)) {
    return fail('recipient_suppressed', 'The recipient is on the suppression list after a hard bounce or a complaint.');
  }
  return { ok: true, context: { account, domain, plan, monthlyLimit } };
}
