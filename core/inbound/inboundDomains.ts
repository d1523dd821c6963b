// Inbound domains (docs/inbound.md, "Inbound domains"): a verified shared-mode domain of the
// account, or a subdomain of one, that receives mail once its MX record names INBOUND_MX_HOST.
// BYOC domains never receive (their content rule forbids keeping content). A name receives for
// one account only. Verifying reads the MX record; it is advice, since the MX record itself is
// what routes mail: receiving works before it, and the check shows what DNS says now.
import type { Knex } from 'knex';
import { scopeIncludesDomain } from '../accounts/keyScope';
import type { DnsLookup } from '../domains/dnsLookup';
import { mailFromDomainOf, parseSendingDomain } from '../domains/domainRecords';
import { canSend, listDomains, type Domain } from '../domains/domains';
import { normaliseDomainName } from '../model/addresses';
import { recordAudit } from '../platform/audit';
import type { Config } from '../platform/config';
import { isStorableText, type Db } from '../platform/db';
import { PostageError } from '../platform/errors';

export interface InboundDomain {
  id: string;
  accountId: string;
  /** The sending domain it is, or is a subdomain of. */
  domainId: string;
  parentName: string;
  name: string;
  /** When the last check found the MX record naming INBOUND_MX_HOST; null when it did not (or never ran). */
  mxVerifiedAt: Date | null;
  mxCheckedAt: Date | null;
  ruleCount: number;
  createdAt: Date;
}

interface InboundDomainRow {
  id: string;
  account_id: string;
  domain_id: string;
  parent_name: string;
  name: string;
  mx_verified_at: Date | null;
  mx_checked_at: Date | null;
  rule_count: string | number;
  created_at: Date;
}

const toInboundDomain = (r: InboundDomainRow): InboundDomain => ({
  id: r.id,
  accountId: r.account_id,
  domainId: r.domain_id,
  parentName: r.parent_name,
  name: r.name,
  mxVerifiedAt: r.mx_verified_at,
  mxCheckedAt: r.mx_checked_at,
  ruleCount: Number(r.rule_count),
  createdAt: r.created_at,
});

/** Inbound domains with their parent's name and their rule count. */
function selectInboundDomains(db: Db | Knex.Transaction) {
  return db('inbound_domains as i')
    .join('domains as d', 'd.id', 'i.domain_id')
    .select<InboundDomainRow[]>(
      'i.id',
      'i.account_id',
      'i.domain_id',
      'd.name as parent_name',
      'i.name',
      'i.mx_verified_at',
      'i.mx_checked_at',
      'i.created_at',
      db.raw('(SELECT count(*) FROM inbound_rules r WHERE r.inbound_domain_id = i.id) AS rule_count'),
    );
}

/** The text of every "no such inbound domain" answer: missing, another account's, or outside a key's scope alike. */
export function inboundDomainNotFound(name: string): PostageError {
  return new PostageError('inbound_domain_not_found', `no inbound domain ${name} in this account`);
}

/** True when `name` is `parent` or one of its subdomains. */
export function isWithinDomain(name: string, parent: string): boolean {
  return name === parent || name.endsWith(`.${parent}`);
}

/**
 * The sending domain an inbound domain named `name` would belong to: the nearest (longest) of the
 * account's domains that `name` equals or is a subdomain of, among the verified shared-mode ones
 * and the BYOC ones (which refuse). A name under no verified shared-mode domain of the account is
 * `domain_not_found`, whatever another account holds.
 */
function parentFor(name: string, domains: Domain[]): Domain {
  const candidates = domains
    .filter((d) => isWithinDomain(name, d.name) && !d.releasedAt)
    .filter((d) => d.sendingMode === 'byoc' || canSend(d))
    .sort((a, b) => b.name.length - a.name.length);
  const parent = candidates[0];
  if (!parent)
    throw new PostageError(
      'domain_not_found',
      `no verified shared-mode domain of this account is ${name} or a parent of it: add and verify the domain first (docs/domains.md)`,
    );
  if (parent.sendingMode === 'byoc')
    throw new PostageError(
      'byoc_domain',
      `${parent.name} is a BYOC domain: BYOC domains cannot receive mail, since Postage keeps no content of their mail (docs/byoc.md); use a shared-mode domain`,
    );
  return parent;
}

