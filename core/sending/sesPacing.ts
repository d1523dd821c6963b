// docs/sending.md, "Pace and fair shares": every SES call waits for its turn here, so that each
// sending account (the shared account; each BYOC account on its own) is called at most at its send
// rate across every worker, each Postage account gets an equal share of that rate, and a one-off
// send goes ahead of batches and scheduled releases. The state lives in Redis and one Lua script
// decides each turn atomically, on Redis's clock (docs/decisions.md, "Pacing SES in Redis").
//
// Fair shares are start-time fair queuing: a message's tag is the later of its lane's virtual
// time and its account's last tag; the lowest tag of the highest lane goes next. A message that
// is not next is told when to ask again (about its place in the queue times the interval), so a
// backlog waits on durable workflow timers, not in worker slots or in Temporal's retries.
import type Redis from 'ioredis';
import type { Config } from '../platform/config';

import type { SendLane } from '../model/sendingModes';

export type { SendLane };

/** The SES account a call goes to: `shared`, or `byoc:<account id>`. */
export type SendingAccount = 'shared' | `byoc:${string}`;

export function sendingAccountOf(mode: 'shared' | 'byoc', accountId: string): SendingAccount {
  return mode === 'shared' ? 'shared' : `byoc:${accountId}`;
}

/**
 * `go`: the message's slot is `inMs` from now (at most the horizon): it prepares its call and makes
 * it then, so calls leave spaced as the slots are, however long each took to prepare.
 */
export type Turn = { go: true; inMs: number } | { go: false; waitMs: number };

/** One Postage account's queue at one sending account (GET /api/sending/queue). */
export interface SendingQueue {
  /** This account's messages waiting for their turn, by lane. */
  waiting: Record<SendLane, number>;
  /** The sending account's pace now, in messages a second (lower for a while after a throttle). */
  pacePerSecond: number;
  /** SES's send rate as last read (capped by the operator for the shared account). */
  sendRatePerSecond: number;
  /** Accounts with messages waiting, this one included. */
  accountsWaiting: number;
  /** About how long this account's last waiting message has to wait, in seconds (0: none waiting). */
  expectedWaitSeconds: number;
  /** When SES last refused a call for the rate (ISO 8601), if within the last hour. */
  lastThrottledAt: string | null;
}

export interface PaceSettings {
  /** Redis key prefix of the deployment (REDIS_KEY_PREFIX). */
  keyPrefix: string;
  /** The rate used until SES's own has been read (messages a second). */
  fallbackRate: number;
  /**
   * A share of the rate kept spare: calls spaced exactly 1/rate apart can meet within one of SES's
   * seconds after network jitter, and SES counts them where they arrive.
   */
  headroom: number;
  /** How long a message told to come back may stay away before it is given up (tests shorten it). */
  abandonedMs?: number;
}

const LANES: Record<SendLane, number> = { single: 0, bulk: 1 };
/** Ahead of a message, how many others are looked at to see whether one is due now. */
const LOOK_AHEAD = 32;
/**
 * Told to come back and not seen for this long: given up (its workflow asks again as new). A
 * message sent without a turn while Redis was away, or whose workflow ended, never comes back, and
 * until given up it counts as ahead of every later message.
 */
const ABANDONED_MS = 60_000;
/**
 * A slot this close is taken at once: the message reads and composes its email meanwhile, so its
 * call leaves on time; a later one-off send waits behind at most this much of taken slots.
 */
const HORIZON_MS = 250;
/**
 * After a throttle the pace drops by a fifth and climbs back by the whole rate over this long (a
 * fifth in 20 s): one throttle (jitter put one call too many into one of SES's seconds) costs about
 * two seconds of sending, and repeated ones (another sender on the AWS account, a rate AWS lowered)
 * bring it down geometrically.
 */
const RECOVERY_MS = 100_000;
const THROTTLE_FACTOR = 0.8;
/**
 * Throttles within this long of the one that lowered the pace do not lower it again: they are the
 * calls already on their way at the old pace (slots given up to the horizon ahead, calls in flight)
 * meeting the same crowded second of SES's, not news that the rate fell further.
 */
