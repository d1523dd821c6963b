// The API's objects under short names, all read from the generated types (src/generated/openapi.ts).
import type { components, operations } from './generated/openapi.js';

type Schemas = components['schemas'];
type Query<O extends keyof operations> = NonNullable<operations[O]['parameters']['query']>;

/** Dates may be given as Date objects: they are sent as ISO 8601. */
type WithDates<T, K extends keyof T> = Omit<T, K> & { [P in K]?: string | Date };

// Sending
export type SendRequest = Schemas['SendRequest'];
export type SendResponse = Schemas['SendResponse'];
export type Attachment = NonNullable<Schemas['SendRequest']['attachments']>[number];
/** `{}` (all mail of the account) or `{ topic }`: asks for RFC 8058 one-click unsubscribe headers (docs/sending.md, "One-click unsubscribe"). */
export type UnsubscribeOption = NonNullable<Schemas['SendRequest']['unsubscribe']>;
/** The body of POST /api/send/batch: 1 to 100 send requests (the document types each one loosely; they are SendRequests). */
export interface SendBatchRequest {
  emails: SendRequest[];
}
export type SendBatchResponse = Schemas['SendBatchResponse'];
/** One entry of a batch answer: queued (`success: true`), refused (`error`) or invalid (`errors`). */
export type SendBatchResult = SendBatchResponse['data'][number];

// The email log
export type Email = Schemas['EmailList']['emails'][number];
export type EmailList = Schemas['EmailList'];
export type EmailDetail = Schemas['EmailDetail'];
export type EmailStatus = Email['status'];
export type EmailSchedule = Schemas['EmailSchedule'];
export type EmailListParams = WithDates<Query<'getApiEmails'>, 'since' | 'until'>;
export interface RescheduleParams {
  /** The new time (at most 30 days ahead). */
  scheduled_at: string | Date;
}

// The account
export type AccountRecord = Schemas['AccountRecord'];
export type Usage = Schemas['Usage'];
/** GET /api/sending/queue: `shared`, and `byoc` once BYOC is saved (else null). */
export type SendingQueues = Schemas['SendingQueues'];
export type SendingQueue = Schemas['SendingQueue'];
/** GET /api/stats/daily: one entry per UTC day, oldest first (shared-mode messages; opened and clicked count distinct messages with a non-machine open or click). */
export type DailyStats = Schemas['DailyStats'];
export type DailyStatsDay = DailyStats['days'][number];
export type DailyStatsParams = Query<'getApiStatsDaily'>;
/** GET /api/reputation: the rates over the window, by domain and by day, beside the warning and pause levels. */
export type Reputation = Schemas['Reputation'];

// Domains
export type Domain = Schemas['Domain'];
export type DomainList = Schemas['DomainList'];
export type CreateDomainRequest = Schemas['CreateDomainRequest'];
/** PATCH /api/domains/{name}: `track_opens`, `track_clicks` (defaults of sends that do not say), `tracking_subdomain` (a label, or null to remove it). */
export type UpdateDomainRequest = Schemas['UpdateDomainRequest'];
export type DomainVerification = Schemas['DomainVerification'];
export type Deleted = Schemas['Deleted'];

// Receiving email (docs/inbound.md)
export type InboundDomain = Schemas['InboundDomain'];
export type InboundDomainList = Schemas['InboundDomainList'];
export type InboundDnsRecord = Schemas['InboundDnsRecord'];
export type CreateInboundDomainRequest = Schemas['CreateInboundDomainRequest'];
/** POST /api/inbound-domains/{name}/verify: the domain, whether an MX record names the receiving host, the record expected and those found. */
export type InboundDomainVerification = Schemas['InboundDomainVerification'];
export type InboundRule = Schemas['InboundRule'];
export type InboundRuleList = Schemas['InboundRuleList'];
/** `match`: `support` (one address), `reply+*` (`reply` and its `+tag` forms) or `*`; `endpoint_ids`: empty or absent for every endpoint subscribed to `email.received`. */
export type CreateInboundRuleRequest = Schemas['CreateInboundRuleRequest'];
/** A received message in a listing (GET /api/inbound). */
export type InboundMessageSummary = Schemas['InboundMessageSummary'];
export type InboundMessageList = Schemas['InboundMessageList'];
/** A received message, whole (GET /api/inbound/{id}): `email.received`'s payload with `id`. */
export type InboundMessage = Schemas['InboundMessage'];
export type InboundMessageListParams = WithDates<Query<'getApiInbound'>, 'since' | 'until'>;

