// Mail received as the MX listener receives it (the same use case, through the stack's Temporal),
// for tests that need recorded inbound messages without an SMTP conversation.
import { randomUUID } from 'node:crypto';
import { receiveMessage } from '../../core/inbound/receiveMessage';
import type { Db } from '../../core/platform/db';
import { createLogger } from '../../core/platform/logger';
import { inboundWorkflows } from '../../workflows/client';
import type { ServiceStack } from './serviceStack';
import { eventually } from './wait';

/** Receives `raw` for `to` (from `envelopeFrom`), waits until its workflow has recorded it, and returns its inbound id. */
export async function receiveRecorded(
  stack: Pick<ServiceStack, 'db' | 'temporal' | 'config'>,
  to: string,
  raw: Buffer,
  envelopeFrom = 'bounces@example.org',
): Promise<string> {
  const outcome = await receiveMessage(
    {
      db: stack.db,
      workflows: inboundWorkflows(stack.temporal, stack.config.temporal.taskQueue),
      logger: createLogger('silent', 'test'),
      startTimeoutMs: 10_000,
    },
    {
      source: 'mx',
      raw,
      envelopeFrom,
      recipient: to,
      clientIp: '192.0.2.10',
      helo: 'mx.example.org',
    },
  );
  if (outcome.kind !== 'accepted') throw new Error(`${to} was not accepted: ${JSON.stringify(outcome)}`);
  await eventually(`the message to ${to} to be recorded`, async () =>
    (await stack.db('inbound_messages').where({ id: outcome.inboundId }).first('recorded_at'))?.recorded_at
      ? true
      : undefined,
  );
  return outcome.inboundId;
}

/** A received message's row as the MX listener leaves it, received at `receivedAt` (the purge tests backdate it); its id. */
export async function insertReceivedRow(
  db: Db,
  input: { accountId: string; domain: string; receivedAt: Date },
): Promise<string> {
  const id = randomUUID();
  await db('inbound_messages').insert({
    id,
    account_id: input.accountId,
    source: 'mx',
    envelope_from: 'someone@example.org',
    envelope_to: `support@${input.domain}`,
    size_bytes: 3,
    raw: Buffer.from('raw'),
    received_at: input.receivedAt,
  });
  return id;
}
