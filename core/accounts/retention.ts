// Retention per account (docs/privacy.md, "How long data is kept"): for its email log, its shared
// content and its received mail, an account keeps the deployment's default number of days or a
// number it chooses, from 1 to its bound. The bound is the smaller of its plan's and the
// deployment's setting (the operator's ceiling); both are applied when read, so a plan lowered
// after a choice shortens what the purge keeps without rewriting the choice.
import type { Knex } from 'knex';
import type { Config } from '../platform/config';
import type { Db } from '../platform/db';
import { PostageError } from '../platform/errors';
import { recordAudit } from '../platform/audit';
import { FREE_PLAN } from './plans';

export const RETENTION_KINDS = ['email_log', 'content', 'received'] as const;
export type RetentionKind = (typeof RETENTION_KINDS)[number];

/** The account's column holding its choice and the plan's holding its bound, per kind. */
const COLUMNS: Record<RetentionKind, { chosen: string; bound: string }> = {
  email_log: { chosen: 'log_retention_days', bound: 'max_log_retention_days' },
  content: { chosen: 'content_retention_days', bound: 'max_content_retention_days' },
  received: { chosen: 'received_retention_days', bound: 'max_received_retention_days' },
};

/** Days kept for an account that chose nothing (and the ceiling): the deployment's settings; received mail as long as content. */
export type RetentionDefaults = Record<RetentionKind, number>;

export function retentionDefaults(config: Pick<Config, 'retention'>): RetentionDefaults {
  return {
    email_log: config.retention.emailLogDays,
    content: config.retention.contentDays,
    received: config.retention.contentDays,
  };
}

export interface Retention {
  /** What the purge keeps now: the choice (or the default) within the bound. */
  days: number;
  /** The account's choice; null: the default. */
  chosen: number | null;
  /** Days kept without a choice: the default within the bound. */
  default: number;
  /** The most this account may choose: the smaller of its plan's bound and the deployment's setting. */
  max: number;
}

/** Effective days, kept and bound, from one account's choice and its plan's bound. */
export function effectiveRetention(chosen: number | null, planBound: number | null, defaultDays: number): Retention {
  const max = Math.min(planBound ?? defaultDays, defaultDays);
  return { days: Math.min(chosen ?? defaultDays, max), chosen, default: max, max };
}

/**
 * The same computation in SQL, for an account row aliased `a` joined to its plan `p`: the days
 * the purge keeps of `kind`. Bindings: the default three times.
 */
export function effectiveDaysSql(kind: RetentionKind, defaultDays: number): { sql: string; bindings: number[] } {
  const { chosen, bound } = COLUMNS[kind];
  return {
    sql: `LEAST(COALESCE(a.${chosen}, ?::integer), COALESCE(p.${bound}, ?::integer), ?::integer)`,
    bindings: [defaultDays, defaultDays, defaultDays],
  };
}

/** The join from accounts `a` to their plan `p` (no subscription: the free plan). */
export const PLAN_JOIN_SQL = `LEFT JOIN plans p ON p.name = COALESCE(NULLIF(a.plan, ''), '${FREE_PLAN}')`;

export async function getRetention(
  db: Db | Knex.Transaction,
  defaults: RetentionDefaults,
  accountId: string,
): Promise<Record<RetentionKind, Retention> | undefined> {
  const columns = RETENTION_KINDS.flatMap((kind) => [`a.${COLUMNS[kind].chosen}`, `p.${COLUMNS[kind].bound}`]);
  const { rows } = await db.raw<{ rows: Record<string, number | null>[] }>(
    `SELECT ${columns.join(', ')} FROM accounts a ${PLAN_JOIN_SQL} WHERE a.id = ?`,
    [accountId],
  );
  const row = rows[0];
  if (!row) return undefined;
  const of = (kind: RetentionKind) =>
    effectiveRetention(row[COLUMNS[kind].chosen] ?? null, row[COLUMNS[kind].bound] ?? null, defaults[kind]);
  return { email_log: of('email_log'), content: of('content'), received: of('received') };
}

/** A change: a number of days, null for the default, absent to leave it as it is. */
export type RetentionChange = Partial<Record<RetentionKind, number | null>>;

/**
 * Saves the account's choices and records them in the audit log (with what they were). Throws
 * `invalid_retention` naming the field when a number is past the account's bound; nothing is
 * saved then. Undefined when the account does not exist.
 */
export async function setRetention(
  db: Db,
  defaults: RetentionDefaults,
  accountId: string,
  change: RetentionChange,
  actor: string,
): Promise<Record<RetentionKind, Retention> | undefined> {
  return db.transaction(async (trx) => {
    await trx('accounts').where({ id: accountId }).forUpdate().first('id');
    const before = await getRetention(trx, defaults, accountId);
    if (!before) return undefined;
    const patch: Record<string, number | null> = {};
    for (const kind of RETENTION_KINDS) {
      const days = change[kind];
      if (days === undefined) continue;
      if (days !== null && days > before[kind].max)
        throw new PostageError(
          'invalid_retention',
          `at most ${before[kind].max} days on this account's plan (from 1; null keeps the default)`,
          kind,
        );
      patch[COLUMNS[kind].chosen] = days;
    }
    if (Object.keys(patch).length === 0) return before;
    await trx('accounts').where({ id: accountId }).update(patch);
    await recordAudit(trx, {
      accountId,
      actor,
      action: 'account.retention',
      details: Object.fromEntries(
        RETENTION_KINDS.filter((kind) => change[kind] !== undefined).map((kind) => [
          kind,
          { from: before[kind].chosen, to: change[kind] },
        ]),
      ),
    });
    return getRetention(trx, defaults, accountId);
  });
}

/** A table the purge ages per account: its rows `t` carry `account_id`; `also` may read the account's cutoff as `r.cutoff`. */
export interface ExpiringTable {
  table: string;
  key: string;
  /** The row's time column its age counts from. */
  at: string;
  kind: RetentionKind;
  also?: string;
}

/**
 * The keys of at most `limit` rows of `spec.table` older than their account's retention, as of
 * `now`, in one statement: for each account its cutoff, then its rows before it through the
 * table's (account_id, time) index, so rows still kept are never read.
 */
export function expiredRows(
  db: Db | Knex.Transaction,
  spec: ExpiringTable,
  now: Date,
  defaultDays: number,
  limit: number,
): Knex.QueryBuilder {
  const days = effectiveDaysSql(spec.kind, defaultDays);
  const rows = db.raw(
    `(SELECT expired.${spec.key} FROM accounts a ${PLAN_JOIN_SQL}
     CROSS JOIN LATERAL (SELECT ?::timestamptz - make_interval(days => ${days.sql}) AS cutoff) r
     CROSS JOIN LATERAL (
       SELECT t.${spec.key} FROM ${spec.table} t
       WHERE t.account_id = a.id AND t.${spec.at} < r.cutoff${spec.also ? ` AND ${spec.also}` : ''}
       LIMIT ?
     ) expired
     LIMIT ?) AS expired_rows`,
    [now, ...days.bindings, limit, limit],
  );
  return db.from(rows).select(spec.key);
}
