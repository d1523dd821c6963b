import { Caller, type RawRequest } from './caller.js';
import type { HttpSettings, RequestOptions } from './http.js';
import { environmentVariable } from './platform.js';
import { Me, ReputationResource, SendingQueueResource, Stats, UsageResource } from './resources/account.js';
import { ApiKeys } from './resources/apiKeys.js';
import { ByocResource } from './resources/byoc.js';
import { Domains } from './resources/domains.js';
import { Emails } from './resources/emails.js';
import { Events } from './resources/events.js';
import { Inbound } from './resources/inbound.js';
import { Suppressions } from './resources/suppressions.js';
import { AuditLog, Invitations, Members } from './resources/team.js';
import { Templates } from './resources/templates.js';
import { Webhooks } from './resources/webhooks.js';

export const DEFAULT_BASE_URL = 'https://api.postage.dev';
export const DEFAULT_TIMEOUT_MS = 30_000;
export const DEFAULT_MAX_RETRIES = 2;

export interface PostageOptions {
  /** The API key (`pk_...`). Default: the POSTAGE_API_KEY environment variable. */
  apiKey?: string;
  /** The API's address. Default: the POSTAGE_BASE_URL environment variable, else https://api.postage.dev. */
  baseUrl?: string;
  /** How long one attempt may take, answer body included, before it is aborted (milliseconds; default 30000). */
  timeoutMs?: number;
  /** How many times a request that is safe to retry is retried (default 2; 0 disables retries). */
  maxRetries?: number;
  /** A fetch to use instead of the global one (a proxy agent, a test double). */
  fetch?: typeof fetch;
}

/**
 * The Postage API client.
 *
 *   const postage = new Postage({ apiKey: process.env.POSTAGE_API_KEY });
 *   const sent = await postage.emails.send({ from_email: 'hello@example.com', to: 'ada@example.org', subject: 'Hi', html: '<p>Hi</p>' });
 */
export class Postage {
  /** Sending, and the email log. */
  readonly emails: Emails;
  /** The key's account (`GET /api/me/`). */
  readonly me: Me;
  readonly domains: Domains;
  readonly apiKeys: ApiKeys;
  /** Webhook endpoints, and `verify` for their deliveries. */
  readonly webhooks: Webhooks;
  /** The account's events as they happen (`GET /api/events/stream`, server-sent events; full-access key). */
  readonly events: Events;
  readonly templates: Templates;
  readonly suppressions: Suppressions;
  readonly usage: UsageResource;
  /** Messages waiting for their turn at SES, the pace and the expected wait (`GET /api/sending/queue`). */
  readonly sendingQueue: SendingQueueResource;
  /** Sent, delivered, bounced, complained, opened and clicked per UTC day (`GET /api/stats/daily`). */
  readonly stats: Stats;
  /** Bounce and complaint rates against the warning and pause levels (`GET /api/reputation`). */
  readonly reputation: ReputationResource;
  readonly byoc: ByocResource;
  /** Receiving email: inbound domains, their rules, the received messages (docs/inbound.md). */
  readonly inbound: Inbound;
  /** The account's members and their roles (`GET /api/members`). */
  readonly members: Members;
  /** The open invitations (`GET /api/invitations`). */
  readonly invitations: Invitations;
  /** The audit log, page after page (`GET /api/audit`). */
  readonly audit: AuditLog;
  /** The address requests go to. */
  readonly baseUrl: string;

  private readonly caller: Caller;

  /** Verifies a webhook delivery without a client (see `verifyWebhook`). */
  static readonly verifyWebhook = Webhooks.verify;

  constructor(options: PostageOptions = {}) {
    const apiKey = options.apiKey ?? environmentVariable('POSTAGE_API_KEY');
    if (!apiKey)
      throw new TypeError(
        'Postage: an API key is required (the apiKey option or the POSTAGE_API_KEY environment variable)',
      );
    const baseUrl = (options.baseUrl ?? environmentVariable('POSTAGE_BASE_URL') ?? DEFAULT_BASE_URL).replace(
      /\/+$/,
      '',
    );
    const fetchImpl = options.fetch ?? (globalThis as { fetch?: typeof fetch }).fetch;
    if (!fetchImpl)
      throw new TypeError('Postage: no fetch in this environment (Node 18 or later, or pass the fetch option)');
    const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const maxRetries = options.maxRetries ?? DEFAULT_MAX_RETRIES;
    if (!(timeoutMs > 0)) throw new RangeError('Postage: timeoutMs must be a positive number of milliseconds');
    if (!(maxRetries >= 0)) throw new RangeError('Postage: maxRetries must be 0 or more');

    const settings: HttpSettings = {
      apiKey,
      baseUrl,
      timeoutMs,
      maxRetries,
      fetch: (input, init) => fetchImpl(input, init),
    };
    const caller = new Caller(settings);
    this.caller = caller;
    this.baseUrl = baseUrl;
    this.emails = new Emails(caller);
    this.me = new Me(caller);
    this.domains = new Domains(caller);
    this.apiKeys = new ApiKeys(caller);
    this.webhooks = new Webhooks(caller);
    this.events = new Events(caller);
    this.templates = new Templates(caller);
    this.suppressions = new Suppressions(caller);
    this.usage = new UsageResource(caller);
    this.sendingQueue = new SendingQueueResource(caller);
    this.stats = new Stats(caller);
    this.reputation = new ReputationResource(caller);
    this.byoc = new ByocResource(caller);
    this.inbound = new Inbound(caller);
    this.members = new Members(caller);
    this.invitations = new Invitations(caller);
    this.audit = new AuditLog(caller);
  }

  /**
   * Any operation of the API by its method and path, with this client's key, timeout, retries and
   * errors (a refusal throws `PostageApiError`): for what the typed methods do not cover.
   *
   *   const domain = await postage.request({ method: 'get', path: '/api/domains/{name}', params: { name: 'example.com' } });
   *
   * GET is retried like the typed reads; a write only when it never reached the API, or, with an
   * `Idempotency-Key` header, like a send. Resolves with the parsed JSON answer (see `answer`).
   */
  request<T = unknown>(req: RawRequest, options?: RequestOptions): Promise<T> {
    return this.caller.raw<T>(req, options);
  }
}