// API keys
export type ApiKey = Schemas['ApiKey'];
export type ApiKeyList = Schemas['ApiKeyList'];
export type CreateApiKeyRequest = Schemas['CreateApiKeyRequest'];
export type CreatedApiKey = Schemas['CreatedApiKey'];

// Webhook endpoints
export type Webhook = Schemas['Webhook'];
export type WebhookList = Schemas['WebhookList'];
export type CreateWebhookRequest = Schemas['CreateWebhookRequest'];
export type CreatedWebhook = Schemas['CreatedWebhook'];
export type UpdateWebhookRequest = Schemas['UpdateWebhookRequest'];
export type WebhookDeliveries = Schemas['WebhookDeliveries'];
export type WebhookDelivery = WebhookDeliveries['deliveries'][number];
export type WebhookDeliveriesParams = Query<'getApiWebhooksIdDeliveries'>;
export type TestWebhookRequest = Schemas['TestWebhookRequest'];
export type WebhookTestResult = Schemas['WebhookTestResult'];
export type WebhookReplayResult = Schemas['WebhookReplayResult'];
export type RotatedSecret = Schemas['RotatedSecret'];

// Templates
export type Template = Schemas['Template'];
export type TemplateSummary = Schemas['TemplateSummary'];
export type TemplateList = Schemas['TemplateList'];
export type TemplateListParams = Query<'getApiTemplates'>;
export type CreateTemplateRequest = Schemas['CreateTemplateRequest'];
export type UpdateTemplateRequest = Schemas['UpdateTemplateRequest'];
export type TemplateVersion = Schemas['TemplateVersion'];
export type TemplateVersionList = Schemas['TemplateVersionList'];
export type PreviewTemplateRequest = Schemas['PreviewTemplateRequest'];
export type TemplatePreview = Schemas['TemplatePreview'];
export type TemplateTestSendRequest = Schemas['TemplateTestSendRequest'];
export type TemplateTestSend = Schemas['TemplateTestSend'];

// Suppressions
export type Suppression = Schemas['Suppression'];
export type SuppressionList = Schemas['SuppressionList'];
export type SuppressionListParams = Query<'getApiSuppressions'>;
export type CreateSuppressionRequest = Schemas['CreateSuppressionRequest'];
export type SuppressionAdded = Schemas['SuppressionAdded'];
/** `topic`: the entry for that one-click unsubscribe topic; absent, the address's all-mail entry. */
export type SuppressionEntryParams = Query<'getApiSuppressionsAddress'>;

// The team and the audit log
export type Member = Schemas['Member'];
export type MemberList = Schemas['MemberList'];
export type MemberRole = Member['role'];
export type Invitation = Schemas['Invitation'];
export type InvitationList = Schemas['InvitationList'];
export type AuditEntry = Schemas['AuditEntry'];
export type AuditList = Schemas['AuditList'];
export type AuditListParams = WithDates<Query<'getApiAudit'>, 'since' | 'until'>;
/** Who made a change (an audit entry's `actor`, an invitation's `invited_by`, a key's `created_by`): a person, a key, an operator's CLI or the system. */
export type Actor = AuditEntry['actor'];

// BYOC
export type Byoc = Schemas['Byoc'];
export type ByocRequest = Schemas['ByocRequest'];
export type ByocSaved = Schemas['ByocSaved'];
export type ByocValidation = Schemas['ByocValidation'];
export type ByocPolicy = Schemas['ByocPolicy'];
export type CloudFormationTemplate = Schemas['CloudFormationTemplate'];
