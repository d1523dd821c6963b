// Which opens and clicks look like a machine (docs/sending.md, "Tracking opens and clicks"): they
// are recorded and announced with `machine: true`, never hidden, so the customer decides what to
// count. Security scanners follow every link as the message arrives, privacy proxies (Apple Mail
// Privacy Protection) fetch every image at delivery, link previews announce themselves.
import { isbot } from 'isbot';

export interface TrackingRequest {
  method: string;
  /** Request headers, names lower-cased (as Node gives them). */
  headers: Record<string, string | string[] | undefined>;
  /** When it arrived, seconds since the epoch. */
  now: number;
}

/** Headers browsers and proxies send on a prefetch or preview rather than a person's visit. */
const PURPOSE_HEADERS = ['sec-purpose', 'purpose', 'x-moz', 'x-purpose'];
const MACHINE_PURPOSE = /prefetch|preview/i;

const headerText = (value: string | string[] | undefined): string =>
  Array.isArray(value) ? value.join(', ') : (value ?? '');

/** Why the request looks like a machine, or null when it looks like a person. */
export function machineReason(
  request: TrackingRequest,
  token: { issuedAt: number },
  windowSeconds: number,
): 'head' | 'prefetch' | 'user_agent' | 'too_soon' | null {
  if (request.method.toUpperCase() === 'HEAD') return 'head';
  if (PURPOSE_HEADERS.some((name) => MACHINE_PURPOSE.test(headerText(request.headers[name])))) return 'prefetch';
  const userAgent = headerText(request.headers['user-agent']);
  // No User-Agent at all is a script, not a mail client.
  if (userAgent === '' || isbot(userAgent)) return 'user_agent';
  if (request.now - token.issuedAt < windowSeconds) return 'too_soon';
  return null;
}
