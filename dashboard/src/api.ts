// The only way the dashboard talks to Postage: the public management API on the same origin,
// with the session cookie and the session's CSRF token on every state-changing request. Paths,
// parameters, bodies and answers are typed from /openapi.json (openapi-fetch over the types
// `npm run generate:api` writes to sdks/typescript/src/generated/openapi.ts, the TypeScript SDK's
// own, imported through the `@sdk/openapi` alias of tsconfig.json), so the dashboard cannot drift from it.
import createClient, { type Client } from 'openapi-fetch';
import type { components, paths } from '@sdk/openapi';

export type FieldErrors = Record<string, string[]>;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string | undefined,
    readonly fieldErrors: FieldErrors,
  ) {
    super(message);
  }

  /**
   * The messages of one field and of its items (`networks[2]` as "Entry 3: …"), for inline
   * display: an item's error has no field of its own on the page, and FormError leaves field errors
   * to their fields.
   */
  field(name: string): string | undefined {
    const messages = Object.entries(this.fieldErrors).flatMap(([field, texts]) => {
      if (field === name) return texts;
      const item = field.startsWith(name) ? /^\[(\d+)\]$/.exec(field.slice(name.length)) : null;
      return item ? texts.map((text) => `Entry ${Number(item[1]) + 1}: ${text}`) : [];
    });
    return messages.length ? messages.join(' ') : undefined;
  }
}

let csrfToken: string | undefined;

export function setCsrfToken(token: string | undefined): void {
  csrfToken = token;
}

/** The typed client: `postage.GET('/api/domains/{name}', { params: { path: { name } } })`. */
export const postage = createClient<paths>({
  baseUrl: '',
  credentials: 'same-origin',
  headers: { Accept: 'application/json' },
});
postage.use({
  onRequest({ request }) {
    if (request.method !== 'GET' && csrfToken) request.headers.set('X-CSRF-Token', csrfToken);
    return request;
  },
});

let onUnauthenticated: ((error: ApiError) => void) | undefined;
let onTwoFactorSetupRequired: (() => void) | undefined;

/** Told of every 401 but those meaning "not signed in" or "wrong password" (session.tsx: the session ended). */
export function setUnauthenticatedHandler(handler: (error: ApiError) => void): void {
  onUnauthenticated = handler;
}

/** Told of every 403 `two_factor_setup_required`: the account now requires two-factor sign-in (session.tsx). */
export function setTwoFactorSetupRequiredHandler(handler: () => void): void {
  onTwoFactorSetupRequired = handler;
}

const NOT_SESSION_ENDED = new Set(['/api/auth/session', '/api/auth/signin', '/api/auth/signin/two-factor']);

/** The answer of a call, or an ApiError with its detail, code and field errors. */
export async function ok<R extends { data?: unknown; error?: unknown; response: Response }>(
  call: Promise<R>,
): Promise<NonNullable<R['data']>> {
  let result: R;
  try {
    result = await call;
  } catch {
    throw new ApiError(0, 'Postage could not be reached. Check your connection and try again.', undefined, {});
  }
  const { response } = result;
  if (response.ok) return result.data as NonNullable<R['data']>;
  const json = (typeof result.error === 'object' && result.error !== null ? result.error : {}) as Record<
    string,
    unknown
  >;
  const detail = typeof json.detail === 'string' ? json.detail : `The request failed (HTTP ${response.status}).`;
  const error = new ApiError(
    response.status,
    detail,
    typeof json.error === 'string' ? json.error : undefined,
    (json.errors as FieldErrors | undefined) ?? {},
  );
  if (response.status === 401 && !NOT_SESSION_ENDED.has(new URL(response.url, window.location.href).pathname))
    onUnauthenticated?.(error);
  if (error.code === 'two_factor_setup_required') onTwoFactorSetupRequired?.();
  throw error;
}