const THROTTLE_HOLD_MS = 1_000;
/** How long after a throttle the queue reports it. */
const THROTTLE_SHOWN_MS = 60 * 60_000;

const TAKE = `
local tatKey, q0, q1, meta, last, count, vt, rateKey = KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5], KEYS[6], KEYS[7], KEYS[8]
local id, account, lane = ARGV[1], ARGV[2], tonumber(ARGV[3])
local fallback, headroom, lookAhead = tonumber(ARGV[4]), tonumber(ARGV[5]), tonumber(ARGV[6])
local abandoned, recovery, horizon = tonumber(ARGV[7]), tonumber(ARGV[8]), tonumber(ARGV[9])
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)

local r = redis.call('HMGET', rateKey, 'base', 'factor', 'throttledAt', 'readAt')
local rate = tonumber(r[1]) or fallback
if r[2] and r[3] then
  local f = tonumber(r[2]) + (now - tonumber(r[3])) / recovery
  if f < 1 then rate = rate * f end
end
local interval = 1000 / (rate * headroom)
local lateMs = math.max(150, 1.5 * interval)

local function forget(member, flow)
  redis.call('ZREM', q0, member)
  redis.call('ZREM', q1, member)
  redis.call('HDEL', meta, member)
  if redis.call('HINCRBY', count, flow, -1) <= 0 then
    redis.call('HDEL', count, flow)
    redis.call('HDEL', last, flow)
  end
end

local flow = lane .. '|' .. account
local mine = redis.call('HGET', meta, id)
if not mine then
  local start = math.max(tonumber(redis.call('HGET', vt, lane)) or 0, tonumber(redis.call('HGET', last, flow)) or 0)
  redis.call('HSET', last, flow, start + 1)
  redis.call('ZADD', lane == 0 and q0 or q1, start, id)
  redis.call('HINCRBY', count, flow, 1)
end

-- Who is ahead: every single, then the bulk messages with lower tags.
local rank = redis.call('ZRANK', lane == 0 and q0 or q1, id)
local aheadCount = rank
if lane == 1 then aheadCount = aheadCount + redis.call('ZCARD', q0) end
local blocked = false
if aheadCount > 0 then
  -- The first lookAhead ahead, whoever asks: those that never came back are given up here even
  -- when the asker is too far behind to go, or they would hold up everyone behind them.
  local before = {}
  if lane == 1 then before = redis.call('ZRANGE', q0, 0, lookAhead - 1) end
  if rank > 0 and #before < lookAhead then
    for _, m in ipairs(redis.call('ZRANGE', lane == 0 and q0 or q1, 0, math.min(rank, lookAhead - #before) - 1)) do table.insert(before, m) end
  end
  for _, m in ipairs(before) do
    local info = redis.call('HGET', meta, m)
    if info then
      local l, a, expect = string.match(info, '^(%d)|(.*)|(-?%d+)$')
      expect = tonumber(expect)
      if expect < now - abandoned then
        forget(m, l .. '|' .. a)
        aheadCount = aheadCount - 1
      elseif expect <= now + 5 and expect >= now - lateMs then
        blocked = true
      end
    end
  end
end
if aheadCount > lookAhead then blocked = true end

local tat = tonumber(redis.call('GET', tatKey)) or 0
if not blocked and tat - now <= horizon then
  local slot = math.max(tat, now)
  redis.call('SET', tatKey, tostring(slot + interval), 'PX', 3600000)
  local tag = redis.call('ZSCORE', lane == 0 and q0 or q1, id)
  if tonumber(tag) > (tonumber(redis.call('HGET', vt, lane)) or 0) then redis.call('HSET', vt, lane, tag) end
  forget(id, flow)
  return {1, math.floor(slot - now), r[4] or -1}
end
local wait = math.max(tat - now, 0) + aheadCount * interval - horizon
wait = math.max(math.floor(wait), 20)
redis.call('HSET', meta, id, lane .. '|' .. account .. '|' .. (now + wait))
return {0, wait, r[4] or -1}
`;

