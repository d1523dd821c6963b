// JSON Schemas of the sign-in and management endpoints: requests (validated with ajv before a
// handler runs) and responses (published in /openapi.json; the tests validate every response
// they see against the served document).
import { KEY_PERMISSIONS } from '../../core/accounts/apiKeys';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../core/accounts/passwords';
import { SES_REGIONS } from '../../core/platform/sesRegions';
import { WEBHOOK_EVENT_TYPES } from '../../core/model/webhookEvents';
import { WEBHOOK_FAILURES } from '../../core/webhooks/webhookDelivery';
import { SENDING_MODES } from '../../core/model/sendingModes';
import { LOG_STATUSES } from '../../core/sending/emailLogListing';
import { checkedInCode } from './checkedInCode';
import { BYOC_ROLE_ARN, DOMAIN_NAME, EMAIL_ADDRESS, NOT_BLANK, WEBHOOK_URL } from './patterns';

const str = (description?: string) => ({ type: 'string', ...(description ? { description } : {}) }) as const;
const time = (description?: string) => ({ type: 'string', format: 'date-time', ...(description ? { description } : {}) }) as const;
const nullable = (schema: object) => ({ oneOf: [schema, { type: 'null' }] });
const object = (properties: Record<string, unknown>, required: string[] = Object.keys(properties)) => ({ type: 'object', additionalProperties: false, required, properties }) as const;

// ---- requests ----
// What core/ checks with its own messages (addresses, password lengths, names, URLs, ARNs) is
// published with checkedInCode and left out of the ajv pass (checkedInCode.ts).

/** Sign-in and the current password: any text (a wrong one is a 401, or a 400 on `current_password`). */
const password = { type: 'string', minLength: 1, maxLength: PASSWORD_MAX_LENGTH * 4 } as const;
/** A new password: core/accounts/passwords.ts counts characters (code points, as JSON Schema does). */
const newPassword = checkedInCode(
  { type: 'string', minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH, description: `${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters.` } as const,
  password,
);
/** Sign-in: any text (an address that is not one simply has no account: 401). */
const signinEmail = { type: 'string', minLength: 1, maxLength: 320 } as const;
/** An address core/ checks (isValidAddress). */
const email = checkedInCode({ type: 'string', format: 'email', minLength: 1, maxLength: 254, pattern: EMAIL_ADDRESS } as const, { type: 'string', minLength: 1, maxLength: 254 });
const token = { type: 'string', minLength: 1, maxLength: 200, description: 'The token of the emailed link; a token that was not issued, is used or expired is a 400 on `token`.' } as const;
const domainName = checkedInCode({ type: 'string', minLength: 1, maxLength: 253, pattern: DOMAIN_NAME } as const, { type: 'string', minLength: 1, maxLength: 253 });
const webhookUrl = checkedInCode(
  {
    type: 'string',
    format: 'uri',
    minLength: 1,
    maxLength: 2048,
    pattern: WEBHOOK_URL,
    description: 'http or https, without user name or password; its host must resolve to public addresses only (checked when saved: 400 on `url`).',
  } as const,
  { type: 'string', minLength: 1, maxLength: 2048 },
);
const webhookEvents = { type: 'array', items: { enum: [...WEBHOOK_EVENT_TYPES] }, minItems: 1, uniqueItems: true } as const;

export const requestSchemas = {
  SignupRequest: object({ email, password: newPassword, name: { type: 'string', maxLength: 100 } }, ['email', 'password']),
  SigninRequest: object({ email: signinEmail, password }),
  VerifyEmailRequest: object({ token }),
  PasswordResetRequest: object({ email }),
  PasswordResetConfirmRequest: object({ token, password: newPassword }),
  PasswordChangeRequest: object({ current_password: { ...password, description: 'A wrong current password is a 400 on `current_password`.' }, new_password: newPassword }),
  CreateDomainRequest: {
    ...object({ name: domainName, sending_mode: { enum: [...SENDING_MODES] } }),
    description: 'A `byoc` domain is a registrable domain, not a subdomain (400 on `name`: the public suffix list decides, which a pattern cannot state).',
  },
  CreateApiKeyRequest: object(
    {
      name: checkedInCode({ type: 'string', minLength: 1, maxLength: 100, pattern: NOT_BLANK, description: 'Not only spaces.' } as const, { type: 'string', minLength: 1, maxLength: 100 }),
      permission: { enum: [...KEY_PERMISSIONS], default: 'sending' },
      domains: {
        type: 'array',
        items: domainName,
        maxItems: 100,
        description: "Domains the key may send from, each a domain of this account (another name is a 400 on `domains`); empty or absent: all the account's domains.",
      },
      expires_at: nullable(time('When the key stops working, in the future (a past time is a 400 on `expires_at`); absent or null: never.')),
    },
    ['name'],
  ),
  CreateWebhookRequest: object({ url: webhookUrl, events: webhookEvents }),
  UpdateWebhookRequest: {
    ...object({ url: webhookUrl, events: webhookEvents, active: { type: 'boolean' } }, []),
    minProperties: 1,
  },
  TestWebhookRequest: object({ event_type: { enum: [...WEBHOOK_EVENT_TYPES] } }, []),
  ByocRequest: object({
    role_arn: checkedInCode({ type: 'string', minLength: 1, maxLength: 2048, pattern: BYOC_ROLE_ARN } as const, { type: 'string', minLength: 1, maxLength: 2048 }),
    // A pattern rather than an enum: the same rule, and the dashboard's form keeps its free-text field (a typed client would want the union).
    region: checkedInCode({ type: 'string', minLength: 1, maxLength: 64, pattern: `^(?:${SES_REGIONS.join('|')})$`, description: 'An AWS region where SES offers its API.' } as const, {
      type: 'string',
      minLength: 1,
      maxLength: 64,
    }),
  }),
  CreateSuppressionRequest: object({ address: email }),
} as const;

