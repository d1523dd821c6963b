// The sign-in and management endpoints in /openapi.json, built from the schemas their handlers
// validate requests with and their tests validate responses against.
import { MANAGEMENT_ERROR_STATUS } from '../http/errors';
import { requestSchemas, responseSchemas, type RequestSchemaName } from './management';
import { codesWithStatus, errorSchema } from './responses';
import { LOG_STATUSES } from '../../core/sending/emailLogListing';

type ResponseName = keyof typeof responseSchemas;
type Answer = ResponseName | { codes: string[] } | 'ValidationError' | 'PlainError';

interface Operation {
  summary: string;
  /** false: no credentials (sign-up, sign-in, reset). */
  auth?: boolean;
  body?: RequestSchemaName;
  query?: { name: string; description: string; schema?: object }[];
  ok: [number, ResponseName, string];
  more?: Record<number, [Answer, string]>;
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const managementCodes = (status: number) => codesWithStatus(status, MANAGEMENT_ERROR_STATUS);
/** Text PostgreSQL can store: api/routes/manage/query.ts refuses NUL in every parameter (and text that is not UTF-8, which a percent-encoded URL of a string cannot carry). */
const STORABLE = '^[^\\x00]*$';
/** A query parameter of at most `max` UTF-16 units, as QueryReader counts: described as that many characters of the Basic Multilingual Plane (no NUL). */
const text = (max: number) => ({ type: 'string', maxLength: max, pattern: '^[\\x01-\\uD7FF\\uE000-\\uFFFF]*$' });
const PAGE = [
  { name: 'limit', description: 'Rows per page, 1 to 100 (default 25).', schema: { type: 'integer', minimum: 1, maximum: 100 } },
  {
    name: 'cursor',
    description: '`next_cursor` of the previous page, as it was given: any other text is a 400 on `cursor` (the cursor is opaque, so a schema cannot state which texts are one).',
    schema: { type: 'string', maxLength: 400, pattern: '^[A-Za-z0-9_-]*$' },
  },
];
/** An ISO 8601 date (midnight UTC) or RFC 3339 date-time; JavaScript's Date has no leap second. */
const TIME = { type: 'string', maxLength: 40, anyOf: [{ format: 'date' }, { format: 'date-time', pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}[Tt][0-9]{2}:[0-9]{2}:[0-5][0-9]' }] };

/** The per-client and total hourly limits of the anonymous operations (api/middleware/authLimits.ts). */
const ANONYMOUS_LIMIT: Record<number, [Answer, string]> = {
  429: [{ codes: ['too_many_requests'] }, 'Too many such requests from this client, or from everyone, this hour (Retry-After).'],
};

const OPERATIONS: Record<string, Record<string, Operation>> = {
  '/api/auth/signup': {
    post: {
      summary: 'Create an account and its user; sends a verification email. Always 202 with the same body.',
      auth: false,
      body: 'SignupRequest',
      ok: [202, 'Accepted', 'Accepted (whether or not the address already had an account).'],
      more: ANONYMOUS_LIMIT,
    },
  },
  '/api/auth/verify-email': {
    post: { summary: 'Verify the account email with the token from the verification link.', auth: false, body: 'VerifyEmailRequest', ok: [200, 'Accepted', 'Verified.'], more: ANONYMOUS_LIMIT },
  },
  '/api/auth/verify-email/resend': {
    post: {
      summary: 'Send a new verification link (signed-in users whose address is unverified).',
      ok: [202, 'Accepted', 'Sent if the address is still unverified.'],
      more: { 404: [{ codes: ['not_found'] }, 'Called with an API key: only a signed-in user has an address to verify.'] },
    },
  },
  '/api/auth/signin': {
    post: {
      summary: 'Sign in: starts a new session (HttpOnly cookie `postage_session`) and answers with the CSRF token.',
      auth: false,
      body: 'SigninRequest',
      ok: [200, 'Session', 'Signed in.'],
      more: {
        401: ['PlainError', 'The address or the password is wrong (which one is not said).'],
        429: [{ codes: ['too_many_attempts'] }, 'Too many failed sign-ins for the address from this client, for the address from all clients, or from this client (Retry-After).'],
      },
    },
  },
  '/api/auth/signout': { post: { summary: 'End this session.', ok: [200, 'Accepted', 'Signed out.'] } },
  '/api/auth/session': { get: { summary: 'The signed-in user, the account and the CSRF token.', auth: false, ok: [200, 'Session', 'Signed in.'], more: { 401: ['PlainError', 'Not signed in.'] } } },
  '/api/auth/password-reset': {
    post: {
      summary: 'Email a password-reset link (valid 1 hour). Always 202 with the same body.',
      auth: false,
      body: 'PasswordResetRequest',
      ok: [202, 'Accepted', 'Accepted.'],
      more: ANONYMOUS_LIMIT,
    },
  },
  '/api/auth/password-reset/confirm': {
    post: {
      summary: 'Set a new password with the reset token; signs the user out everywhere.',
      auth: false,
      body: 'PasswordResetConfirmRequest',
      ok: [200, 'Accepted', 'Password changed.'],
      more: ANONYMOUS_LIMIT,
    },
  },
  '/api/auth/password': {
    post: {
      summary: 'Change the password (signed-in users); ends every session and starts a new one.',
      body: 'PasswordChangeRequest',
      ok: [200, 'Session', 'Changed; the new session.'],
      more: { 404: [{ codes: ['not_found'] }, 'Called with an API key.'] },
    },
  },

  '/api/domains': {
    get: { summary: 'The account’s sending domains with their DNS records and states.', ok: [200, 'DomainList', 'The domains.'] },
    post: {
      summary:
        'Claim a domain (mode fixed for good); answers with the records to publish: the ownership TXT, MAIL FROM MX and SPF, DMARC. The 3 DKIM CNAMEs follow once ownership is verified. Other accounts’ claims of the name change nothing in the answer; the first account to verify ownership wins the name. Unverified claims expire (`expires_at`).',
      body: 'CreateDomainRequest',
      ok: [201, 'Domain', 'Added.'],
      more: {
        409: [
          { codes: ['domain_exists', 'too_many_pending_domains', 'byoc_setup_required'] },
          'Already in this account, too many domains of the account await ownership verification, or a BYOC domain before BYOC validates.',
        ],
      },
    },
  },
  '/api/domains/{name}': {
    get: { summary: 'One domain and the state of each record.', ok: [200, 'Domain', 'The domain.'] },
    delete: { summary: 'Delete the domain (a released claim too) and its SES identity if it has one.', ok: [200, 'Deleted', 'Deleted (warnings say what could not be removed from SES).'] },
  },
  '/api/domains/{name}/verify': {
    post: {
      summary:
        'Check DNS: ownership (TXT), then DKIM (3 CNAMEs), plus the advisory records; says which required records are missing. Once ownership is verified the SES identity is created and the DKIM records are issued; other unverified claims of the name are released.',
      ok: [200, 'DomainVerification', 'Checked.'],
      more: {
        409: [
          { codes: ['domain_unavailable', 'byoc_setup_required'] },
          'The claim is released, or the TXT record was found but the name cannot be verified in this account; or a BYOC domain whose BYOC stopped validating.',
        ],
        502: [{ codes: ['provider_error'] }, 'DNS or SES could not answer; try again.'],
      },
    },
  },
  '/api/api-keys': {
    get: { summary: 'The account’s API keys (never their secrets), with when each was last used.', ok: [200, 'ApiKeyList', 'The keys.'] },
    post: {
      summary: 'Create a key; the secret is in this response only. A caller cannot create a key with more permission than its own.',
      body: 'CreateApiKeyRequest',
      ok: [201, 'CreatedApiKey', 'Created.'],
    },
  },
  '/api/api-keys/{id}': { delete: { summary: 'Revoke a key (by id or `pk_` prefix); its next request gets 401.', ok: [200, 'ApiKey', 'Revoked.'] } },
  '/api/webhooks': {
    get: { summary: 'The account’s webhook endpoints.', ok: [200, 'WebhookList', 'The endpoints.'] },
    post: { summary: 'Create an endpoint; the signing secret is in this response only (Growth and Pro plans).', body: 'CreateWebhookRequest', ok: [201, 'CreatedWebhook', 'Created.'] },
  },
  '/api/webhooks/{id}': {
    patch: { summary: 'Change the URL, the events or the active switch (Growth and Pro plans).', body: 'UpdateWebhookRequest', ok: [200, 'Webhook', 'Changed.'] },
    delete: { summary: 'Delete the endpoint, its secret and its delivery history (permanent).', ok: [200, 'Deleted', 'Deleted.'] },
  },
  '/api/webhooks/{id}/deliveries': { get: { summary: 'Recent delivery attempts, newest first.', query: [PAGE[0]!], ok: [200, 'WebhookDeliveries', 'The deliveries.'] } },
  '/api/webhooks/{id}/test': {
    post: {
      summary: 'POST a signed test event of the chosen type (spec 6.4 flat test shape) to the endpoint now, and record it (Growth and Pro plans; at most 10 test events a minute per account).',
      body: 'TestWebhookRequest',
      ok: [200, 'WebhookTestResult', 'Attempted (see `delivery.succeeded`; a failure without an HTTP answer says only its category in `delivery.error`).'],
      more: { 409: [{ codes: ['webhook_inactive'] }, 'The endpoint is inactive.'], 429: [{ codes: ['too_many_requests'] }, 'The account sent its 10 test events of this minute (Retry-After).'] },
    },
  },
  '/api/byoc': {
    get: { summary: 'The BYOC configuration (role, region, ExternalId, validation state).', ok: [200, 'Byoc', 'The configuration (configured: false before the first save).'] },
    put: {
      summary: 'Validate and save the role ARN and region; answers with the spec 5.3 failure reason when validation fails (the configuration is saved either way).',
      body: 'ByocRequest',
      ok: [200, 'ByocSaved', 'Saved; see `validation`.'],
    },
  },
  '/api/byoc/validate': {
    post: {
      summary: 'Validate the saved configuration again.',
      ok: [200, 'ByocValidation', 'Validated; see `validation`.'],
      more: { 409: [{ codes: ['byoc_setup_required'] }, 'Nothing saved yet.'] },
    },
  },
  '/api/byoc/policy': { get: { summary: 'The trust policy (relay account, ExternalId condition) and the 11 permissions of Service-BYOC-Role.', ok: [200, 'ByocPolicy', 'The policies.'] } },
  '/api/byoc/cloudformation': {
    get: {
      summary: 'A CloudFormation template (JSON) creating Service-BYOC-Role with both policies.',
      ok: [200, 'CloudFormationTemplate', 'The template (Content-Disposition: attachment).'],
      more: { 409: [{ codes: ['byoc_setup_required'] }, 'Save the role ARN and region first: that creates the ExternalId.'] },
    },
  },
  '/api/emails': {
    get: {
      summary: 'The shared-mode email log, newest first (rows are kept 14 days).',
      query: [
        { name: 'status', description: 'queued, sent, delivered, bounced, complained or failed.', schema: { enum: [...LOG_STATUSES] } },
        { name: 'recipient', description: 'Part of the recipient address.', schema: text(320) },
        { name: 'from', description: 'Part of the sender address.', schema: text(320) },
        { name: 'since', description: 'ISO 8601; rows created at or after.', schema: TIME },
        { name: 'until', description: 'ISO 8601; rows created before.', schema: TIME },
        ...PAGE,
      ],
      ok: [200, 'EmailList', 'A page of the log.'],
    },
  },
  '/api/emails/{message_id}': { get: { summary: 'One message: its log row, its timeline and its webhook deliveries.', ok: [200, 'EmailDetail', 'The message.'] } },
  '/api/suppressions': {
    get: {
      summary: 'The suppression list, newest first.',
      query: [{ name: 'search', description: 'Part of the address.', schema: text(320) }, ...PAGE],
      ok: [200, 'SuppressionList', 'A page of the list.'],
    },
    post: {
      summary: 'Suppress an address by hand (reason `manual`).',
      body: 'CreateSuppressionRequest',
      ok: [201, 'SuppressionAdded', 'Added (200 when it was already there).'],
      more: { 200: ['SuppressionAdded', 'Already suppressed.'] },
    },
  },
  '/api/suppressions/{address}': { delete: { summary: 'Lift a suppression.', ok: [200, 'Deleted', 'Removed.'] } },
  '/api/usage': { get: { summary: 'This month’s allowance and use per mode, and daily sends for the previous and the current UTC month.', ok: [200, 'Usage', 'Usage.'] } },
};

function answer(a: Answer, err: (codes: string[]) => unknown) {
  if (typeof a === 'object') return err(a.codes);
  return ref(a);
}

export function managementPaths() {
  const err = (codes: string[]) => errorSchema(codes);
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [path, methods] of Object.entries(OPERATIONS)) {
    paths[path] = {};
    const pathParams = [...path.matchAll(/\{(\w+)\}/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: 'string', pattern: STORABLE } }));
    for (const [method, op] of Object.entries(methods)) {
      const auth = op.auth !== false;
      const responses: Record<string, unknown> = {
        [op.ok[0]]: { description: op.ok[2], content: { 'application/json': { schema: ref(op.ok[1]) } } },
        400: { description: 'Invalid body or query: field errors.', content: { 'application/json': { schema: ref('ValidationError') } } },
        500: { description: 'Unexpected failure.', content: { 'application/json': { schema: err(['internal_error']) } } },
        503: { description: 'Our database is unreachable; retry (Retry-After).', content: { 'application/json': { schema: err(['service_unavailable']) } } },
      };
      if (auth) {
        responses[401] = { description: 'Not signed in and no valid API key.', content: { 'application/json': { schema: ref('PlainError') } } };
        responses[403] = {
          description:
            '`insufficient_permission`: a sending key; a key asking for more permission or a wider domain scope than it has; a domain-scoped key on an account-wide resource (webhooks, BYOC, usage, suppression changes, new domains). `csrf_token_invalid`: a session request without X-CSRF-Token. `plan_required`: webhooks need Growth or Pro.',
          content: { 'application/json': { schema: err(managementCodes(403)) } },
        };
        responses[404] = {
          description: 'No such thing in this account (another account’s ids and names, and for a domain-scoped key those outside its scope, answer the same).',
          content: { 'application/json': { schema: err(['not_found']) } },
        };
      }
      for (const [status, [a, description]] of Object.entries(op.more ?? {})) {
        responses[status] = { description, content: { 'application/json': { schema: answer(a, err) } } };
      }
      paths[path][method] = {
        operationId: `${method}${path.replace(/[{}]/g, '').replace(/[/-](\w)/g, (_m, c: string) => c.toUpperCase())}`,
        summary: op.summary,
        tags: [path.startsWith('/api/auth') ? 'Sign-in' : 'Management'],
        security: auth ? [{ session: [], csrf: [] }, { apiKey: [] }] : [],
        parameters: [...pathParams, ...(op.query ?? []).map((q) => ({ name: q.name, in: 'query', required: false, description: q.description, schema: q.schema ?? { type: 'string' } }))],
        ...(op.body ? { requestBody: { required: !['TestWebhookRequest'].includes(op.body), content: { 'application/json': { schema: ref(op.body) } } } } : {}),
        responses,
      };
    }
  }
  return paths;
}

export const managementSchemas = { ...requestSchemas, ...responseSchemas };

export const managementSecuritySchemes = {
  session: { type: 'apiKey', in: 'cookie', name: 'postage_session', description: 'Set by POST /api/auth/signin.' },
  csrf: { type: 'apiKey', in: 'header', name: 'X-CSRF-Token', description: 'The csrf_token of the session; required on state-changing requests made with a session.' },
};
