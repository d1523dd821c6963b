// Receiving one message for one recipient (docs/inbound.md, "How a message is received"): the MX
// listener and SES receiving both end here. One short transaction counts the message against the
// account's monthly inbound allowance and stores it (its envelope and trace line, and its content,
// once per account: the recipients of one message share it, core/inbound/storedContent.ts); once
// that commits the message is accepted, and nothing accepted is lost: then `receive-<id>` starts,
// and a start that fails leaves the row without `started_at` for the worker's relay
// (core/inbound/inboundRelay.ts). One workflow id per message, so it is never announced twice.
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { AuthVerdicts, InboundSource, InboundWorkflows } from '../model/inbound';
import { utcMonthStart, type Db } from '../platform/db';
import { killPoint } from '../platform/killPoints';
import { routeRecipient, splitRecipient } from './routing';
import { contentHash, holdContent } from './storedContent';

export interface ReceivedRaw {
  source: InboundSource;
  /** SES receiving: `<mail.messageId>:<recipient>`, so a notification delivered twice stores one message. */
  sourceId?: string;
  /** The message as the sender sent it (shared by its recipients' messages). */
  raw: Buffer;
  /** SHA-256 of `raw` when the caller has it (one hash for all recipients); computed otherwise. */
  sha256?: Buffer;
  /** The trace line this server wrote for this recipient, stored before `raw` (MX listener only). */
  trace?: Buffer;
  /** MAIL FROM; '' for the null sender `<>`. */
  envelopeFrom: string;
  /** The one accepted recipient this message is for (one message per recipient). */
  recipient: string;
  clientIp?: string;
  helo?: string;
  /** SES receiving's own verdicts, kept as they are (the workflow then checks nothing itself). */
  verdicts?: AuthVerdicts;
}

export type ReceiveOutcome =
  | { kind: 'accepted'; inboundId: string }
  | { kind: 'duplicate'; inboundId: string }
  | { kind: 'refused'; reason: 'not_inbound' | 'no_rule' | 'over_allowance' };

export interface ReceiveDeps {
  db: Db;
  workflows: InboundWorkflows;
  logger: Logger;
  /** TEMPORAL_START_TIMEOUT_MS: how long the start may take before it is left to the relay. */
  startTimeoutMs: number;
}

/** Thrown inside the transaction to roll it back: the allowance was used up meanwhile. */
class OverAllowance extends Error {}

/** Thrown inside the transaction to roll it back: the same SES notification, stored by another request. */
class AlreadyStored extends Error {
  constructor(readonly inboundId: string) {
    super('received message already stored');
  }
}

/**
 * Stores and starts one received message. Refuses what routes nowhere or is over the allowance;
 * answers `duplicate` (with the stored id) for an SES source id already stored. Throws only when
 * nothing was committed (PostgreSQL away): the caller then refuses temporarily (451 / 503).
 */
export async function receiveMessage(deps: ReceiveDeps, input: ReceivedRaw): Promise<ReceiveOutcome> {
  if (input.sourceId !== undefined) {
    const known = await storedBySourceId(deps.db, input.source, input.sourceId);
    if (known) return { kind: 'duplicate', inboundId: known };
  }
  const now = new Date();
  const route = await routeRecipient(deps.db, input.recipient, now);
  if (route.kind !== 'routed') {
    deps.logger.info({ source: input.source, reason: route.kind }, 'received message refused');
    return { kind: 'refused', reason: route.kind };
  }
  const parts = splitRecipient(input.recipient)!;
  const inboundId = randomUUID();
  const trace = input.trace ?? Buffer.alloc(0);
  try {
    await deps.db.transaction(async (trx) => {
      const contentRef = await holdContent(trx, route.accountId, input.raw, input.sha256 ?? contentHash(input.raw));
      const inserted = await trx.raw<{ rows: { id: string }[] }>(
        `INSERT INTO inbound_messages
           (id, account_id, inbound_domain_id, rule_id, source, source_id, envelope_from, envelope_to,
            client_ip, helo, size_bytes, trace, content_ref, verdicts, received_at, endpoint_ids)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?, ?::uuid[])
         ON CONFLICT (source, source_id) DO NOTHING
         RETURNING id`,
        [
          inboundId,
          route.accountId,
          route.inboundDomainId,
          route.ruleId,
          input.source,
          input.sourceId ?? null,
          input.envelopeFrom,
          `${parts.localPart}@${parts.domain}`,
          input.clientIp ?? null,
          input.helo ?? null,
          trace.length + input.raw.length,
          trace,
          contentRef,
          input.verdicts ? JSON.stringify(input.verdicts) : null,
          now,
          route.endpointIds,
        ],
      );
      if (inserted.rows.length === 0) {
        // The same SES notification, handled at the same moment by another request: its content
        // stored here goes with the rollback.
        const known = await storedBySourceId(trx, input.source, input.sourceId ?? '');
        throw new AlreadyStored(known ?? inboundId);
      }
      // Counted only under the allowance: the upsert's row lock serialises one account's
      // concurrent messages, so with one left exactly one of them gets it. A plan without
      // receiving (0) never makes a row.
      const counted = await trx.raw<{ rows: unknown[] }>(
        `INSERT INTO inbound_usage (account_id, month, count)
         SELECT a.id, ?::date, 1 FROM accounts a LEFT JOIN plans p ON p.name = coalesce(a.plan, 'free')
         WHERE a.id = ? AND coalesce(p.inbound_monthly_quota, 0) > 0
         ON CONFLICT (account_id, month) DO UPDATE SET count = inbound_usage.count + 1
         WHERE inbound_usage.count < (
           SELECT coalesce(p.inbound_monthly_quota, 0) FROM accounts a LEFT JOIN plans p ON p.name = coalesce(a.plan, 'free')
           WHERE a.id = inbound_usage.account_id)
         RETURNING count`,
        [utcMonthStart(now), route.accountId],
      );
      if (counted.rows.length === 0) throw new OverAllowance();
    });
  } catch (err) {
    if (err instanceof AlreadyStored) return { kind: 'duplicate', inboundId: err.inboundId };
    if (err instanceof OverAllowance) {
      deps.logger.info({ source: input.source, reason: 'over_allowance' }, 'received message refused');
      return { kind: 'refused', reason: 'over_allowance' };
    }
    throw err;
  }

  killPoint('receive:committed'); // stored and counted; no workflow yet (the relay's case)
  try {
    await deps.workflows.startReceive(
      { inboundId, accountId: route.accountId, source: input.source },
      Date.now() + deps.startTimeoutMs,
    );
  } catch (err) {
    // Accepted all the same: the row waits, without started_at, for the worker's relay.
    deps.logger.warn({ err, inboundId }, 'receive workflow not started; the relay will start it');
  }
  return { kind: 'accepted', inboundId };
}

async function storedBySourceId(db: Db, source: InboundSource, sourceId: string): Promise<string | undefined> {
  const row = await db('inbound_messages')
    .where({ source, source_id: sourceId })
    .first<{ id: string } | undefined>('id');
  return row?.id;
}
