// SES's maximum sending rate, as the local SES path enforces it: per sending AWS account (told apart
// by the access key id that signed the request), no more than `rate` SendEmail calls are accepted
// in any sliding 1000 ms window; the others are refused as SES refuses them (sesErrors.ts).
import type http from 'node:http';

const WINDOW_MS = 1000;
/** Accept times kept per key for tests and benchmarks: enough for minutes at a realistic rate. */
const KEPT_TIMES = 10_000;
/** Requests with no SigV4 credential (never the SDK's) share this key. */
export const UNSIGNED_KEY = '(unsigned)';

export interface KeyPace {
  accepted: number;
  throttled: number;
}

export interface PaceReport {
  /** Messages per second per key; null when nothing is refused. */
  sendRate: number | null;
  keys: Record<string, KeyPace>;
}

export interface SendRateLimiter {
  /** Whether this send may go on (and it is counted as accepted), or is refused (counted as throttled). */
  admit(accessKeyId: string): boolean;
  report(): PaceReport;
  /** When sends under this key were accepted (epoch ms, oldest first; at least the last 10,000). */
  acceptedAt(accessKeyId: string): number[];
}

/** The access key id of a SigV4 `Authorization` header (`... Credential=AKID/date/region/ses/aws4_request, ...`). */
export function accessKeyIdOf(req: http.IncomingMessage): string {
  return /Credential=([^/,\s]+)\//.exec(req.headers.authorization ?? '')?.[1] ?? UNSIGNED_KEY;
}

/** Monotonic, in epoch milliseconds: a clock step must not open or close the window. */
const now = () => performance.timeOrigin + performance.now();

/** `rate` undefined: every send is accepted (and still counted). */
export function createSendRateLimiter(rate: number | undefined): SendRateLimiter {
  if (rate !== undefined && !(Number.isInteger(rate) && rate >= 1))
    throw new Error(`a send rate is a whole number of messages per second, at least 1 (got ${rate})`);
  const keys = new Map<string, KeyPace & { times: number[] }>();
  const paceOf = (key: string) => {
    let pace = keys.get(key);
    if (!pace) keys.set(key, (pace = { accepted: 0, throttled: 0, times: [] }));
    return pace;
  };
  return {
    admit(accessKeyId) {
      const pace = paceOf(accessKeyId);
      const at = now();
      const times = pace.times;
      // The times are in order: the rate-th accept back is the oldest one still in the window.
      if (rate !== undefined && times.length >= rate && at - times[times.length - rate]! < WINDOW_MS) {
        pace.throttled += 1;
        return false;
      }
      pace.accepted += 1;
      times.push(at);
      // Trimmed in halves, not at every accept: the window needs only the last `rate` of them.
      const keep = Math.max(KEPT_TIMES, rate ?? 0);
      if (times.length >= 2 * keep) times.splice(0, times.length - keep);
      return true;
    },
    report: () => ({
      sendRate: rate ?? null,
      keys: Object.fromEntries([...keys].map(([key, { accepted, throttled }]) => [key, { accepted, throttled }])),
    }),
    acceptedAt: (accessKeyId) => [...(keys.get(accessKeyId)?.times ?? [])],
  };
}
