import type { Caller } from '../caller.js';
import { PostageConnectionError, PostageError } from '../errors.js';
import type { RequestOptions, StreamedAnswer } from '../http.js';
import { readServerSentEvents } from '../sse.js';
import { eventOf, type WebhookEvent, type WebhookEventType } from '../webhookVerify.js';

/** What `events.stream` takes. */
export interface LiveEventStreamParams {
  /** Only these event types (all by default); an unknown type is a 400 (`PostageApiError`). */
  events?: readonly WebhookEventType[];
  /** Resume after this event (a `LiveEvent.cursor`, or `LiveEventStream.lastEventId`): events are kept a few minutes. */
  lastEventId?: string;
}

/** One event of the account, as it happened. */
export interface LiveEvent {
  /** Where the stream stands after this event: give it as `lastEventId` to resume after it. */
  cursor: string;
  /** The Standard Webhooks `webhook-id` of the event (deduplicate on it, as with webhooks). */
  id: string;
  type: WebhookEventType | (string & {});
  /** When the event happened (ISO 8601). */
  timestamp: string;
  /** The exact JSON text a webhook endpoint receives for this event (sign or forward these bytes). */
  body: string;
  /** `body` parsed and typed as `verifyWebhook` gives a delivery (throws `WebhookVerificationError` `invalid_body` when it is not an event). */
  parse(): WebhookEvent;
}

/**
 * An open stream of live events: iterate it (`for await`), and close it when done (leaving the loop
 * closes it too). It never ends on its own; iterating it a second time is an error.
 */
export class LiveEventStream implements AsyncIterable<LiveEvent> {
  private cursor: string | undefined;
  private started = false;

  constructor(private readonly answer: StreamedAnswer) {}

  /** The cursor of the last event given (undefined before the first): resume after it with `lastEventId`. */
  get lastEventId(): string | undefined {
    return this.cursor;
  }

  /** The answer's `X-Request-Id`. */
  get requestId(): string | undefined {
    return this.answer.response.headers.get('x-request-id') ?? undefined;
  }

  /** Closes the connection; a loop over the stream then ends. */
  close(): void {
    this.answer.abort();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<LiveEvent> {
    if (this.started) throw new PostageError('Postage: a live event stream can be iterated only once');
    this.started = true;
    const body = this.answer.response.body;
    if (!body) return;
    try {
      for await (const message of readServerSentEvents(body)) {
        const event = liveEventOf(message.id, message.data);
        this.cursor = event.cursor;
        yield event;
      }
    } catch (err) {
      // Closed by `close()`, by leaving the loop, or by the caller's signal: the loop just ends.
      if (this.answer.signal.aborted) return;
      throw err instanceof PostageError
        ? err
        : new PostageConnectionError(`Postage API: the live event stream broke (${(err as Error).message})`, {
            cause: err,
          });
    } finally {
      this.close();
    }
  }
}

/** The event a `data` field holds; a PostageError when it is not the documented shape (a proxy's page, a broken answer). */
function liveEventOf(cursor: string, data: string): LiveEvent {
  let fields: Partial<Record<'id' | 'type' | 'timestamp' | 'body', unknown>> | undefined;
  try {
    fields = JSON.parse(data) as typeof fields;
  } catch {
    fields = undefined;
  }
  const { id, type, timestamp, body } = fields ?? {};
  if (typeof id !== 'string' || typeof type !== 'string' || typeof timestamp !== 'string' || typeof body !== 'string')
    throw new PostageError(`Postage API: a live event is not {id, type, timestamp, body}: ${data.slice(0, 200)}`);
  return {
    cursor,
    id,
    type,
    timestamp,
    body,
    parse: () => eventOf(new TextEncoder().encode(body), id, new Date(timestamp)),
  };
}

/** The account's events as they happen (GET /api/events/stream; full-access key). */
export class Events {
  constructor(private readonly caller: Caller) {}

  /**
   * Opens the stream: resolves once the API accepted it (a refusal rejects with `PostageApiError`:
   * 400 an unknown event type, 403 a `sending` key, 429 too many open streams). `options.timeoutMs`
   * bounds the connect only; `options.signal` aborts the connect and, after, closes the stream.
   *
   *   const stream = await postage.events.stream({ events: ['email.delivered'] });
   *   for await (const event of stream) console.log(event.type, event.parse().messageId);
   */
  async stream(params: LiveEventStreamParams = {}, options?: RequestOptions): Promise<LiveEventStream> {
    const answer = await this.caller.stream(
      'get',
      '/api/events/stream',
      {
        query: { events: params.events?.length ? params.events.join(',') : undefined },
        ...(params.lastEventId ? { headers: { 'Last-Event-ID': params.lastEventId } } : {}),
      },
      options,
    );
    return new LiveEventStream(answer);
  }
}
