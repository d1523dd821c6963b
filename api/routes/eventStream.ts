// The live events stream (docs/webhooks.md, "Live events (postage listen)"): `GET
// /api/events/stream`, server-sent events carrying every event of the account with the body and
// `webhook-id` its webhook endpoints get. The events come through Redis (core/webhooks/
// liveEvents.ts); each stream reads them on a connection of its own, holds at most one batch for a
// slow client (then drops it), and ends when its client goes or the process stops.
import { randomUUID } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import type { Response } from 'express';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../../core/model/webhookEvents';
import {
  closeLiveStream,
  isLiveCursor,
  LIVE_REFRESH_MS,
  openLiveStream,
  readLiveEvents,
  refreshLiveStream,
  type LiveEvent,
} from '../../core/webhooks/liveEvents';
import { parseWebhookEvents } from '../../core/webhooks/webhookEndpoints';
import type { RouteDeps } from '../http/deps';
import { ANSWERED, operation, type DocumentConfig } from '../http/operation';
import { queryParameters, text } from '../schemas/queryParameters';

/** How long one read waits for an event before looking again (the client's going ends it at once). */
const BLOCK_MS = 5_000;
/** How long a client may take to accept one batch before it is dropped. */
const DRAIN_MS = 30_000;

/** Ends every open stream of this process (api/server.ts, on shutdown): a stream never ends on its own. */
const openStreams = new Set<() => void>();
export function endEventStreams(): void {
  for (const end of [...openStreams]) end();
}

/** One event in the wire format: its cursor, its type and the JSON of id, type, timestamp and body. */
const frame = (event: LiveEvent) => `id: ${event.cursor}\nevent: ${event.type}\ndata: ${event.data}\n\n`;

/** True once the client took what was written; false if it went, or took longer than DRAIN_MS. */
function drained(res: Response): Promise<boolean> {
  return new Promise((resolve) => {
    const settle = (ok: boolean) => {
      clearTimeout(timer);
      res.off('drain', onDrain);
      res.off('close', onClose);
      resolve(ok);
    };
    const onDrain = () => settle(true);
    const onClose = () => settle(false);
    const timer = setTimeout(() => settle(false), DRAIN_MS);
    res.on('drain', onDrain);
    res.on('close', onClose);
  });
}

interface OpenStream {
  accountId: string;
  streamId: string;
  /** The cursor to read after. */
  after: string;
  /** Only these types; all when undefined. */
  types: Set<WebhookEventType> | undefined;
}

/** Writes the account's events until the client goes, is too slow, or the process stops. */
async function serveStream(deps: RouteDeps, res: Response, stream: OpenStream): Promise<void> {
  const prefix = deps.config.redis.keyPrefix;
  // XREAD BLOCK holds its connection: a connection of the stream's own, whose commands may wait that long.
  const reader = deps.redis.duplicate({ commandTimeout: BLOCK_MS + 5_000, enableOfflineQueue: true });
  reader.on('error', () => undefined);
  let open = true;
  const keepAlive = setInterval(() => {
    res.write(': keep-alive\n\n');
    refreshLiveStream(deps.redis, prefix, stream.accountId, stream.streamId).catch(() => undefined);
  }, LIVE_REFRESH_MS);
  const end = () => {
    if (!open) return;
    open = false;
    clearInterval(keepAlive);
    openStreams.delete(end);
    reader.disconnect();
    res.end();
    closeLiveStream(deps.redis, prefix, stream.accountId, stream.streamId).catch(() => undefined);
  };
  openStreams.add(end);
  res.on('close', end);
  res.write(': keep-alive\n\n');
  let cursor = stream.after;
  while (open) {
    let batch: LiveEvent[];
    try {
      batch = await readLiveEvents(reader, prefix, stream.accountId, cursor, BLOCK_MS);
    } catch {
      // Redis away: look again shortly (the keep-alives go on meanwhile).
      if (open) await new Promise((resolve) => setTimeout(resolve, 1_000));
      continue;
    }
    cursor = batch.at(-1)?.cursor ?? cursor;
    const frames = batch
      .filter((event) => !stream.types || stream.types.has(event.type as WebhookEventType))
      .map(frame);
    if (frames.length > 0 && open && !res.write(frames.join('')) && !(await drained(res))) end();
  }
}

