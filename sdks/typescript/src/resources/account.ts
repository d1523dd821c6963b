import type { Caller } from '../caller.js';
import type { RequestOptions } from '../http.js';
import type {
  AccountRecord,
  ApiKey,
  DailyStats,
  DailyStatsParams,
  Reputation,
  SendingQueues,
  Usage,
} from '../types.js';

/** The key's account (GET /api/me/) and the key itself (GET /api/me/key); any key. */
export class Me {
  constructor(private readonly caller: Caller) {}

  /** The account, plan, BYOC status, verified domains and this UTC month's usage. */
  get(options?: RequestOptions): Promise<AccountRecord> {
    return this.caller.call('get', '/api/me/', {}, options);
  }

  /**
   * The key making the request (GET /api/me/key; any key): its permission (`sending` or
   * `full_access`), domain scope, networks and expiry, as `apiKeys.list()` shows it.
   */
  key(options?: RequestOptions): Promise<ApiKey> {
    return this.caller.call('get', '/api/me/key', {}, options);
  }
}

/** This month's allowance and use (GET /api/usage; full-access key). */
export class UsageResource {
  constructor(private readonly caller: Caller) {}

  /** This month's allowance and use per mode, and daily sends for the previous and the current UTC month. */
  get(options?: RequestOptions): Promise<Usage> {
    return this.caller.call('get', '/api/usage', {}, options);
  }
}

/** Messages waiting for their turn at SES, the pace and the expected wait (GET /api/sending/queue; full-access key). */
export class SendingQueueResource {
  constructor(private readonly caller: Caller) {}

  /**
   * This account's messages waiting at the shared SES account and, once BYOC is saved, at its own
   * (`byoc`, else null): by lane, the pace, the expected wait, and the last throttle within the hour.
   */
  get(options?: RequestOptions): Promise<SendingQueues> {
    return this.caller.call('get', '/api/sending/queue', {}, options);
  }
}

/** Engagement per day (GET /api/stats/daily; full-access key). */
export class Stats {
  constructor(private readonly caller: Caller) {}

  /**
   * Sent, delivered, bounced, complained, opened and clicked shared-mode messages per UTC day of
   * the last `days` days (1 to 90, default 30), oldest first; opened and clicked count distinct
   * messages with an open or click not marked as a machine's.
   */
  daily(params: DailyStatsParams = {}, options?: RequestOptions): Promise<DailyStats> {
    return this.caller.call('get', '/api/stats/daily', { query: params }, options);
  }
}

/** Bounce and complaint rates against the warning and pause levels (GET /api/reputation; full-access key). */
export class ReputationResource {
  constructor(private readonly caller: Caller) {}

  /**
   * The account's hard-bounce and complaint rates over the rolling window, by sending domain and by
   * day, beside the levels at which Postage warns and pauses and at which SES reviews and pauses;
   * and whether sending is paused, and why.
   */
  get(options?: RequestOptions): Promise<Reputation> {
    return this.caller.call('get', '/api/reputation', {}, options);
  }
}