/** Names whose MX or CNAME the sending domain already uses: receiving there would break sending. */
function reservedNameProblem(name: string, parent: Domain): string | undefined {
  if (name === (parent.mailFromDomain ?? mailFromDomainOf(parent.name)))
    return `${name} is the MAIL FROM domain of ${parent.name}: its MX record receives bounces for SES, so it cannot receive mail`;
  if (parent.trackingSubdomain && name === `${parent.trackingSubdomain}.${parent.name}`)
    return `${name} is the tracking subdomain of ${parent.name}: it is a CNAME, which cannot have an MX record beside it`;
  return undefined;
}

/**
 * Enables receiving on `name` (docs/inbound.md, "Inbound domains"): the account's verified
 * shared-mode domain itself or a subdomain of it. Refusals: `invalid_domain` (not a domain name),
 * `domain_not_found` (no such parent in the account, or outside `domainScope`), `byoc_domain`,
 * `inbound_domain_reserved` (a name whose DNS records sending uses), `inbound_domain_exists`
 * (this or any other account receives at the name already: the text names nobody).
 */
export async function createInboundDomain(
  db: Db,
  input: { accountId: string; name: string; domainScope?: readonly string[] },
  actor: string,
): Promise<InboundDomain> {
  const name = parseSendingDomain(input.name, 'shared');
  const parent = parentFor(name, await listDomains(db, input.accountId));
  // A key scoped to other domains sees no parent here, as if it did not exist.
  if (!scopeIncludesDomain(input.domainScope ?? [], parent.name))
    throw new PostageError(
      'domain_not_found',
      `no verified shared-mode domain of this account is ${name} or a parent of it: add and verify the domain first (docs/domains.md)`,
    );
  const reserved = reservedNameProblem(name, parent);
  if (reserved) throw new PostageError('inbound_domain_reserved', reserved);
  return db.transaction(async (trx) => {
    const [row] = await trx('inbound_domains')
      .insert({ account_id: input.accountId, domain_id: parent.id, name })
      .onConflict('name')
      .ignore()
      .returning<{ id: string }[]>('id');
    if (!row)
      throw new PostageError(
        'inbound_domain_exists',
        `${name} already receives mail (in this account or another): a name receives for one account only`,
      );
    await recordAudit(trx, {
      accountId: input.accountId,
      actor,
      action: 'inbound_domain.add',
      details: { inbound_domain: name, domain: parent.name },
    });
    const created = await selectInboundDomains(trx).where('i.id', row.id).first();
    return toInboundDomain(created!);
  });
}

/** The account's inbound domains within `domainScope` (a scoped key's: those of its domains), by name. */
export async function listInboundDomains(
  db: Db,
  accountId: string,
  domainScope: readonly string[] = [],
): Promise<InboundDomain[]> {
  const rows = await selectInboundDomains(db).where('i.account_id', accountId).orderBy('i.name');
  return rows.map(toInboundDomain).filter((d) => scopeIncludesDomain(domainScope, d.parentName));
}

/** For operators (the CLI): every account's inbound domains, or one account's, with the account's email. */
export async function inboundDomainsForOperators(
  db: Db,
  accountId?: string,
): Promise<(InboundDomain & { accountEmail: string })[]> {
  const query = selectInboundDomains(db)
    .join('accounts as a', 'a.id', 'i.account_id')
    .select('a.email as account_email')
    .orderBy('i.name');
  if (accountId) void query.where('i.account_id', accountId);
  const rows = (await query) as (InboundDomainRow & { account_email: string })[];
  return rows.map((r) => ({ ...toInboundDomain(r), accountEmail: r.account_email }));
}

