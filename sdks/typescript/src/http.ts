// One request to the API, with a timeout that aborts it, and bounded retries of what is safe to
// retry. What is retried, and when:
//
//   - `retry: 'safe'`: reads (GET) and sends (which always carry an idempotency key, so the API
//     replays the first answer instead of sending twice). Retried after a connection error, a
//     dropped connection or a timeout; a 409 `idempotency_key_in_progress`; a rate-limit 429 (no
//     `error` code); a 500, 502, 503 (except `byoc_not_configured`) or 504.
//   - `retry: 'unsent'`: every other write (creating, changing, deleting). Retried only when the
//     connection could not be made at all (refused, name not resolved), so the API cannot have
//     seen the request; never after an answer or a connection that broke mid-way.
//
// Never retried: any other 4xx (400, 401, 403, 404, 409, 422, the quota 429
// `usage_limit_exceeded`). Backoff is exponential with jitter (0.5 s, 1 s, 2 s... at most 8 s,
// each between half and all of that); a Retry-After is honoured as given, up to 60 s; a longer one
// is not waited for (the error is thrown at once with its `retryAfter`).
import {
  PostageApiError,
  PostageConnectionError,
  PostageError,
  PostageTimeoutError,
  type RateLimitInfo,
} from './errors.js';
import { isNode } from './platform.js';
import { VERSION } from './version.js';

/** Per-call options, accepted by every method as its last argument. */
export interface RequestOptions {
  /** Overrides the client's timeout for this call (each attempt), in milliseconds. */
  timeoutMs?: number;
  /** Overrides the client's number of retries for this call (0: no retry). */
  maxRetries?: number;
  /** Aborts the call (and its retries); the promise then rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Extra request headers. */
  headers?: Record<string, string>;
}

export interface HttpSettings {
  apiKey: string;
  baseUrl: string;
  timeoutMs: number;
  maxRetries: number;
  fetch: typeof fetch;
}

export type RetryMode = 'safe' | 'unsent';

/**
 * What a success answer holds: `json` (every operation but these), `bytes` (a received message's
 * raw bytes, `message/rfc822`), `none` (a 204 without a body), or `stream` (server-sent events:
 * the answer is given as soon as its headers came, its body unread, see `StreamedAnswer`).
 */
export type AnswerKind = 'json' | 'bytes' | 'none' | 'stream';

/** A success answer whose body is read as it comes; `abort` closes the connection, `signal` says it was closed. */
export interface StreamedAnswer {
  response: Response;
  abort: () => void;
  signal: AbortSignal;
}

export interface HttpRequest {
  method: string;
  /** The path with its parameters filled in (see `fillPath`). */
  path: string;
  query?: Record<string, unknown> | undefined;
  body?: unknown;
  headers?: Record<string, string>;
  retry: RetryMode;
  /** Default: `json`. */
  answer?: AnswerKind;
}

const BASE_DELAY_MS = 500;
const MAX_BACKOFF_MS = 8_000;
const MAX_RETRY_AFTER_MS = 60_000;
const MAX_TIMER_MS = 2_147_483_647;

/** Network errors that mean no connection was made: the request cannot have reached the API. */
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

class ConnectionFailure extends PostageConnectionError {
  constructor(
    message: string,
    cause: unknown,
    readonly neverSent: boolean,
  ) {
    super(message, { cause });
    this.name = 'PostageConnectionError';
  }
}

/** `/api/emails/{message_id}` with `{message_id: 'x'}` gives `/api/emails/x` (each value URL-encoded). */
export function fillPath(template: string, params: Record<string, string> | undefined): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === '') throw new TypeError(`Postage: the path parameter ${name} is required`);
    return encodeURIComponent(value);
  });
}

function queryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    search.append(name, value instanceof Date ? value.toISOString() : String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

function codeOf(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** Whether a fetch failure happened before any connection was made (looked for along the `cause` chain). */
function neverSent(err: unknown): boolean {
  let current: unknown = err;
  for (let depth = 0; depth < 5 && current; depth++) {
    const code = codeOf(current);
    if (code) return NOT_SENT_CODES.has(code);
    const errors = (current as { errors?: unknown }).errors;
    if (Array.isArray(errors) && errors.length > 0) return errors.every((e) => NOT_SENT_CODES.has(codeOf(e) ?? ''));
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

function describe(err: unknown): string {
  const parts: string[] = [];
  let current: unknown = err;
  for (let depth = 0; depth < 4 && current; depth++) {
    if (current instanceof Error && current.message) parts.push(current.message);
    current = (current as { cause?: unknown }).cause;
  }
  return parts.join(': ') || String(err);
}

/** Retry-After in seconds: a number of seconds, or an HTTP date. */
export function parseRetryAfter(value: string | null): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

function rateLimitOf(headers: Headers): RateLimitInfo | undefined {
  const [limit, remaining, reset] = ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'].map((name) => {
    const value = headers.get(name);
    return value === null || value.trim() === '' ? Number.NaN : Number(value);
  }) as [number, number, number];
  if ([limit, remaining, reset].some((n) => !Number.isFinite(n))) return undefined;
  return { limit, remaining, reset: new Date(reset * 1000) };
}

function parseJson(text: string): { json: unknown } | undefined {
  if (text.trim() === '') return undefined;
  try {
    return { json: JSON.parse(text) as unknown };
  } catch {
    return undefined;
  }
}

export function apiErrorFrom(response: Response, text: string): PostageApiError {
  const parsed = parseJson(text);
  const body = (parsed?.json ?? (text === '' ? undefined : text)) as unknown;
  const fields = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const code = typeof fields.error === 'string' && fields.error !== '' ? fields.error : undefined;
  const detail =
    typeof fields.detail === 'string' && fields.detail !== ''
      ? fields.detail
      : `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
  const errors =
    fields.errors && typeof fields.errors === 'object' && !Array.isArray(fields.errors)
      ? (fields.errors as Record<string, string[]>)
      : undefined;
  return new PostageApiError({
    status: response.status,
    code,
    detail,
    errors,
    retryAfter: parseRetryAfter(response.headers.get('retry-after')),
    rateLimit: rateLimitOf(response.headers),
    requestId: response.headers.get('x-request-id') ?? undefined,
    headers: response.headers,
    body,
  });
}

/** Whether an answer is worth the same request again (for requests that are safe to repeat). */
function retryableAnswer(err: PostageApiError): boolean {
  if (err.status === 409) return err.code === 'idempotency_key_in_progress';
  if (err.status === 429) return err.code === undefined;
  if (err.status === 503) return err.code !== 'byoc_not_configured';
  return err.status === 500 || err.status === 502 || err.status === 504;
}

/** How long to wait before retry number `attempt + 1`, or undefined when the API asks for longer than we wait. */
export function retryDelayMs(attempt: number, retryAfterSeconds: number | undefined): number | undefined {
  if (retryAfterSeconds !== undefined) {
    const wanted = retryAfterSeconds * 1000;
    if (wanted > MAX_RETRY_AFTER_MS) return undefined;
    return wanted + Math.random() * 250;
  }
  const ceiling = Math.min(MAX_BACKOFF_MS, BASE_DELAY_MS * 2 ** attempt);
  return ceiling / 2 + (Math.random() * ceiling) / 2;
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortReason(signal));
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortReason(signal!));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * One attempt: the answer and its whole body, within the timeout (which covers reading the body
 * too). With `streamed`, a success answer is given once its headers came: the timeout stops there,
 * the body is left to the caller (`abort` closes it; the caller's signal still aborts it).
 */
async function attempt(
  settings: HttpSettings,
  url: string,
  init: RequestInit,
  timeoutMs: number,
  signal: AbortSignal | undefined,
  streamed = false,
): Promise<{ response: Response; body: Uint8Array; abort: () => void; signal: AbortSignal }> {
  if (signal?.aborted) throw abortReason(signal);
  const controller = new AbortController();
  let timedOut = false;
  const timer =
    timeoutMs > 0 && timeoutMs <= MAX_TIMER_MS
      ? setTimeout(() => ((timedOut = true), controller.abort()), timeoutMs)
      : undefined;
  const onAbort = () => controller.abort(abortReason(signal!));
  signal?.addEventListener('abort', onAbort, { once: true });
  const abort = () => {
    signal?.removeEventListener('abort', onAbort);
    controller.abort();
  };
  let response: Response | undefined;
  let handedOver = false;
  try {
    response = await settings.fetch(url, { ...init, signal: controller.signal });
    if (streamed && response.ok) {
      handedOver = true;
      return { response, body: new Uint8Array(), abort, signal: controller.signal };
    }
    // Bytes, not text: a received message's raw bytes are not necessarily UTF-8.
    const body = new Uint8Array(await response.arrayBuffer());
    return { response, body, abort, signal: controller.signal };
  } catch (err) {
    if (signal?.aborted) throw abortReason(signal);
    if (timedOut) throw new PostageTimeoutError(timeoutMs);
    const sentNothing = response === undefined && neverSent(err);
    throw new ConnectionFailure(
      `Postage API: ${response ? 'the connection broke while reading the answer' : 'no answer'} (${describe(err)})`,
      err,
      sentNothing,
    );
  } finally {
    if (timer !== undefined) clearTimeout(timer);
    if (!handedOver) signal?.removeEventListener('abort', onAbort);
  }
}

const ACCEPT: Record<AnswerKind, string> = {
  json: 'application/json',
  bytes: 'message/rfc822, application/octet-stream;q=0.9, application/json;q=0.5',
  none: 'application/json',
  stream: 'text/event-stream',
};

/**
 * Sends a request, retrying as the header comment says; resolves with the parsed JSON of the
 * success answer (with `answer: 'bytes'`, its body as bytes; with `answer: 'none'`, undefined;
 * with `answer: 'stream'`, a `StreamedAnswer`).
 */
export async function request<T>(settings: HttpSettings, req: HttpRequest, options: RequestOptions = {}): Promise<T> {
  const url = `${settings.baseUrl}${req.path}${queryString(req.query)}`;
  const kind = req.answer ?? 'json';
  const headers: Record<string, string> = { Accept: ACCEPT[kind], 'X-API-Key': settings.apiKey };
  if (isNode()) headers['User-Agent'] = `postage-typescript/${VERSION}`;
  if (req.body !== undefined) headers['Content-Type'] = 'application/json';
  Object.assign(headers, req.headers, options.headers);
  const init: RequestInit = { method: req.method.toUpperCase(), headers };
  if (req.body !== undefined) init.body = JSON.stringify(req.body);

  const maxRetries = Math.max(0, Math.floor(options.maxRetries ?? settings.maxRetries));
  const timeoutMs = options.timeoutMs ?? settings.timeoutMs;
  for (let attemptNumber = 0; ; attemptNumber++) {
    const canRetry = attemptNumber < maxRetries;
    let answer: Awaited<ReturnType<typeof attempt>>;
    try {
      answer = await attempt(settings, url, init, timeoutMs, options.signal, kind === 'stream');
    } catch (err) {
      const retryable =
        err instanceof PostageConnectionError &&
        (req.retry === 'safe' || (err instanceof ConnectionFailure && err.neverSent));
      if (!canRetry || !retryable) throw err;
      await sleep(retryDelayMs(attemptNumber, undefined)!, options.signal);
      continue;
    }
    const { response, body, abort, signal } = answer;
    if (response.ok && kind === 'stream') return { response, abort, signal } satisfies StreamedAnswer as T;
    if (response.ok && kind === 'bytes') return body as T;
    if (response.ok && kind === 'none') return undefined as T;
    const text = new TextDecoder().decode(body);
    if (response.ok) {
      const parsed = parseJson(text);
      if (!parsed)
        throw new PostageError(
          `Postage API: ${req.method.toUpperCase()} ${req.path} answered ${response.status} without a JSON body`,
        );
      return parsed.json as T;
    }
    const error = apiErrorFrom(response, text);
    if (!canRetry || req.retry !== 'safe' || !retryableAnswer(error)) throw error;
    const delay = retryDelayMs(attemptNumber, error.retryAfter);
    if (delay === undefined) throw error;
    await sleep(delay, options.signal);
  }
}
