// postage listen: the account's live events (GET /api/events/stream, server-sent events; the
// connection goes out from this machine, nothing comes in) POSTed to a local URL, each signed with
// Standard Webhooks under a secret this command makes (or --secret), as an endpoint would get them.
import crypto from 'node:crypto';
import type { Command } from 'commander';
import { EventSource, type ErrorEvent, type FetchLike } from 'eventsource';
import { Webhook } from 'standardwebhooks';
import { PostageApiError, type WebhookEventType } from '@postage/sdk';
import type { CliContext } from '../context.js';
import { CliError, EXIT } from '../output.js';
import type { Run } from '../run.js';

/** Every event type of the contract: the stream names each event, and EventSource has no catch-all. */
const EVENT_TYPES = [
  'email.sent',
  'email.delivered',
  'email.failed',
  'email.bounced',
  'email.complained',
  'email.delivery_delayed',
  'email.opened',
  'email.clicked',
  'email.unsubscribed',
  'email.received',
  'privacy.erasure_completed',
  'account.reputation_warning',
  'account.sending_paused',
  'account.sending_resumed',
] as const satisfies readonly WebhookEventType[];
// Fails to compile when the contract gains an event type this list lacks.
const everyType: Exclude<WebhookEventType, (typeof EVENT_TYPES)[number]> extends never ? true : never = true;
void everyType;

const LOCAL_TIMEOUT_MS = 5000;
/** The header naming the event type, as the API's own deliveries carry it (docs/webhooks.md). */
const EVENT_HEADER = 'X-Service-Event';

/** One event of the stream (the data line): `body` is the exact text an endpoint receives. */
export interface StreamEvent {
  id: string;
  type: string;
  timestamp: string;
  body: string;
}

interface ListenFlags {
  forwardTo: string;
  events?: string;
  secret?: string;
}

export function generateSecret(): string {
  return `whsec_${crypto.randomBytes(24).toString('base64')}`;
}

function parseEvents(events: string | undefined): string[] {
  if (!events) return [...EVENT_TYPES];
  const chosen = events
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  const unknown = chosen.filter((e) => !(EVENT_TYPES as readonly string[]).includes(e));
  if (unknown.length)
    throw new CliError(`--events: unknown ${unknown.join(', ')} (known: ${EVENT_TYPES.join(', ')})`, EXIT.usage);
  return chosen;
}

/** POSTs the body signed as a Standard Webhooks delivery; resolves to the line to print. */
async function forward(url: string, signer: Webhook, event: StreamEvent): Promise<string> {
  const now = new Date();
  const started = performance.now();
  try {
    const answer = await fetch(url, {
      method: 'POST',
      body: event.body,
      headers: {
        'Content-Type': 'application/json',
        'webhook-id': event.id,
        'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
        'webhook-signature': signer.sign(event.id, now, event.body),
        [EVENT_HEADER]: event.type,
      },
      signal: AbortSignal.timeout(LOCAL_TIMEOUT_MS),
    });
    await answer.arrayBuffer().catch(() => undefined);
    return `${answer.status} (${Math.round(performance.now() - started)} ms)`;
  } catch (err) {
    const cause = (err as Error & { cause?: Error }).cause;
    const reason =
      (err as Error).name === 'TimeoutError'
        ? `no answer within ${LOCAL_TIMEOUT_MS / 1000} s`
        : (cause ?? (err as Error)).message;
    return `error: ${reason}`;
  }
}

function messageIdOf(body: string): string {
  try {
    const parsed = JSON.parse(body) as { payload?: { message_id?: unknown } };
    return typeof parsed.payload?.message_id === 'string' ? parsed.payload.message_id : '-';
  } catch {
    return '-';
  }
}

/** The key in every request; a refusal before the stream starts is kept to be reported as the API's error. */
function authenticatedFetch(apiKey: string, refusals: PostageApiError[]): FetchLike {
  return async (input, init) => {
    const response = await fetch(input, { ...init, headers: { ...init?.headers, 'X-API-Key': apiKey } });
    if (response.status !== 200) refusals.push(await refusalOf(response));
    return response;
  };
}

