// One received message (docs/inbound.md, "How a message is received"): `receive-<inbound id>`,
// started once the message is stored (by the MX listener, SES receiving, or the worker's relay).
// It parses the stored bytes, checks the sender (or keeps SES's verdicts), records the message
// (and the reply it is to a message the account sent), then announces `email.received` to each
// endpoint the rule names, one attempt each. Only ids travel through its history: the content
// stays in PostgreSQL.
import { ActivityFailure, log, patched, sleep, TimeoutFailure } from '@temporalio/workflow';
import type { ReceiveEmailInput } from '../core/model/inbound';
import { receiveParsing, receivedEmailDelivery, receiveSteps } from './activityProxies';

/** How long a parse step that fails for PostgreSQL's sake is run again (its own tries take seconds). */
const PARSE_AGAIN_FOR_MS = 24 * 60 * 60 * 1000;
/** The waits before each new try (the last one repeats). */
const PARSE_AGAIN_AFTER_MS = [1_000, 2_000, 4_000, 8_000, 30_000, 60_000, 120_000, 300_000, 600_000];
/** Tries whose worker died before the message is recorded without its parse. */
export const PARSE_DEATHS_ALLOWED = 5;
/**
 * Runs begun before the tries were counted one by one took a timed-out last try (of five made by
 * the server) as the end; they replay as they ran.
 */
export const COUNT_PARSE_DEATHS_PATCH = 'count-parse-deaths';

type ParseResult = Awaited<ReturnType<typeof receiveParsing.parseReceivedMessage>>;

/**
 * The parse step until it reaches the message. Each try is an activity tried once
 * (workflows/activityProxies.ts), so every try's end is seen here: one that timed out is a worker
 * that died on it (killed, or by the message itself), and after PARSE_DEATHS_ALLOWED of those the
 * message is recorded without being parsed again, so that a message killing its worker every time
 * stops (unless no try ever reached it: the record step parses those, core/inbound/recordReceived.ts).
 * A try that failed otherwise failed on PostgreSQL: the step runs again, for up to a day, or the
 * message would be announced empty. Counting the last try alone took a worker killed once, after
 * tries that met a restarting PostgreSQL, for a message that kills workers (the fault suite).
 */
async function parseStep(inboundId: string): Promise<ParseResult | undefined> {
  const since = Date.now(); // workflow time
  let deaths = 0;
  for (let round = 0; ; round++) {
    try {
      return await receiveParsing.parseReceivedMessage({ inboundId });
    } catch (err) {
      const workerDied = err instanceof ActivityFailure && err.cause instanceof TimeoutFailure;
      // Only where a try died, so the marker costs nothing on the usual path.
      const counted = workerDied && patched(COUNT_PARSE_DEATHS_PATCH);
      if (workerDied) deaths += 1;
      const givenUp =
        (workerDied && (!counted || deaths >= PARSE_DEATHS_ALLOWED)) || Date.now() - since > PARSE_AGAIN_FOR_MS;
      if (givenUp) {
        log.warn('received message not parsed by its step', { inboundId, workerDied, deaths });
        return undefined;
      }
      await sleep(PARSE_AGAIN_AFTER_MS[Math.min(round, PARSE_AGAIN_AFTER_MS.length - 1)]!);
    }
  }
}

export interface ReceiveEmailResult {
  /** Deleted before it was recorded: nothing was announced. */
  gone: boolean;
  malformed: boolean;
  /** The sent message it answers. */
  repliedMessageId: string | null;
  /** Endpoints `email.received` was posted to (each attempt is in the delivery log, whatever its answer). */
  webhooks: number;
}

export async function receiveEmail(input: ReceiveEmailInput): Promise<ReceiveEmailResult> {
  const { inboundId } = input;
  const parsed = await parseStep(inboundId);
  if (parsed?.gone) return { gone: true, malformed: false, repliedMessageId: null, webhooks: 0 };
  const malformed = parsed?.malformed ?? false;
  await receiveSteps.checkSenderAuthentication({ inboundId });
  const recorded = await receiveSteps.recordReceivedMessage({ inboundId });
  if (recorded.gone) return { gone: true, malformed, repliedMessageId: null, webhooks: 0 };
  await Promise.all(
    recorded.endpointIds.map((endpointId) =>
      // One attempt per endpoint (docs/webhooks.md, "Delivery policy"); a failure is recorded, never the workflow's.
      receivedEmailDelivery()
        .deliverWebhook({ endpointId, messageId: inboundId, event: 'email.received' })
        .catch(() => undefined),
    ),
  );
  return { gone: false, malformed, repliedMessageId: recorded.repliedMessageId, webhooks: recorded.endpointIds.length };
}