// ---- responses ----

const user = object({ id: str(), email: str() });
const account = object({
  id: str(),
  name: str(),
  email: str(),
  is_verified: { type: 'boolean' },
  current_plan: str("Active plan id; '' without a subscription (the free BYOC plan)."),
  sending_suspended: { type: 'boolean' },
});

const dnsRecord = object({
  purpose: { enum: ['ownership', 'dkim', 'mail_from', 'spf', 'dmarc'] },
  type: { enum: ['TXT', 'CNAME', 'MX'] },
  name: str(),
  value: str(),
  required: { type: 'boolean', description: 'Ownership and DKIM are required to send; the others are advisory (send warnings).' },
  status: { enum: ['verified', 'pending', 'missing', 'unchecked'], description: 'verified; pending (required, not found yet); missing (advisory, not found at the last check); unchecked.' },
});

const domain = object({
  name: str(),
  sending_mode: { enum: [...SENDING_MODES] },
  status: {
    enum: ['pending_ownership', 'pending_dkim', 'verified', 'released'],
    description: 'released: another account proved ownership of the name first; the claim can never send and only deletion is left.',
  },
  status_detail: str('The state and what to do next, in plain words.'),
  can_send: { type: 'boolean' },
  ownership_verified_at: nullable(time()),
  dkim_verified_at: nullable(time()),
  mail_from_domain: nullable(str()),
  last_checked_at: nullable(time()),
  expires_at: nullable(time('An unverified claim is deleted at this time unless its ownership is verified first; null once verified.')),
  released_at: nullable(time('When another account proved ownership of the name first.')),
  records: {
    type: 'array',
    items: dnsRecord,
    description: 'The records to publish. The three DKIM CNAMEs are issued (and listed) once ownership is verified: the SES identity is created only then.',
  },
  created_at: time(),
});

const apiKey = object({
  id: str(),
  name: str(),
  prefix: str('The public part of the key (`pk_<lookup id>`); the secret is never shown again.'),
  permission: { enum: [...KEY_PERMISSIONS] },
  domains: { type: 'array', items: str() },
  state: { enum: ['active', 'revoked', 'expired'] },
  expires_at: nullable(time()),
  revoked_at: nullable(time()),
  last_used_at: nullable(time('Within a minute.')),
  created_at: time(),
});

const webhook = object({ id: str(), url: str(), events: { type: 'array', items: { enum: [...WEBHOOK_EVENT_TYPES] } }, active: { type: 'boolean' }, created_at: time() });

const webhookDelivery = object({
  event_type: str(),
  message_id: nullable(str()),
  test: { type: 'boolean', description: 'A test event sent from the dashboard or the API.' },
  status_code: nullable({ type: 'integer' }),
  succeeded: { type: 'boolean' },
  duration_ms: { type: 'integer', minimum: 0, description: 'How long the endpoint took to answer; without an answer, the deadline for `timeout` and 0 otherwise.' },
  error: nullable({ enum: [...WEBHOOK_FAILURES], description: 'Why no HTTP answer came, by category only; null when the endpoint answered (see `status_code`).' }),
  attempted_at: time(),
});

const policy = { type: 'object', required: ['Version', 'Statement'], properties: { Version: { const: '2012-10-17' }, Statement: { type: 'array', items: { type: 'object' } } } };

const byoc = object({
  configured: { type: 'boolean', description: 'A configuration was saved.' },
  byoc_configured: { type: 'boolean', description: 'Validated, enabled and usable (spec 2.4).' },
  role_name: { const: 'Service-BYOC-Role' },
  role_arn: nullable(str()),
  region: nullable(str()),
  external_id: nullable(str('48 hexadecimal characters, created on the first save and kept.')),
  validated_at: nullable(time()),
  validation_error: nullable(str()),
  unusable_reason: nullable(str('Set when sending found the role unusable; validate again.')),
});

const byocValidation = object({
  ok: { type: 'boolean' },
  code: { enum: ['ok', 'assume_role_failed', 'external_id_not_required', 'sending_disabled', 'sandbox', 'missing_permission', 'not_propagated', 'ses_unreachable'] },
  message: str('The failure reason of spec 5.3, in plain words.'),
});

