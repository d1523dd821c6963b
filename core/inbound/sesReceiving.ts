// Amazon SES receiving (docs/inbound.md, "Receiving through Amazon SES"): a receipt rule stores
// each message in S3 and notifies the SNS topic Postage's `POST /provider/ses-events` takes. This
// reads such a "Received" notification (recipients, SES's verdicts, where the object is), fetches
// the object with a deadline that aborts the whole exchange, body included, and hands each routed
// recipient to the receive use case with `source: 'ses'` and a source id that makes a notification
// SNS delivers twice one message.
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
import type { AuthVerdict, AuthVerdicts } from '../model/inbound';
import { clientOptions, staticCredentials } from '../platform/awsClients';
import type { Config } from '../platform/config';
import { receiveMessage, type ReceiveDeps, type ReceiveOutcome } from './receiveMessage';
import { routeRecipient } from './routing';
import { contentHash } from './storedContent';

/**
 * Fetching one stored message: shorter than SNS waits for the endpoint that asks. The whole fetch,
 * body included, is aborted at it (fetchReceivedObject), as the client's own request deadline does.
 */
export const INBOUND_S3_TIMEOUT_MS = 10_000;

/**
 * S3 for the bucket SES receiving stores messages in (INBOUND_S3_*), built with the conventions of
 * every AWS client (core/platform/awsClients.ts); path-style addressing when an endpoint is set (a
 * local stand-in). Only the API reads these settings: it alone takes SES's notifications.
 */
export function inboundS3Client(config: Config): S3Client {
  return new S3Client({
    ...clientOptions(
      {
        region: config.inbound.s3Region,
        endpoint: config.inbound.s3Endpoint,
        credentials: staticCredentials(config.inbound.s3AccessKeyId, config.inbound.s3SecretAccessKey),
      },
      INBOUND_S3_TIMEOUT_MS,
    ),
    ...(config.inbound.s3Endpoint ? { forcePathStyle: true } : {}),
  });
}

export interface SesReceivedNotification {
  /** SES's id of the message (`mail.messageId`). */
  sesMessageId: string;
  /** MAIL FROM as SES saw it (`mail.source`); '' for the null sender. */
  envelopeFrom: string;
  /** The recipients of this receipt rule (`receipt.recipients`), as SES gives them. */
  recipients: string[];
  verdicts: AuthVerdicts;
  s3: { bucketName: string; objectKey: string };
}

const record = (value: unknown): Record<string, unknown> | undefined =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

/** SES's verdict status in ours: PASS, FAIL as they are; GRAY (no verdict either way) neutral; PROCESSING_FAILED temperror; DISABLED or absent none. */
export function sesVerdict(value: unknown): AuthVerdict {
  const status = record(value)?.status;
  switch (typeof status === 'string' ? status.toUpperCase() : '') {
    case 'PASS':
      return 'pass';
    case 'FAIL':
      return 'fail';
    case 'GRAY':
      return 'neutral';
    case 'PROCESSING_FAILED':
      return 'temperror';
    default:
      return 'none';
  }
}

/**
 * A "Received" notification (the SNS message's JSON, parsed) whose action is S3; an `error` saying
 * what is missing otherwise (the route answers 400: such a notification is not ours to take).
 */
export function parseSesReceived(message: unknown): SesReceivedNotification | { error: string } {
  const body = record(message);
  if (body?.notificationType !== 'Received') return { error: 'not a Received notification' };
  const mail = record(body.mail);
  const receipt = record(body.receipt);
  const action = record(receipt?.action);
  if (!mail || typeof mail.messageId !== 'string' || !mail.messageId) return { error: 'no mail.messageId' };
  if (!receipt || !Array.isArray(receipt.recipients)) return { error: 'no receipt.recipients' };
  if (action?.type !== 'S3') return { error: 'the receipt action is not S3 (Postage takes the message from S3)' };
  if (
    typeof action.bucketName !== 'string' ||
    typeof action.objectKey !== 'string' ||
    !action.bucketName ||
    !action.objectKey
  )
    return { error: 'the S3 action names no bucketName and objectKey' };
  const recipients = receipt.recipients.filter((r): r is string => typeof r === 'string' && r.length > 0);
  const source = typeof mail.source === 'string' ? mail.source : '';
  return {
    sesMessageId: mail.messageId,
    envelopeFrom: source === '<>' ? '' : source,
    recipients,
    verdicts: {
      spf: sesVerdict(receipt.spfVerdict),
      dkim: sesVerdict(receipt.dkimVerdict),
      dmarc: sesVerdict(receipt.dmarcVerdict),
      // SES does not check ARC.
      arc: 'none',
      spam: sesVerdict(receipt.spamVerdict),
      virus: sesVerdict(receipt.virusVerdict),
    },
    s3: { bucketName: action.bucketName, objectKey: action.objectKey },
  };
}

/**
 * Whether a notification may name this bucket (INBOUND_S3_BUCKETS): one listed; with none listed,
 * any outside production and none in production, so a deployment never fetches from a bucket it
 * did not name.
 */
