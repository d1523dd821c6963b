// The live events stream (docs/webhooks.md, "Live events (postage listen)"), kept in Redis: an
// open stream is a member of its account's set of streams (expiring unless its API process
// refreshes it), and while the set exists the workflows' endpoint lookups add a pseudo endpoint
// whose delivery appends the event to the account's Redis Stream instead of posting it. The
// workflows' commands are unchanged (docs/decisions.md, "The live events stream rides the
// webhook fan-out").
import type Redis from 'ioredis';

/** How long an open stream counts without being refreshed: a crashed API process frees its streams after this. */
const STREAM_TTL_MS = 45_000;
/** How often an open stream refreshes its membership (and sends a keep-alive). */
export const LIVE_REFRESH_MS = 15_000;
/** Events kept per account for `Last-Event-ID` (approximately: Redis trims in whole nodes) and for how long. */
const KEPT_EVENTS = 500;
const KEPT_SECONDS = 300;
/** Events read per XREAD: what an open stream holds at most before its client has taken them. */
export const READ_BATCH = 100;

const LIVE_PREFIX = 'live:';

const streamsKey = (prefix: string, accountId: string) => `${prefix}:live:streams:${accountId}`;
const eventsKey = (prefix: string, accountId: string) => `${prefix}:live:events:${accountId}`;

/** The pseudo endpoint id of an account's live stream (never a UUID, so never a stored endpoint's). */
export const liveEndpointId = (accountId: string) => `${LIVE_PREFIX}${accountId}`;

/** The account of a live pseudo endpoint id; undefined for a stored endpoint's id. */
export function liveEndpointAccount(endpointId: string): string | undefined {
  return endpointId.startsWith(LIVE_PREFIX) ? endpointId.slice(LIVE_PREFIX.length) : undefined;
}

/** One event as the stream carries it: the `data` line is the JSON of these four fields. */
export interface LiveEventData {
  /** The Standard Webhooks `webhook-id` a webhook endpoint gets for this event. */
  id: string;
  type: string;
  timestamp: string;
  /** The exact JSON text a webhook endpoint receives as its body. */
  body: string;
}

export interface LiveEvent {
  /** The Redis Stream entry id: the SSE `id`, what `Last-Event-ID` names. */
  cursor: string;
  type: string;
  data: string;
}

/** True while the account has an open stream; false when Redis does not answer (the event then goes to its endpoints only). */
export async function isListening(redis: Redis, prefix: string, accountId: string): Promise<boolean> {
  try {
    return (await redis.exists(streamsKey(prefix, accountId))) === 1;
  } catch {
    return false;
  }
}

/** Appends an event to the account's stream, kept KEPT_SECONDS after the last one. */
export async function publishLiveEvent(
  redis: Redis,
  prefix: string,
  accountId: string,
  event: LiveEventData,
): Promise<void> {
  const key = eventsKey(prefix, accountId);
  await redis
    .multi()
    .xadd(key, 'MAXLEN', '~', KEPT_EVENTS, '*', 'type', event.type, 'data', JSON.stringify(event))
    .expire(key, KEPT_SECONDS)
    .exec();
}

// Redis's own clock for the expiries and the starting cursor, so API processes' clocks never matter.
const OPEN_STREAM = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZSCORE', KEYS[1], ARGV[3]) == false and redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[1]) then
  return {0, now}
end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return {1, now}`;

/**
 * Counts a new stream of the account unless it already has `max` open: `since` is the cursor it
 * starts after (the events appended from now on).
 */
export async function openLiveStream(
  redis: Redis,
  prefix: string,
  accountId: string,
  streamId: string,
  max: number,
): Promise<{ opened: true; since: string } | { opened: false }> {
  const [opened, now] = (await redis.eval(
    OPEN_STREAM,
    1,
    streamsKey(prefix, accountId),
    max,
    STREAM_TTL_MS,
    streamId,
  )) as [number, number];
  return opened === 1 ? { opened: true, since: `${now - 1}-0` } : { opened: false };
}

/** Keeps an open stream counted (and its account listening) for another STREAM_TTL_MS; one already counted is never refused. */
export async function refreshLiveStream(
  redis: Redis,
  prefix: string,
  accountId: string,
  streamId: string,
): Promise<void> {
  await redis.eval(OPEN_STREAM, 1, streamsKey(prefix, accountId), 1_000_000, STREAM_TTL_MS, streamId);
}

export async function closeLiveStream(
  redis: Redis,
  prefix: string,
  accountId: string,
  streamId: string,
): Promise<void> {
  await redis.zrem(streamsKey(prefix, accountId), streamId);
}

/** A cursor this stream gave (`<ms>-<seq>`); anything else is not one. */
export const isLiveCursor = (value: string) => /^\d{1,15}-\d{1,15}$/.test(value);

/**
 * The account's events after `after`, at most READ_BATCH, waiting up to `blockMs` for one. Blocks
 * its connection: `reader` must be a connection of the stream's own.
 */
export async function readLiveEvents(
  reader: Redis,
  prefix: string,
  accountId: string,
  after: string,
  blockMs: number,
): Promise<LiveEvent[]> {
  const answer = await reader.xread(
    'COUNT',
    READ_BATCH,
    'BLOCK',
    blockMs,
    'STREAMS',
    eventsKey(prefix, accountId),
    after,
  );
  const entries = answer?.[0]?.[1] ?? [];
  return entries.map(([cursor, fields]) => {
    const value = (name: string) => fields[fields.indexOf(name) + 1] ?? '';
    return { cursor, type: value('type'), data: value('data') };
  });
}

/**
 * Deletes the account's kept events whose content names `needle` (lower-case; an erased address,
 * docs/privacy.md): the stream keeps at most KEPT_EVENTS, so one read covers it. Returns how many.
 */
export async function dropLiveEventsNaming(
  redis: Redis,
  prefix: string,
  accountId: string,
  needle: string,
): Promise<number> {
  const key = eventsKey(prefix, accountId);
  const entries = await redis.xrange(key, '-', '+');
  const naming = entries
    .filter(([, fields]) => fields.some((field) => field.toLowerCase().includes(needle)))
    .map(([cursor]) => cursor);
  return naming.length > 0 ? redis.xdel(key, ...naming) : 0;
}