const emailSummary = object({
  message_id: str(),
  recipient: str(),
  from_email: str(),
  subject: str(),
  status: { enum: [...LOG_STATUSES] },
  kind: { enum: ['real', 'test', 'simulator'] },
  bounce_type: nullable(str()),
  bounce_subtype: nullable(str()),
  created_at: time(),
  sent_at: nullable(time()),
  delivered_at: nullable(time()),
  bounced_at: nullable(time()),
  complained_at: nullable(time()),
  failed_at: nullable(time()),
});

const timelineEvent = object({
  type: { enum: ['queued', 'sent', 'delivered', 'bounced', 'complained', 'failed'] },
  at: time(),
  details: { type: 'object', additionalProperties: { type: 'string' }, description: 'bounce_type/bounce_subtype, reason, smtp_response or provider_message_id where they apply.' },
});

const messageWebhookDelivery = object({
  endpoint_id: str(),
  url: str(),
  event_type: str(),
  status_code: nullable({ type: 'integer' }),
  succeeded: { type: 'boolean' },
  duration_ms: { type: 'integer', minimum: 0, description: 'How long the endpoint took to answer; without an answer, the deadline for `timeout` and 0 otherwise.' },
  error: nullable({ enum: [...WEBHOOK_FAILURES], description: 'Why no HTTP answer came, by category only; null when the endpoint answered (see `status_code`).' }),
  attempted_at: time(),
});

const suppression = object({ address: str(), reason: { enum: ['bounce', 'complaint', 'manual'] }, created_at: time() });

const dailyUsage = object({ day: str('YYYY-MM-DD (UTC)'), byoc: { type: 'integer', minimum: 0 }, shared: { type: 'integer', minimum: 0 } });

export const responseSchemas = {
  Accepted: object({ success: { const: true }, detail: str() }),
  Session: object({ user, account, csrf_token: str('Send it as X-CSRF-Token on every state-changing request made with this session.') }),
  Domain: domain,
  DomainList: object({ domains: { type: 'array', items: domain } }),
  DomainVerification: object({
    domain,
    missing: { type: 'array', items: dnsRecord, description: 'Required records not found yet (ownership first, then DKIM).' },
    checks: {
      type: 'array',
      items: object({ purpose: str(), type: str(), name: str(), expected: str(), found: { type: 'array', items: str() }, ok: { type: 'boolean' } }),
    },
  }),
  Deleted: object({ success: { const: true }, warnings: { type: 'array', items: str() } }),
  ApiKey: apiKey,
  ApiKeyList: object({ api_keys: { type: 'array', items: apiKey } }),
  CreatedApiKey: object({ api_key: apiKey, secret: str('The key itself, shown this once. Send it as X-API-Key.') }),
  Webhook: webhook,
  WebhookList: object({ webhooks: { type: 'array', items: webhook } }),
  CreatedWebhook: object({ webhook, signing_secret: str('Shown this once: verify X-Service-Signature with it.') }),
  WebhookDeliveries: object({ deliveries: { type: 'array', items: webhookDelivery } }),
  WebhookTestResult: object({ delivery: webhookDelivery, payload: { type: 'object', description: 'The body that was signed and posted (the flat test-event shape of spec 6.4).' } }),
  CloudFormationTemplate: {
    type: 'object',
    required: ['AWSTemplateFormatVersion', 'Resources', 'Outputs'],
    properties: { AWSTemplateFormatVersion: { const: '2010-09-09' }, Resources: { type: 'object' }, Outputs: { type: 'object' } },
  },
  Byoc: byoc,
  ByocSaved: object({ byoc, validation: byocValidation }),
  ByocValidation: object({ byoc, validation: byocValidation }),
  ByocPolicy: object({
    role_name: { const: 'Service-BYOC-Role' },
    relay_account_id: str(),
    external_id: nullable(str('Null until the configuration is first saved.')),
    steps: { type: 'array', items: str() },
    trust_policy: policy,
    permissions_policy: policy,
  }),
  EmailList: object({ emails: { type: 'array', items: emailSummary }, next_cursor: nullable(str('Pass as `cursor` for the next (older) page; null on the last page.')) }),
  EmailDetail: object({ email: emailSummary, timeline: { type: 'array', items: timelineEvent }, webhook_deliveries: { type: 'array', items: messageWebhookDelivery } }),
  Suppression: suppression,
  SuppressionList: object({ suppressions: { type: 'array', items: suppression }, next_cursor: nullable(str()) }),
  SuppressionAdded: object({ suppression, added: { type: 'boolean', description: 'False when the address was already suppressed.' } }),
  Usage: object({
    plan: str("'' without a subscription (the free BYOC plan)."),
    month: str('YYYY-MM (UTC)'),
    allowance: object({ byoc: { type: 'integer', minimum: 0 }, shared: { type: 'integer', minimum: 0 } }),
    used: object({ byoc: { type: 'integer', minimum: 0 }, shared: { type: 'integer', minimum: 0 } }),
    days: { type: 'array', items: dailyUsage, description: 'Every day of the previous and the current UTC month, oldest first.' },
  }),
} as const;

export type RequestSchemaName = keyof typeof requestSchemas;