const THROTTLED = `
local rateKey = KEYS[1]
local recovery, factor, hold = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local r = redis.call('HMGET', rateKey, 'factor', 'throttledAt')
if r[2] and now - tonumber(r[2]) < hold then return now end
local f = 1
if r[1] and r[2] then f = math.min(1, tonumber(r[1]) + (now - tonumber(r[2])) / recovery) end
redis.call('HSET', rateKey, 'factor', tostring(math.max(0.1, f * factor)), 'throttledAt', now)
return now
`;

export interface SesPacer {
  /** Waits for nothing: says whether the message may call SES now, or how long until it asks again. */
  take(
    sendingAccount: SendingAccount,
    request: { messageId: string; accountId: string; lane: SendLane },
  ): Promise<Turn & { rateReadAt: number | null }>;
  /** SES refused a call for the rate: the pace drops by a fifth (once a second at most) and recovers over 20 s. */
  throttled(sendingAccount: SendingAccount): Promise<void>;
  /** SES's send rate as just read (GetAccount's MaxSendRate), kept for every worker. */
  setRate(sendingAccount: SendingAccount, perSecond: number): Promise<void>;
  /** Takes the right to read SES's rate for a while, so one worker reads it for all. */
  claimRateRead(sendingAccount: SendingAccount, forMs: number): Promise<boolean>;
  queue(sendingAccount: SendingAccount, accountId: string): Promise<SendingQueue>;
  /** Messages waiting at a sending account, by lane (Prometheus). */
  waiting(sendingAccount: SendingAccount): Promise<Record<SendLane, number>>;
}

/** The connection with the pacer's scripts as commands: sent by SHA (EVALSHA), the text only when Redis lacks it. */
type PacerRedis = Redis & {
  postageSesTake(...keysAndArgs: (string | number)[]): Promise<[number, number, string | number]>;
  postageSesThrottled(...keysAndArgs: (string | number)[]): Promise<unknown>;
};

// A plain EVAL would send TAKE's 3 KB of text with every turn of every message; ioredis's defined
// commands send its SHA and load the text again by themselves after a Redis restart (NOSCRIPT).
function withPacerScripts(redis: Redis): PacerRedis {
  if (!('postageSesTake' in redis)) {
    redis.defineCommand('postageSesTake', { numberOfKeys: 8, lua: TAKE });
    redis.defineCommand('postageSesThrottled', { numberOfKeys: 1, lua: THROTTLED });
  }
  return redis as PacerRedis;
}