/** The account's inbound domain `name`, or undefined (another account's, or outside the scope, alike). */
export async function findInboundDomain(
  db: Db,
  accountId: string,
  name: string,
  domainScope: readonly string[] = [],
): Promise<InboundDomain | undefined> {
  if (!isStorableText(name)) return undefined;
  const row = await selectInboundDomains(db)
    .where({ 'i.account_id': accountId, 'i.name': normaliseDomainName(name) })
    .first();
  if (!row) return undefined;
  const found = toInboundDomain(row);
  return scopeIncludesDomain(domainScope, found.parentName) ? found : undefined;
}

/** As findInboundDomain; missing is `inbound_domain_not_found` (404). */
export async function requireInboundDomain(
  db: Db,
  accountId: string,
  name: string,
  domainScope: readonly string[] = [],
): Promise<InboundDomain> {
  const found = await findInboundDomain(db, accountId, name, domainScope);
  if (!found) throw inboundDomainNotFound(normaliseDomainName(name));
  return found;
}

/** The MX record an inbound domain publishes: `10 <INBOUND_MX_HOST>` at its name. */
export function inboundMxRecord(config: Pick<Config, 'inbound'>, domain: Pick<InboundDomain, 'name'>) {
  return { type: 'MX' as const, name: domain.name, value: `10 ${mxHostOf(config)}` };
}

const mxHostOf = (config: Pick<Config, 'inbound'>) => normaliseDomainName(config.inbound.mxHost);

export interface MxCheck {
  domain: InboundDomain;
  /** The MX records found, as `<priority> <exchange>`. */
  found: string[];
  ok: boolean;
}

/**
 * Reads the name's MX records: verified when one names INBOUND_MX_HOST (any priority). The state
 * follows DNS both ways, since it only advises: mail goes wherever the MX record says. A resolver
 * that cannot answer is `dns_lookup_failed` (502), and nothing is stored.
 */
export async function verifyInboundDomain(
  db: Db,
  config: Pick<Config, 'inbound'>,
  dns: DnsLookup,
  domain: InboundDomain,
  actor: string,
): Promise<MxCheck> {
  const records = await dns.mx(domain.name);
  const host = mxHostOf(config);
  const ok = records.some((r) => r.exchange === host);
  const updated = await db.transaction(async (trx) => {
    const before = await trx('inbound_domains')
      .where({ id: domain.id })
      .forUpdate()
      .first<{ mx_verified_at: Date | null } | undefined>('mx_verified_at');
    if (!before) throw inboundDomainNotFound(domain.name);
    await trx('inbound_domains')
      .where({ id: domain.id })
      .update({
        mx_checked_at: trx.fn.now(),
        mx_verified_at: ok ? (before.mx_verified_at ?? trx.fn.now()) : null,
        updated_at: trx.fn.now(),
      });
    if (ok !== (before.mx_verified_at !== null))
      await recordAudit(trx, {
        accountId: domain.accountId,
        actor,
        action: ok ? 'inbound_domain.mx_verified' : 'inbound_domain.mx_missing',
        details: { inbound_domain: domain.name },
      });
    return toInboundDomain((await selectInboundDomains(trx).where('i.id', domain.id).first())!);
  });
  return {
    domain: updated,
    found: records.map((r) => `${r.priority} ${r.exchange}`),
    ok,
  };
}

/** Stops receiving at the name: its rules go with it; messages received there stay (until retention). */
export async function deleteInboundDomain(db: Db, domain: InboundDomain, actor: string): Promise<void> {
  await db.transaction(async (trx) => {
    const deleted = await trx('inbound_domains').where({ id: domain.id }).delete();
    if (deleted === 0) throw inboundDomainNotFound(domain.name);
    await recordAudit(trx, {
      accountId: domain.accountId,
      actor,
      action: 'inbound_domain.delete',
      details: { inbound_domain: domain.name, rules: domain.ruleCount },
    });
  });
}
