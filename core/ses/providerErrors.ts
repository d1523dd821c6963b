// What an SES or STS error means for a message: try again, give up on this message, or give up
// on the sending account (and, for BYOC, mark its configuration unusable).
import type { AwsError } from '../platform/awsErrors';
import { redactProviderText, type RedactableContent } from '../platform/redaction';

export type ProviderErrorKind =
  /** Throttling, 5xx, network trouble, stale credentials: the same call may work later. */
  | 'retry'
  /** This message will never be accepted as it is (rejected, sender not verified, bad request). */
  | 'message'
  /** The account or role refuses to send at all (paused, suspended, access denied). */
  | 'account';

export interface ClassifiedProviderError {
  kind: ProviderErrorKind;
  /** Stable error name from the provider, e.g. `MessageRejected`. */
  code: string;
  /** `<code>: <provider message>` (STS: `Could not assume role: ...`), redacted: safe for the log, history and webhooks. */
  reason: string;
  /** The session credentials were refused as stale: assume the role again before retrying. */
  refreshCredentials: boolean;
}

const THROTTLING = new Set([
  'TooManyRequestsException',
  'LimitExceededException',
  'ThrottlingException',
  'Throttling',
  'ThrottledException',
  'RequestThrottled',
  'RequestLimitExceeded',
  'SlowDown',
]);
/** SES refused the call for the account's rate: the pace is lowered for a while (core/sending/sesPacing.ts). */
export function isThrottle(error: ClassifiedProviderError): boolean {
  return THROTTLING.has(error.code);
}

const SERVER_SIDE = new Set([
  'InternalFailure',
  'InternalServerError',
  'InternalServerErrorException',
  'ServiceUnavailable',
  'ServiceUnavailableException',
  'RequestTimeout',
  'RequestTimeoutException',
  'TimeoutError',
]);
const STALE_CREDENTIALS = new Set([
  'ExpiredToken',
  'ExpiredTokenException',
  'InvalidClientTokenId',
  'UnrecognizedClientException',
  'SignatureDoesNotMatch',
  'RequestExpired',
]);
const SES_ACCOUNT_REFUSALS = new Set([
  'AccountSuspendedException',
  'SendingPausedException',
  'AccessDenied',
  'AccessDeniedException',
]);
const STS_ACCOUNT_REFUSALS = new Set([
  'AccessDenied',
  'AccessDeniedException',
  'RegionDisabledException',
  'MalformedPolicyDocument',
  'PackedPolicyTooLarge',
  'ValidationError',
]);

function shape(err: unknown): { name: string; message: string; status: number | undefined } {
  const e = (err ?? {}) as AwsError;
  return { name: e.name ?? e.code ?? 'Error', message: e.message ?? String(err), status: e.$metadata?.httpStatusCode };
}

function classified(
  kind: ProviderErrorKind,
  code: string,
  message: string,
  content: RedactableContent,
  refreshCredentials = false,
  prefix = '',
): ClassifiedProviderError {
  return { kind, code, reason: redactProviderText(`${prefix}${code}: ${message}`, content), refreshCredentials };
}

function isTransient(name: string, status: number | undefined): boolean {
  // No HTTP status at all means the request never got an answer (connection refused, reset, timeout).
  return THROTTLING.has(name) || SERVER_SIDE.has(name) || status === undefined || status === 429 || status >= 500;
}

/** An error from SES SendEmail. `content` is what must not leak into the reason. */
export function classifySesError(err: unknown, content: RedactableContent = {}): ClassifiedProviderError {
  const { name, message, status } = shape(err);
  if (STALE_CREDENTIALS.has(name)) return classified('retry', name, message, content, true);
  if (SES_ACCOUNT_REFUSALS.has(name)) return classified('account', name, message, content);
  // A 403 whose body the SDK could not read (some peers answer IAM refusals in XML).
  if (status === 403) return classified('account', 'AccessDenied', 'SES refused these credentials (HTTP 403)', content);
  if (isTransient(name, status)) return classified('retry', name, message, content);
  return classified('message', name, message, content);
}

/** An error from STS AssumeRole on the customer's role. */
export function classifyStsError(err: unknown): ClassifiedProviderError {
  const { name, message, status } = shape(err);
  // The relay's own keys were refused: our problem, not the customer's role.
  if (STALE_CREDENTIALS.has(name)) return classified('retry', name, message, {});
  const refused = STS_ACCOUNT_REFUSALS.has(name) || status === 403;
  if (!refused && isTransient(name, status)) return classified('retry', name, message, {});
  // The documented wording first ("Could not assume role", docs/byoc.md): the trust policy or
  // ExternalId does not let us in.
  return classified('account', name, message, {}, false, 'Could not assume role: ');
}