export function createSesPacer(connection: Redis, settings: PaceSettings): SesPacer {
  const redis = withPacerScripts(connection);
  const keys = (s: SendingAccount) => {
    const p = `${settings.keyPrefix}:ses-pace:{${s}}`;
    return {
      tat: `${p}:tat`,
      q0: `${p}:q:single`,
      q1: `${p}:q:bulk`,
      meta: `${p}:meta`,
      last: `${p}:last`,
      count: `${p}:count`,
      vt: `${p}:vt`,
      rate: `${p}:rate`,
      rateLock: `${p}:rate-lock`,
    };
  };

  const effectiveRate = (rate: Record<string, string>, now: number) => {
    const base = Number(rate.base ?? settings.fallbackRate);
    if (rate.factor === undefined || rate.throttledAt === undefined) return base;
    return base * Math.min(1, Number(rate.factor) + (now - Number(rate.throttledAt)) / RECOVERY_MS);
  };

  return {
    async take(sendingAccount, { messageId, accountId, lane }) {
      const k = keys(sendingAccount);
      const [granted, waitMs, readAt] = await redis.postageSesTake(
        k.tat,
        k.q0,
        k.q1,
        k.meta,
        k.last,
        k.count,
        k.vt,
        k.rate,
        messageId,
        accountId,
        LANES[lane],
        settings.fallbackRate,
        settings.headroom,
        LOOK_AHEAD,
        settings.abandonedMs ?? ABANDONED_MS,
        RECOVERY_MS,
        HORIZON_MS,
      );
      const rateReadAt = Number(readAt) >= 0 ? Number(readAt) : null;
      return granted === 1 ? { go: true, inMs: waitMs, rateReadAt } : { go: false, waitMs, rateReadAt };
    },

    async throttled(sendingAccount) {
      const k = keys(sendingAccount);
      await redis.postageSesThrottled(k.rate, RECOVERY_MS, THROTTLE_FACTOR, THROTTLE_HOLD_MS);
    },

    async setRate(sendingAccount, perSecond) {
      await redis.hset(keys(sendingAccount).rate, 'base', String(perSecond), 'readAt', String(Date.now()));
    },

    async claimRateRead(sendingAccount, forMs) {
      return (await redis.set(keys(sendingAccount).rateLock, '1', 'PX', forMs, 'NX')) === 'OK';
    },

    async queue(sendingAccount, accountId) {
      const k = keys(sendingAccount);
      const [counts, rate, q0, tat] = await Promise.all([
        redis.hgetall(k.count),
        redis.hgetall(k.rate),
        redis.zcard(k.q0),
        redis.get(k.tat),
      ]);
      const now = Date.now();
      const pace = effectiveRate(rate, now);
      const mine = (lane: SendLane) => Number(counts[`${LANES[lane]}|${accountId}`] ?? 0);
      const accounts = new Set(Object.keys(counts).map((flow) => flow.slice(flow.indexOf('|') + 1)));
      const waiting = { single: mine('single'), bulk: mine('bulk') };
      // Its last bulk message goes after every single and, turn by turn, beside each other
      // account's bulk messages (at most as many of theirs as it has of its own).
      let ahead = q0;
      if (waiting.bulk > 0) {
        for (const [flow, n] of Object.entries(counts))
          if (flow.startsWith(`${LANES.bulk}|`)) ahead += Math.min(Number(n), waiting.bulk);
      } else ahead = waiting.single > 0 ? q0 : 0;
      const untilTurn = Math.max(0, Number(tat ?? 0) - now);
      const total = waiting.single + waiting.bulk;
      const throttledAt = rate.throttledAt === undefined ? null : Number(rate.throttledAt);
      return {
        waiting,
        pacePerSecond: round(pace * settings.headroom),
        sendRatePerSecond: round(Number(rate.base ?? settings.fallbackRate)),
        accountsWaiting: accounts.size,
        expectedWaitSeconds: total === 0 ? 0 : round((untilTurn + (ahead * 1000) / (pace * settings.headroom)) / 1000),
        lastThrottledAt:
          throttledAt !== null && now - throttledAt < THROTTLE_SHOWN_MS ? new Date(throttledAt).toISOString() : null,
      };
    },

    async waiting(sendingAccount) {
      const k = keys(sendingAccount);
      const [single, bulk] = await Promise.all([redis.zcard(k.q0), redis.zcard(k.q1)]);
      return { single, bulk };
    },
  };
}

/** The pacer of a process, on the deployment's Redis and key prefix. */
export function sesPacerFor(redis: Redis, config: Pick<Config, 'redis'>): SesPacer {
  // Until SES's own rate is read: SES's rate for a new (sandbox) account, the lowest there is.
  return createSesPacer(redis, { keyPrefix: config.redis.keyPrefix, fallbackRate: 1, headroom: 0.95 });
}

const round = (n: number) => Math.round(n * 100) / 100;

/**
 * A BYOC validation read the customer's SES account: its rate paces the account's sends from now
 * (the worker reads it again every ten minutes). Redis away: the worker's next read sets it.
 */
export async function rememberByocSendRate(
  pacer: SesPacer,
  accountId: string,
  account: { maxSendRate?: number } | undefined,
): Promise<void> {
  if (!account?.maxSendRate) return;
  await pacer.setRate(`byoc:${accountId}`, account.maxSendRate).catch(() => undefined);
}