const EVENTS_DESCRIPTION = `Only these event types, comma-separated (${WEBHOOK_EVENT_TYPES.join(', ')}); all by default. An unknown type is a 400.`;

export const eventStreamOperations = [
  operation({
    method: 'get',
    path: '/api/events/stream',
    operationId: 'streamEvents',
    summary: 'The account’s events as they happen (server-sent events; what `postage listen` reads).',
    description: (config) =>
      `Every event of the account (docs/webhooks.md, "Live events (postage listen)"), whether or not it has webhook endpoints, as server-sent events: \`id: <cursor>\`, \`event: <type>\`, and \`data:\` the JSON \`{"id", "type", "timestamp", "body"}\`, where \`id\` is the Standard Webhooks \`webhook-id\` and \`body\` the exact JSON text a webhook endpoint receives. A \`: keep-alive\` comment every ${LIVE_REFRESH_MS / 1000} s. \`Last-Event-ID\` (a cursor this stream gave) resumes after that event: the last 500 or so events are kept for 5 minutes; anything else in it is ignored and the stream starts now. At most ${config.webhooks.liveStreamsPerAccount} open streams per account (LIVE_EVENT_STREAMS_PER_ACCOUNT): one more is a 429. The stream holds one batch for a client that does not read, and drops a client that takes longer than ${DRAIN_MS / 1000} s to accept it. Events are delivered at most once per stream and may repeat after a worker restart (deduplicate on \`id\`, as with webhooks). It never ends on its own: close it to stop.`,
    who: 'caller',
    // A read, as the email log is: any member; of keys, full_access ones (what the events tell is the log's).
    role: 'viewer',
    scopedKey: 'account_wide',
    rateLimit: 'perKey',
    query: queryParameters({ events: text(500, EVENTS_DESCRIPTION) }),
    ok: [
      200,
      Type.String({ description: 'Server-sent events (see the description); never ends on its own.' }),
      'The stream.',
    ],
    okAnswer: {
      media: 'text/event-stream',
      headers: { 'Cache-Control': '`no-store`.' },
    },
    more: {
      429: [
        { codes: ['too_many_requests'] },
        (config: DocumentConfig) =>
          `The account already has ${config.webhooks.liveStreamsPerAccount} open streams (LIVE_EVENT_STREAMS_PER_ACCOUNT): close one (Retry-After); or, without a code, more requests per minute for this key than its rate limit.`,
      ],
    },
    async handler({ deps, req, res, query, caller, refuse }) {
      const types = query.events === undefined ? undefined : new Set(parseWebhookEvents([query.events]));
      const streamId = randomUUID();
      const max = deps.config.webhooks.liveStreamsPerAccount;
      const opened = await openLiveStream(
        deps.redis,
        deps.config.redis.keyPrefix,
        caller.accountId,
        streamId,
        max,
      ).catch(() => undefined);
      if (!opened)
        return refuse('service_unavailable', 'The live events stream is unavailable for a moment; retry.', {
          retryAfter: 5,
        });
      if (!opened.opened)
        return refuse('too_many_requests', `This account already has ${max} open event streams; close one first.`, {
          retryAfter: LIVE_REFRESH_MS / 1000,
        });
      const lastEventId = req.get('Last-Event-ID')?.trim() ?? '';
      res.locals.outcome = 'event_stream';
      res.status(200).set({
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-store',
        'X-Accel-Buffering': 'no', // a proxy in front must not hold the events back
      });
      res.flushHeaders();
      await serveStream(deps, res, {
        accountId: caller.accountId,
        streamId,
        after: isLiveCursor(lastEventId) ? lastEventId : opened.since,
        types,
      });
      return ANSWERED;
    },
  }),
];
