import type { Caller } from '../caller.js';
import type { RequestOptions } from '../http.js';
import { Paginator } from '../pagination.js';
import { randomUuid } from '../platform.js';
import type {
  Email,
  EmailDetail,
  EmailList,
  EmailListParams,
  EmailSchedule,
  RescheduleParams,
  SendBatchRequest,
  SendBatchResponse,
  SendRequest,
  SendResponse,
} from '../types.js';

export interface SendOptions extends RequestOptions {
  /**
   * The idempotency key of this send (sent as the `Idempotency-Key` header). Without one (here or
   * as `idempotency_key` in the body) the SDK makes a UUID for the call and uses it on every retry,
   * so a retried send never sends twice.
   */
  idempotencyKey?: string;
}

/** Sending, and the email log (shared mode; reading it needs a full-access key). */
export class Emails {
  constructor(private readonly caller: Caller) {}

  /** Queues one email (POST /api/send/). Retried safely: see SendOptions.idempotencyKey. */
  async send(email: SendRequest, options: SendOptions = {}): Promise<SendResponse> {
    const { idempotencyKey, ...rest } = options;
    const key = idempotencyKey ?? email.idempotency_key ?? (await randomUuid());
    return this.caller.call(
      'post',
      '/api/send/',
      { body: email, headers: { 'Idempotency-Key': key }, retry: 'safe' },
      rest,
    );
  }

  /**
   * Queues up to 100 emails in one request (POST /api/send/batch): one result per email, in order,
   * each queued or refused on its own. The batch carries one idempotency key (yours or one made
   * for the call), from which the API derives a key for every email without its own.
   */
  async sendBatch(batch: SendBatchRequest, options: SendOptions = {}): Promise<SendBatchResponse> {
    const { idempotencyKey, ...rest } = options;
    const key = idempotencyKey ?? (await randomUuid());
    return this.caller.call(
      'post',
      '/api/send/batch',
      { body: batch, headers: { 'Idempotency-Key': key }, retry: 'safe' },
      rest,
    );
  }

  /** One message: its log row, its timeline and its webhook deliveries. */
  get(messageId: string, options?: RequestOptions): Promise<EmailDetail> {
    return this.caller.call('get', '/api/emails/{message_id}', { path: { message_id: messageId } }, options);
  }

  /** The log, newest first, every page: `for await (const email of postage.emails.list({ tag: 'run:42' }))`. */
  list(params: EmailListParams = {}, options?: RequestOptions): Paginator<Email, EmailList> {
    const { cursor, ...filters } = params;
    return new Paginator(
      (next) => this.listPage({ ...filters, ...(next ? { cursor: next } : {}) }, options),
      (page) => page.emails,
      cursor,
    );
  }

  /** One page of the log (`next_cursor` leads to the next). */
  listPage(params: EmailListParams = {}, options?: RequestOptions): Promise<EmailList> {
    const { since, until, ...rest } = params;
    // A Date goes on the wire as ISO 8601 (its toString() is not a time the API reads).
    const iso = (d: string | Date | undefined) => (d instanceof Date ? d.toISOString() : d);
    const query = {
      ...rest,
      ...(since !== undefined ? { since: iso(since) } : {}),
      ...(until !== undefined ? { until: iso(until) } : {}),
    };
    return this.caller.call('get', '/api/emails', { query }, options);
  }

  /** Moves a scheduled email to another time (PATCH /api/emails/{message_id}); 409 `not_scheduled` once it has left. */
  reschedule(messageId: string, params: RescheduleParams, options?: RequestOptions): Promise<EmailSchedule> {
    const scheduledAt = params.scheduled_at instanceof Date ? params.scheduled_at.toISOString() : params.scheduled_at;
    return this.caller.call(
      'patch',
      '/api/emails/{message_id}',
      { path: { message_id: messageId }, body: { scheduled_at: scheduledAt } },
      options,
    );
  }

  /** Cancels a scheduled email: status `canceled`, the month's count given back; 409 `not_scheduled` once it has left. */
  cancel(messageId: string, options?: RequestOptions): Promise<EmailSchedule> {
    return this.caller.call('post', '/api/emails/{message_id}/cancel', { path: { message_id: messageId } }, options);
  }
}