async function refusalOf(response: Response): Promise<PostageApiError> {
  const body: unknown = await response
    .clone()
    .json()
    .catch(() => undefined);
  const fields = (body && typeof body === 'object' ? body : {}) as {
    error?: string;
    detail?: string;
    errors?: Record<string, string[]>;
  };
  const retryAfter = Number(response.headers.get('retry-after')) || undefined;
  const detail =
    response.status === 404
      ? 'this API has no live events stream (GET /api/events/stream)'
      : fields.detail || response.statusText;
  return new PostageApiError({
    status: response.status,
    code: fields.error,
    detail,
    errors: fields.errors,
    retryAfter,
    rateLimit: undefined,
    requestId: response.headers.get('x-request-id') ?? undefined,
    headers: response.headers,
    body,
  });
}

/** The data line, or undefined when it is not the documented shape (a newer API, a proxy's page). */
function parseEvent(data: string): StreamEvent | undefined {
  try {
    const event = JSON.parse(data) as Partial<StreamEvent>;
    return typeof event.id === 'string' && typeof event.type === 'string' && typeof event.body === 'string'
      ? (event as StreamEvent)
      : undefined;
  } catch {
    return undefined;
  }
}

function streamUrl(baseUrl: string, events: string[]): string {
  const url = new URL('/api/events/stream', baseUrl);
  if (events.length < EVENT_TYPES.length) url.searchParams.set('events', events.join(','));
  return url.toString();
}

/** Forwards each event in the order received; resolves when the stream is refused or Ctrl-C ends it. */
function relay(ctx: CliContext, flags: ListenFlags, secret: string, events: string[]): Promise<void> {
  const { apiKey, baseUrl } = ctx.credentials();
  const refusals: PostageApiError[] = [];
  const source = new EventSource(streamUrl(baseUrl, events), { fetch: authenticatedFetch(apiKey, refusals) });
  const signer = new Webhook(secret);
  let queue = Promise.resolve();
  const onEvent = (message: MessageEvent<string>) => {
    const event = parseEvent(message.data);
    if (!event) {
      process.stderr.write(`Skipped an event this version cannot read: ${message.data.slice(0, 200)}\n`);
      return;
    }
    queue = queue.then(async () => {
      const outcome = await forward(flags.forwardTo, signer, event);
      const line = {
        at: new Date().toISOString(),
        type: event.type,
        message_id: messageIdOf(event.body),
        id: event.id,
        local: outcome,
      };
      process.stdout.write(
        ctx.json
          ? `${JSON.stringify(line)}\n`
          : `${line.at}  ${line.type.padEnd(22)} ${line.message_id}  -> ${outcome}\n`,
      );
    });
  };
  for (const type of events) source.addEventListener(type, onEvent);
  return new Promise((resolve, reject) => {
    const stop = () => {
      source.close();
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      void queue.then(() => resolve());
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
    source.onopen = () =>
      process.stderr.write(
        `Connected: forwarding ${flags.events ? events.join(', ') : 'every event'} to ${flags.forwardTo}\n`,
      );
    source.onerror = (err: ErrorEvent) => {
      if (source.readyState !== EventSource.CLOSED) {
        process.stderr.write(
          `Stream interrupted (${err.message ?? 'connection lost'}): reconnecting, resuming after the last event\n`,
        );
        return;
      }
      stop();
      reject(refusals.at(-1) ?? new CliError(`the stream ended: ${err.message ?? 'refused'}`, EXIT.unreachable));
    };
  });
}

async function listen(ctx: CliContext, flags: ListenFlags) {
  const events = parseEvents(flags.events);
  const secret = flags.secret ?? generateSecret();
  if (!secret.startsWith('whsec_')) throw new CliError('--secret takes a whsec_... secret', EXIT.usage);
  process.stdout.write(
    ctx.json
      ? `${JSON.stringify({ ready: true, signing_secret: secret, forward_to: flags.forwardTo, events })}\n`
      : `Ready. Signing secret: ${secret} (verify with standardwebhooks)\nPress Ctrl-C to stop.\n`,
  );
  await relay(ctx, flags, secret, events);
  process.stderr.write('Stopped.\n');
}

export function registerListenCommand(program: Command, run: Run): void {
  program
    .command('listen')
    .description('forward the account’s live events to a local URL, signed with Standard Webhooks (full_access key)')
    .requiredOption('--forward-to <url>', 'the local URL each event is POSTed to')
    .option('--events <types>', `comma-separated event types (default: all: ${EVENT_TYPES.join(',')})`)
    .option('--secret <whsec>', 'sign with this secret (default: a new one, printed at start)')
    .action(run(listen));
}