// ---- shapes of the management API, from /openapi.json ----
type Schemas = components['schemas'];
export type Session = Schemas['Session'];
/** viewer < developer < admin < owner. */
export type Role = Session['account']['role'];
export type Member = Schemas['Member'];
export type UserSession = Schemas['UserSession'];
export type TwoFactorSetup = Schemas['TwoFactorSetup'];
export type TwoFactorStatus = Schemas['TwoFactorStatus'];
/** A code from the authenticator app, or one recovery code (sign-in, turning off, new recovery codes). */
export type SecondFactor = Schemas['SecondFactorRequest'];
export type Invitation = Schemas['Invitation'];
export type InvitationPreview = Schemas['InvitationPreview'];
export type AuditEntry = Schemas['AuditEntry'];
/** How long each kind of the account's data is kept (docs/privacy.md). */
export type Retention = Schemas['Retention'];
/** Who did something: a person, an API key, an operator (cli) or a part of Postage. */
export type Actor = AuditEntry['actor'];
export type AuditFilters = NonNullable<paths['/api/audit']['get']['parameters']['query']>;
export type Domain = Schemas['Domain'];
export type DnsRecord = Domain['records'][number];
export type DomainVerification = Schemas['DomainVerification'];
export type ApiKey = Schemas['ApiKey'];
export type Webhook = Schemas['Webhook'];
export type EventType = Webhook['events'][number];
export type WebhookDelivery = Schemas['WebhookDeliveries']['deliveries'][number];
export type Byoc = Schemas['Byoc'];
/** The outcome of a validation (the `validation` of the ByocValidation answer). */
export type ByocValidation = Schemas['ByocValidation']['validation'];
export type ByocPolicy = Schemas['ByocPolicy'];
export type Email = Schemas['EmailList']['emails'][number];
export type AddressExport = Schemas['AddressExport'];
export type EmailDetail = Schemas['EmailDetail'];
export type TimelineEvent = EmailDetail['timeline'][number];
export type MessageDelivery = EmailDetail['webhook_deliveries'][number];
export type Suppression = Schemas['Suppression'];
export type Erasure = Schemas['Erasure'];
export type Usage = Schemas['Usage'];
export type SendingQueue = Schemas['SendingQueue'];
/** The account's bounce and complaint rates against the levels that act on them (docs/reputation.md). */
export type Reputation = Schemas['Reputation'];
/** Where one rate stands: too few sends to count yet, below the warning level, over it, or at the pause level. */
export type Standing = Reputation['account']['bounce_standing'];
export type DailyStats = Schemas['DailyStats']['days'];
export type EmailFilters = NonNullable<paths['/api/emails']['get']['parameters']['query']>;
export type Template = Schemas['Template'];
export type TemplateSummary = Schemas['TemplateSummary'];
export type TemplateVersion = Schemas['TemplateVersion'];
export type TestRecipient = Schemas['TemplateTestSendRequest']['recipient'];
// Receiving email (docs/inbound.md).
export type InboundDomain = Schemas['InboundDomain'];
export type InboundDomainVerification = Schemas['InboundDomainVerification'];
export type InboundRule = Schemas['InboundRule'];
export type InboundMessageSummary = Schemas['InboundMessageSummary'];
export type InboundMessage = Schemas['InboundMessage'];
export type InboundAuthentication = Schemas['InboundAuthentication'];
export type InboundFilters = NonNullable<paths['/api/inbound']['get']['parameters']['query']>;
/** A person's passkey (docs/teams.md, "Passkeys"). */
export type Passkey = Schemas['Passkey'];
/** The browser's WebAuthn answers (PublicKeyCredential.toJSON()), as the passkey endpoints take them. */
export type PasskeyRegistrationAnswer = Schemas['PasskeyRegistrationRequest']['response'];
export type PasskeySignInAnswer = Schemas['PasskeySigninRequest']['response'];

// ---- engagement fields other parts of the API add (docs/sending.md, "Tracking opens and clicks") ----
/** A domain's tracking settings (shared mode; `tracking_host` is where tracked links point now). */
export type DomainTracking = Pick<Domain, 'track_opens' | 'track_clicks' | 'tracking_subdomain' | 'tracking_host'>;
/** The tracking settings of a domain answer. */
export function trackingOf(domain: Domain): DomainTracking {
  const { track_opens, track_clicks, tracking_subdomain, tracking_host } = domain;
  return { track_opens, track_clicks, tracking_subdomain, tracking_host };
}
/** The CNAME record of a domain's tracking subdomain (purpose `tracking`), if one is set. */
export function trackingRecord(domain: Domain): DnsRecord | undefined {
  return domain.records.find((r) => r.purpose === 'tracking');
}
/** What PATCH /api/domains/{name} takes: every field optional; a null subdomain removes it. */
export type DomainTrackingChange = Partial<Pick<DomainTracking, 'track_opens' | 'track_clicks' | 'tracking_subdomain'>>;
/** PATCH /api/domains/{name}: a domain's tracking settings. */
export const patchDomain = (name: string, change: DomainTrackingChange) =>
  ok(postage.PATCH('/api/domains/{name}', { params: { path: { name } }, body: change }));

/** In the order the dashboard offers them (the document's enum; docs/webhooks.md, "Events"). */
export const EVENT_TYPES = [
  'email.sent',
  'email.delivered',
  'email.bounced',
  'email.complained',
  'email.failed',
  'email.delivery_delayed',
  'email.opened',
  'email.clicked',
  'email.unsubscribed',
  'email.received',
  'privacy.erasure_completed',
  'account.reputation_warning',
  'account.sending_paused',
  'account.sending_resumed',
] as const satisfies readonly EventType[];

/** What each event type tells, in one line (docs/webhooks.md, "Events"). */
export const EVENT_DESCRIPTION: Record<EventType, string> = {
  'email.sent': 'Queued: Postage accepted it and will hand it to Amazon SES (or simulate it for a test recipient).',
  'email.delivered': 'The recipient’s mail server accepted it.',
  'email.bounced': 'The recipient’s server refused it; a hard bounce suppresses the address.',
  'email.complained': 'The recipient marked it as spam; the address is suppressed.',
  'email.failed': 'Postage could not send it (refused by Amazon SES, or an error).',
  'email.delivery_delayed': 'Not delivered yet: Amazon SES keeps trying (with the delay type and reason).',
  'email.opened': 'A tracked email was opened (machine opens are marked).',
  'email.clicked': 'A tracked link was clicked (with the URL; machine clicks are marked).',
  'email.unsubscribed':
    'The recipient unsubscribed, by the unsubscribe link or their mail app’s button (with its topic).',
  'email.received':
    'A message arrived for one of your inbound domains (parsed, with its attachments’ links and sender checks).',
  'privacy.erasure_completed':
    'An erasure of an address ended, completed or failed (with its id and what it removed by kind; never the address).',
  'account.reputation_warning':
    'Your bounce or complaint rate reached its warning level (with the rate, the warning and pause levels).',
  'account.sending_paused': 'Sending was paused (by the reputation monitor or an operator), with the reason.',
  'account.sending_resumed': 'The pause on sending was lifted: the account sends again.',
};

/** A suppression's topic: null when it stops all mail (docs/sending.md, "Suppressions"). */
export const topicOf = (s: Suppression): string | null => s.topic ?? null;