export function bucketAllowed(config: Pick<Config, 'env' | 'inbound'>, bucketName: string): boolean {
  const listed = config.inbound.s3Buckets;
  return listed.length > 0 ? listed.includes(bucketName) : config.env !== 'production';
}

export type FetchedObject = { kind: 'fetched'; raw: Buffer } | { kind: 'too_large'; size: number };

/**
 * The stored message's bytes. Everything (the request, then the body) stops at `timeoutMs`: the
 * request is aborted and the body destroyed, and the call rejects (the route answers 503, SNS
 * retries). An object over `maxBytes` is not read past the limit.
 */
export async function fetchReceivedObject(
  s3: S3Client,
  location: { bucketName: string; objectKey: string },
  opts: { maxBytes: number; timeoutMs?: number },
): Promise<FetchedObject> {
  const stop = new AbortController();
  const timer = setTimeout(
    () => stop.abort(new Error('the S3 object was not fetched within its deadline')),
    opts.timeoutMs ?? INBOUND_S3_TIMEOUT_MS,
  );
  try {
    const out = await s3.send(new GetObjectCommand({ Bucket: location.bucketName, Key: location.objectKey }), {
      abortSignal: stop.signal,
    });
    const body = out.Body;
    if (!(body instanceof Readable)) throw new Error('the S3 object came without a body stream');
    if (out.ContentLength !== undefined && out.ContentLength > opts.maxBytes) {
      body.destroy();
      return { kind: 'too_large', size: out.ContentLength };
    }
    const onAbort = () => body.destroy(stop.signal.reason instanceof Error ? stop.signal.reason : new Error('aborted'));
    if (stop.signal.aborted) onAbort();
    stop.signal.addEventListener('abort', onAbort, { once: true });
    try {
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of body as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > opts.maxBytes) {
          body.destroy();
          return { kind: 'too_large', size };
        }
        chunks.push(chunk);
      }
      return { kind: 'fetched', raw: Buffer.concat(chunks) };
    } finally {
      stop.signal.removeEventListener('abort', onAbort);
    }
  } finally {
    clearTimeout(timer);
  }
}

export type SesRecipientOutcome = { recipient: string } & (ReceiveOutcome | { kind: 'too_large'; size: number });

/**
 * One Received notification end to end: the recipients that route (SES accepted the message for
 * the whole rule; Postage keeps the ones its rules name), the object fetched once (not at all when
 * none routes or every one is stored already), then one received message per routed recipient,
 * source id `<mail.messageId>:<recipient>`. Over the allowance is `refused` (SES already accepted
 * it: the caller drops it, logs and counts it). Rejects when S3 or the store fails before anything
 * was committed for a recipient (the route answers 503 and SNS delivers the notification again;
 * what was stored answers `duplicate` then).
 */
export async function receiveSesNotification(
  deps: ReceiveDeps & { s3: S3Client; maxBytes: number; s3TimeoutMs?: number },
  notification: SesReceivedNotification,
): Promise<SesRecipientOutcome[]> {
  const outcomes: SesRecipientOutcome[] = [];
  const routed: string[] = [];
  for (const recipient of notification.recipients) {
    const route = await routeRecipient(deps.db, recipient);
    if (route.kind === 'routed') routed.push(recipient);
    else outcomes.push({ recipient, kind: 'refused', reason: route.kind });
  }
  if (routed.length === 0) return outcomes;
  const sourceId = (recipient: string) => `${notification.sesMessageId}:${recipient.toLowerCase()}`;
  const stored = new Map(
    (
      await deps
        .db('inbound_messages')
        .where({ source: 'ses' })
        .whereIn('source_id', routed.map(sourceId))
        .select<{ id: string; source_id: string }[]>('id', 'source_id')
    ).map((r) => [r.source_id, r.id]),
  );
  const fresh = routed.filter((r) => !stored.has(sourceId(r)));
  for (const recipient of routed.filter((r) => stored.has(sourceId(r))))
    outcomes.push({ recipient, kind: 'duplicate', inboundId: stored.get(sourceId(recipient))! });
  if (fresh.length === 0) return outcomes;
  const fetched = await fetchReceivedObject(deps.s3, notification.s3, {
    maxBytes: deps.maxBytes,
    ...(deps.s3TimeoutMs !== undefined ? { timeoutMs: deps.s3TimeoutMs } : {}),
  });
  if (fetched.kind === 'too_large') {
    for (const recipient of fresh) outcomes.push({ recipient, kind: 'too_large', size: fetched.size });
    return outcomes;
  }
  const sha256 = contentHash(fetched.raw); // once: every recipient's message shares the content
  for (const recipient of fresh) {
    const outcome = await receiveMessage(deps, {
      source: 'ses',
      sourceId: sourceId(recipient),
      raw: fetched.raw,
      sha256,
      envelopeFrom: notification.envelopeFrom,
      recipient,
      verdicts: notification.verdicts,
    });
    outcomes.push({ recipient, ...outcome });
  }
  return outcomes;
}
