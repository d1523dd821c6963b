// The sign-in and management API's request and response bodies, written once in TypeBox: each
// is at the same time the JSON Schema ajv validates requests with (api/http/requestBody.ts), the
// schema /openapi.json publishes (the tests validate every response they see against it) and,
// through Static<>, the TypeScript type of the handler's input and of the presenters' output.
// Each exported schema is named where it is defined (named.ts): the document publishes it under
// that name and refers to it wherever it appears.
import { TRACKING_SUBDOMAIN } from '../../core/domains/trackingDomain';
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { DEFAULT_KEY_PERMISSION, KEY_PERMISSIONS } from '../../core/accounts/apiKeys';
import { MAX_KEY_NETWORKS, NETWORK_PATTERN } from '../../core/accounts/keyNetworks';
import { GRANTABLE_ROLES, ROLES } from '../../core/accounts/roles';
import { USER_AGENT_MAX_LENGTH } from '../../core/accounts/userSessions';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../core/accounts/passwords';
import { SES_REGIONS } from '../../core/platform/sesRegions';
import { WEBHOOK_EVENT_TYPES } from '../../core/model/webhookEvents';
import { WEBHOOK_FAILURES } from '../../core/webhooks/webhookDelivery';
import { SENDING_MODES } from '../../core/model/sendingModes';
import { LOG_STATUSES } from '../../core/sending/emailLogListing';
import { checkedInCode } from './checkedInCode';
import { named } from './named';
import { BYOC_ROLE_ARN, DOMAIN_NAME, EMAIL_ADDRESS, NOT_BLANK, WEBHOOK_URL } from './patterns';
import { HEADER_SAFE, MAX_SUBJECT_LENGTH, NO_NUL, UNSUBSCRIBE_TOPIC } from '../../core/model/messageContent';
import { SCHEDULED_AT } from './sendRequest';
import { TEMPLATE_LIMITS } from '../../core/templates/templateLanguage';
import { TEMPLATE_ALIAS } from '../../core/templates/templates';

const described = (description?: string) => (description ? { description } : {});
const str = (description?: string) => Type.String(described(description));
const time = (description?: string) => Type.String({ format: 'date-time', ...described(description) });
const count = () => Type.Integer({ minimum: 0 });
/** One of a fixed list of texts: published as `enum` (TypeBox's union of literals would be an anyOf of consts). */
export const oneOf = <T extends string>(values: readonly T[], description?: string) =>
  Type.Unsafe<T>({ enum: [...values], ...described(description) });
/** The value or null, published as oneOf (generators read it as a nullable field). */
export const nullable = <S extends TSchema>(schema: S) =>
  Type.Unsafe<Static<S> | null>({ oneOf: [schema, { type: 'null' }] });
/** An object without other properties; every property required unless wrapped in Type.Optional. */
export const object = <P extends Record<string, TSchema>>(
  properties: P,
  options: { description?: string; minProperties?: number } = {},
) => Type.Object(properties, { additionalProperties: false, ...options });

// ---- requests ----
// What core/ checks with its own messages (addresses, password lengths, names, URLs, ARNs) is
// published with checkedInCode and left out of the ajv pass (checkedInCode.ts).

/** Sign-in and the current password: any text (a wrong one is a 401, or a 400 on `current_password`). */
const password = (description?: string) =>
  Type.String({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH * 4, ...described(description) });
/** A new password: core/accounts/passwords.ts counts characters (code points, as JSON Schema does). */
const newPassword = () =>
  checkedInCode(
    Type.String({
      minLength: PASSWORD_MIN_LENGTH,
      maxLength: PASSWORD_MAX_LENGTH,
      description: `${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters.`,
    }),
    password(),
  );
/** An address core/ checks (isValidAddress); also the privacy requests' (privacy.ts). */
export const email = () =>
  checkedInCode(Type.String({ format: 'email', minLength: 1, maxLength: 254, pattern: EMAIL_ADDRESS }), {
    type: 'string',
    minLength: 1,
    maxLength: 254,
  });
const token = () =>
  Type.String({
    minLength: 1,
    maxLength: 200,
    description: 'The token of the emailed link; a token that was not issued, is used or expired is a 400 on `token`.',
  });
const domainName = () =>
  checkedInCode(Type.String({ minLength: 1, maxLength: 253, pattern: DOMAIN_NAME }), {
    type: 'string',
    minLength: 1,
    maxLength: 253,
  });
const webhookUrl = () =>
  checkedInCode(
    Type.String({
      format: 'uri',
      minLength: 1,
      maxLength: 2048,
      pattern: WEBHOOK_URL,
      description:
        'http or https, without user name or password; its host must resolve to public addresses only (checked when saved: 400 on `url`).',
    }),
    { type: 'string', minLength: 1, maxLength: 2048 },
  );
const webhookEvents = () => Type.Array(oneOf(WEBHOOK_EVENT_TYPES), { minItems: 1, uniqueItems: true });

export const SignupRequest = named(
  'SignupRequest',
  object({ email: email(), password: newPassword(), name: Type.Optional(Type.String({ maxLength: 100 })) }),
);
/** Sign-in: any text (an address that is not one simply has no account: 401). */
export const SigninRequest = named(
  'SigninRequest',
  object({ email: Type.String({ minLength: 1, maxLength: 320 }), password: password() }),
);
export const VerifyEmailRequest = named('VerifyEmailRequest', object({ token: token() }));
const totpCode = () =>
  checkedInCode(
    Type.String({ pattern: '^[0-9]{6}$', description: 'The six digits the authenticator app shows now.' }),
    { type: 'string', maxLength: 100 },
  );
const recoveryCode = () =>
  Type.String({
    minLength: 1,
    maxLength: 100,
    description:
      'One of the recovery codes shown when two-factor sign-in was turned on (case, spaces and dashes do not matter); each works once.',
  });
export const SecondFactorRequest = named(
  'SecondFactorRequest',
  Type.Union([object({ code: totpCode() }), object({ recovery_code: recoveryCode() })], {
    description: 'A code from the authenticator app, or one recovery code.',
  }),
);
const base64url = (description?: string) =>
  Type.String({ pattern: '^[A-Za-z0-9_-]*$', maxLength: 4096, ...described(description) });
/** A browser's WebAuthn answer as JSON (PublicKeyCredential.toJSON(), or @simplewebauthn/browser's). */
const webAuthnAnswer = (response: Record<string, TSchema>, description: string) =>
  Type.Object(
    {
      id: base64url('The credential id.'),
      rawId: base64url(),
      type: Type.Literal('public-key'),
      response: Type.Object(response, { additionalProperties: true }),
      clientExtensionResults: Type.Object({}, { additionalProperties: true }),
      authenticatorAttachment: Type.Optional(Type.String({ maxLength: 100 })),
    },
    { additionalProperties: true, description },
  );
const passkeyName = () =>
  checkedInCode(Type.String({ minLength: 1, maxLength: 100, pattern: NOT_BLANK, description: 'Not only spaces.' }), {
    type: 'string',
    minLength: 1,
    maxLength: 100,
  });
export const PasskeyRegistrationRequest = named(
  'PasskeyRegistrationRequest',
  object({
    name: passkeyName(),
    response: webAuthnAnswer(
      { clientDataJSON: base64url(), attestationObject: base64url() },
      "navigator.credentials.create()'s answer to the registration options, as JSON; checked against this session's challenge (5 minutes), BASE_URL's origin and host, with the person verified.",
    ),
  }),
);
export const PasskeySigninRequest = named(
  'PasskeySigninRequest',
  object({
    response: webAuthnAnswer(
      { clientDataJSON: base64url(), authenticatorData: base64url(), signature: base64url() },
      "navigator.credentials.get()'s answer to the sign-in options, as JSON; checked against this session's challenge (5 minutes), BASE_URL's origin and host, with the person verified.",
    ),
  }),
);
export const RenamePasskeyRequest = named('RenamePasskeyRequest', object({ name: passkeyName() }));
const webAuthnOptions = (description: string) =>
  Type.Object(
    { challenge: base64url('Good for 5 minutes, in this session only.') },
    { additionalProperties: true, description },
  );
export const PasskeyRegistrationOptions = named(
  'PasskeyRegistrationOptions',
  webAuthnOptions(
    "WebAuthn's PublicKeyCredentialCreationOptionsJSON: give it to PublicKeyCredential.parseCreationOptionsFromJSON() (or @simplewebauthn/browser's startRegistration) and send the answer to POST /api/auth/passkeys. A discoverable credential, the person verified; the person's other passkeys are excluded.",
  ),
);
export const PasskeySigninOptions = named(
  'PasskeySigninOptions',
  webAuthnOptions(
    "WebAuthn's PublicKeyCredentialRequestOptionsJSON, for any passkey of this site (no address is asked): give it to PublicKeyCredential.parseRequestOptionsFromJSON() (or @simplewebauthn/browser's startAuthentication) and send the answer to POST /api/auth/signin/passkey.",
  ),
);
export const PasskeyView = named(
  'Passkey',
  object({ id: str(), name: str(), created_at: time(), last_used_at: nullable(time()) }),
);
export const PasskeyList = named('PasskeyList', object({ passkeys: Type.Array(PasskeyView) }));
export const TwoFactorCodeRequest = named('TwoFactorCodeRequest', object({ code: totpCode() }));
export const TwoFactorRequirementRequest = named(
  'TwoFactorRequirementRequest',
  object({
    required: Type.Boolean({
      description:
        'true: every member must sign in with two factors; one without it is taken to set it up at their next sign-in and can do nothing else until then.',
    }),
  }),
);
/** The largest number of days a request may carry; the account's own bound is checked by core/accounts/retention.ts. */
const MAX_RETENTION_DAYS = 36_500;
const retentionChoice = (what: string) =>
  Type.Optional(
    nullable(
      Type.Integer({
        minimum: 1,
        maximum: MAX_RETENTION_DAYS,
        description: `Days to keep ${what}, from 1 to this account’s \`max\` (a 400 on this field past it); null: the default. Absent: unchanged.`,
      }),
    ),
  );
export const RetentionRequest = named(
  'RetentionRequest',
  object(
    {
      email_log: retentionChoice('the email log and its timelines'),
      content: retentionChoice('shared-mode message content and attachments'),
      received: retentionChoice('received messages, their attachments and parsed content'),
    },
    { minProperties: 1 },
  ),
);
const retentionOfKind = (what: string) =>
  object(
    {
      days: Type.Integer({ minimum: 1, description: 'Days kept now: the choice, or the default, within `max`.' }),
      chosen: nullable(Type.Integer({ minimum: 1, description: 'This account’s choice; null: the default.' })),
      default: Type.Integer({ minimum: 1, description: 'Days kept without a choice.' }),
      max: Type.Integer({
        minimum: 1,
        description: 'The most this account may choose: its plan’s bound, within the deployment’s.',
      }),
    },
    { description: what },
  );
export const Retention = named(
  'Retention',
  object({
    email_log: retentionOfKind('The email log and its timelines.'),
    content: retentionOfKind('Shared-mode message content and attachments.'),
    received: retentionOfKind('Received messages, their attachments and parsed content.'),
  }),
);
const grantableRole = () =>
  oneOf(GRANTABLE_ROLES, 'Not above the inviter’s own role; ownership moves only by transfer.');
export const InvitationRequest = named('InvitationRequest', object({ email: email(), role: grantableRole() }));
export const InvitationTokenRequest = named('InvitationTokenRequest', object({ token: token() }));
export const AcceptInvitationRequest = named(
  'AcceptInvitationRequest',
  object({
    token: token(),
    password: Type.Optional(newPassword()),
    name: Type.Optional(Type.String({ maxLength: 100 })),
  }),
);
export const MemberRoleRequest = named('MemberRoleRequest', object({ role: grantableRole() }));
export const TransferOwnershipRequest = named(
  'TransferOwnershipRequest',
  object({
    user_id: Type.String({
      format: 'uuid',
      description: 'The member who becomes the owner; the owner becomes an admin.',
    }),
  }),
);
export const SwitchAccountRequest = named(
  'SwitchAccountRequest',
  object({ account_id: Type.String({ format: 'uuid' }) }),
);
export const PasswordResetRequest = named('PasswordResetRequest', object({ email: email() }));
export const PasswordResetConfirmRequest = named(
  'PasswordResetConfirmRequest',
  object({ token: token(), password: newPassword() }),
);
export const PasswordChangeRequest = named(
  'PasswordChangeRequest',
  object({
    current_password: password('A wrong current password is a 400 on `current_password`.'),
    new_password: newPassword(),
  }),
);
export const CreateDomainRequest = named(
  'CreateDomainRequest',
  object(
    { name: domainName(), sending_mode: oneOf(SENDING_MODES) },
    {
      description:
        'A `byoc` domain is a registrable domain, not a subdomain (400 on `name`: the public suffix list decides, which a pattern cannot state).',
    },
  ),
);
export const UpdateDomainRequest = named(
  'UpdateDomainRequest',
  object(
    {
      track_opens: Type.Optional(
        Type.Boolean({ description: 'Track opens of sends that do not say (shared mode only).' }),
      ),
      track_clicks: Type.Optional(
        Type.Boolean({ description: 'Track clicks of sends that do not say (shared mode only).' }),
      ),
      tracking_subdomain: Type.Optional(
        Type.Union([Type.String({ pattern: TRACKING_SUBDOMAIN, minLength: 1, maxLength: 63 }), Type.Null()], {
          description:
            'One DNS label (lowercase letters, digits, hyphens; 1 to 63): `<label>.<domain>` must be a CNAME of the service (the `tracking` record). Changing it clears its verification; null removes it.',
        }),
      ),
    },
    { minProperties: 1 },
  ),
);
export const CreateApiKeyRequest = named(
  'CreateApiKeyRequest',
  object({
    name: checkedInCode(
      Type.String({ minLength: 1, maxLength: 100, pattern: NOT_BLANK, description: 'Not only spaces.' }),
      { type: 'string', minLength: 1, maxLength: 100 },
    ),
    permission: Type.Optional(
      Type.Unsafe<(typeof KEY_PERMISSIONS)[number]>({ enum: [...KEY_PERMISSIONS], default: DEFAULT_KEY_PERMISSION }),
    ),
    domains: Type.Optional(
      Type.Array(domainName(), {
        maxItems: 100,
        description:
          "Domains the key may send from, each a domain of this account (another name is a 400 on `domains`); empty or absent: all the account's domains.",
      }),
    ),
    networks: Type.Optional(
      Type.Array(
        checkedInCode(
          Type.String({
            maxLength: 43,
            pattern: NETWORK_PATTERN,
            description:
              'An IPv4 range (`203.0.113.0/24`) or IPv6 range (`2001:db8::/32`) in CIDR notation, or one address (its own range). Bits right of the mask are cleared (`10.1.2.3/8` is stored as `10.0.0.0/8`).',
          }),
          { type: 'string', maxLength: 43 },
        ),
        {
          maxItems: MAX_KEY_NETWORKS,
          description:
            'The networks the key may be used from (docs/teams.md, "Keys bound to networks"): from any other address every request with it is refused with 403 `network_not_allowed`, and the SMTP relay refuses its AUTH. The client address follows TRUST_PROXY (the relay: the PROXY protocol). Empty or absent: anywhere.',
        },
      ),
    ),
    test: Type.Optional(
      // No `default` keyword: the SDKs' generated types would make the field required.
      Type.Boolean({
        description:
          'Absent or false: a live key. True: a test key (docs/test-recipients.md, "Test keys"): every send through it (the API, batches, scheduled sends, the SMTP relay) is simulated and never reaches SES or a mailbox, whatever the recipient: a test-domain recipient gets its outcome, any other `delivered`. Its messages are marked `test` in the email log and their webhooks, counted apart from the monthly quota (at most 10,000 a month per account, then 429 `usage_limit_exceeded`), and sent from shared domains only (a BYOC domain: 403 `unauthorized`). A test key can create test keys only.',
      }),
    ),
    expires_at: Type.Optional(
      nullable(
        time(
          'When the key stops working, in the future (a past time is a 400 on `expires_at`); absent or null: never.',
        ),
      ),
    ),
  }),
);
export const CreateWebhookRequest = named(
  'CreateWebhookRequest',
  object({ url: webhookUrl(), events: webhookEvents() }),
);
export const UpdateWebhookRequest = named(
  'UpdateWebhookRequest',
  object(
    { url: Type.Optional(webhookUrl()), events: Type.Optional(webhookEvents()), active: Type.Optional(Type.Boolean()) },
    { minProperties: 1 },
  ),
);
export const TestWebhookRequest = named(
  'TestWebhookRequest',
  object({ event_type: Type.Optional(oneOf(WEBHOOK_EVENT_TYPES)) }),
);
export const ByocRequest = named(
  'ByocRequest',
  object({
    role_arn: checkedInCode(Type.String({ minLength: 1, maxLength: 2048, pattern: BYOC_ROLE_ARN }), {
      type: 'string',
      minLength: 1,
      maxLength: 2048,
    }),
    // A pattern rather than an enum: the same rule, and the dashboard's form keeps its free-text field (a typed client would want the union).
    region: checkedInCode(
      Type.String({
        minLength: 1,
        maxLength: 64,
        pattern: `^(?:${SES_REGIONS.join('|')})$`,
        description: 'An AWS region where SES offers its API.',
      }),
      {
        type: 'string',
        minLength: 1,
        maxLength: 64,
      },
    ),
  }),
);
/** A topic of one-click unsubscribe (docs/sending.md, "One-click unsubscribe"). */
const topic = (description: string) =>
  Type.String({ minLength: 1, maxLength: 64, pattern: UNSUBSCRIBE_TOPIC, description });
export const CreateSuppressionRequest = named(
  'CreateSuppressionRequest',
  object({
    address: email(),
    topic: Type.Optional(
      topic(
        'Suppress only sends whose `unsubscribe.topic` is this one (1 to 64 lower-case letters, digits, `_`, `.` or `-`). Absent: all mail.',
      ),
    ),
  }),
);
export const RescheduleRequest = named(
  'RescheduleRequest',
  object({
    scheduled_at: Type.String({
      format: 'date-time',
      maxLength: 40,
      pattern: SCHEDULED_AT,
      description:
        'The new time: at most 30 days ahead; a time less than 10 minutes past sends the message at once (otherwise a 400 on `scheduled_at`).',
    }),
  }),
);

/** Not only spaces, and no NUL (PostgreSQL text cannot hold it). */
const templateName = () =>
  Type.String({
    minLength: 1,
    maxLength: 200,
    pattern: '^[^\\x00]*[^\\s\\uFEFF\\x00][^\\x00]*$',
    description: 'A name for people (not unique): not only spaces.',
  });
const templateAlias = () =>
  nullable(
    checkedInCode(
      Type.String({
        pattern: TEMPLATE_ALIAS,
        description:
          'Unique in the account and usable in place of the id: 1 to 64 lower-case letters, digits or `-`, not shaped like a UUID (400 on `alias`).',
      }),
      { type: 'string', pattern: TEMPLATE_ALIAS },
    ),
  );
const templateSubject = () =>
  Type.String({
    minLength: 1,
    maxLength: MAX_SUBJECT_LENGTH,
    pattern: HEADER_SAFE,
    description: 'A Liquid template of one line; nothing in it is escaped, and a rendered line break is refused.',
  });
const templateHtml = () =>
  Type.String({
    minLength: 1,
    maxLength: TEMPLATE_LIMITS.sourceChars,
    pattern: NO_NUL,
    description: 'A Liquid template; every `{{ output }}` is HTML-escaped unless it ends with `| raw`.',
  });
const templateText = () =>
  nullable(
    Type.String({
      maxLength: TEMPLATE_LIMITS.sourceChars,
      pattern: NO_NUL,
      description: 'A Liquid template, not escaped; null or absent: derived from the rendered HTML.',
    }),
  );
const templateVariableValues = () =>
  Type.Unsafe<Record<string, unknown>>({
    type: 'object',
    maxProperties: 1000,
    additionalProperties: true,
    description: 'The values the template reads, by name (strings, numbers, booleans, lists, objects).',
  });

export const CreateTemplateRequest = named(
  'CreateTemplateRequest',
  object({
    name: templateName(),
    alias: Type.Optional(templateAlias()),
    subject: templateSubject(),
    html: templateHtml(),
    text: Type.Optional(templateText()),
  }),
);
export const UpdateTemplateRequest = named(
  'UpdateTemplateRequest',
  object(
    {
      name: Type.Optional(templateName()),
      alias: Type.Optional(templateAlias()),
      subject: Type.Optional(templateSubject()),
      html: Type.Optional(templateHtml()),
      text: Type.Optional(templateText()),
    },
    {
      minProperties: 1,
      description:
        'Name and alias change at once; subject, html and text change the draft, which sends use once published.',
    },
  ),
);
export const PreviewTemplateRequest = named(
  'PreviewTemplateRequest',
  object({
    variables: Type.Optional(templateVariableValues()),
    version: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 2_147_483_647, description: 'A published version; absent: the draft.' }),
    ),
  }),
);
export const TemplateTestSendRequest = named(
  'TemplateTestSendRequest',
  object({
    from_email: checkedInCode(
      Type.String({
        minLength: 1,
        maxLength: 320,
        pattern: EMAIL_ADDRESS,
        description: 'A sender on a verified domain of the account.',
      }),
      {
        type: 'string',
        minLength: 1,
        maxLength: 320,
      },
    ),
    recipient: oneOf(
      ['delivered', 'bounce', 'complaint'] as const,
      'Which test recipient (on the test domain): its outcome is simulated, nothing leaves Postage.',
    ),
    variables: Type.Optional(templateVariableValues()),
  }),
);

// ---- responses ----

const user = object({
  id: str(),
  email: str(),
  name: str(),
  two_factor_enabled: Type.Boolean({ description: 'The person signs in with a code from an authenticator app.' }),
});
const role = () => oneOf(ROLES, 'viewer < developer < admin < owner (docs/decisions.md, "Teams").');
const account = object({
  id: str(),
  name: str(),
  email: str(),
  is_verified: Type.Boolean(),
  current_plan: str("Active plan id; '' without a subscription (the free BYOC plan)."),
  sending_suspended: Type.Boolean(),
  role: role(),
  require_two_factor: Type.Boolean({ description: 'Every member must sign in with two factors.' }),
});

/** Who made a change, as the audit log and the API keys' `created_by` show it. */
const actorView = named(
  'Actor',
  object({
    type: oneOf(['user', 'key', 'cli', 'system'] as const),
    id: str('A user or key id, the operator name, or the system part.'),
    name: nullable(str('The person’s name or email, or the key’s name.')),
    email: nullable(str()),
  }),
);

export const DnsRecordView = named(
  'DnsRecord',
  object({
    purpose: oneOf(
      ['ownership', 'dkim', 'mail_from', 'spf', 'dmarc', 'tracking'] as const,
      '`tracking`: the CNAME of the tracking subdomain (docs/domains.md, "Tracking subdomain"), listed while one is set.',
    ),
    type: oneOf(['TXT', 'CNAME', 'MX'] as const),
    name: str(),
    value: str(),
    required: Type.Boolean({
      description: 'Ownership and DKIM are required to send; the others are advisory (send warnings).',
    }),
    status: oneOf(
      ['verified', 'operator', 'pending', 'missing', 'unchecked'] as const,
      'verified (found in DNS); operator (required, marked verified by Postage support without DNS being read); pending (required, not found yet); missing (advisory, not found at the last check); unchecked.',
    ),
  }),
);

export const Domain = named(
  'Domain',
  object({
    name: str(),
    sending_mode: oneOf(SENDING_MODES),
    status: oneOf(
      ['pending_ownership', 'pending_dkim', 'verified', 'released'] as const,
      'released: another account proved ownership of the name first; the claim can never send and only deletion is left.',
    ),
    status_detail: str('The state and what to do next, in plain words.'),
    can_send: Type.Boolean(),
    verified_by: nullable(
      oneOf(
        ['dns', 'operator'] as const,
        'How the required records were verified: found in DNS, or vouched for by Postage support without DNS being read; null until verified.',
      ),
    ),
    ownership_verified_at: nullable(time()),
    dkim_verified_at: nullable(time()),
    mail_from_domain: nullable(str()),
    last_checked_at: nullable(time()),
    expires_at: nullable(
      time('An unverified claim is deleted at this time unless its ownership is verified first; null once verified.'),
    ),
    released_at: nullable(time('When another account proved ownership of the name first.')),
    records: Type.Array(DnsRecordView, {
      description:
        'The records to publish. The three DKIM CNAMEs are issued (and listed) once ownership is verified: the SES identity is created only then.',
    }),
    track_opens: Type.Boolean({
      description:
        'Sends without `track_opens` track opens (shared mode only: docs/sending.md, "Tracking opens and clicks").',
    }),
    track_clicks: Type.Boolean({ description: 'Sends without `track_clicks` track clicks (shared mode only).' }),
    tracking_subdomain: nullable(
      str('The label of the tracking subdomain (`track` for `track.example.com`), a CNAME to the service; null: none.'),
    ),
    tracking_host: str(
      'The base URL tracked links use now: the tracking subdomain once its CNAME is verified, else the service itself.',
    ),
    created_at: time(),
  }),
);

export const ApiKey = named(
  'ApiKey',
  object({
    id: str(),
    name: str(),
    prefix: str('The public part of the key (`pk_<lookup id>`); the secret is never shown again.'),
    permission: oneOf(KEY_PERMISSIONS),
    domains: Type.Array(str()),
    networks: Type.Array(str(), {
      description: 'The CIDR ranges the key may be used from, canonical; empty: anywhere.',
    }),
    test: Type.Boolean({
      description: 'A test key: its sends are simulated, never reach SES (docs/test-recipients.md, "Test keys").',
    }),
    state: oneOf(['active', 'revoked', 'expired'] as const),
    expires_at: nullable(time()),
    revoked_at: nullable(time()),
    last_used_at: nullable(time('Within a minute.')),
    created_at: time(),
    created_by: nullable(actorView),
  }),
);

export const Webhook = named(
  'Webhook',
  object({
    id: str(),
    url: str(),
    events: Type.Array(oneOf(WEBHOOK_EVENT_TYPES)),
    active: Type.Boolean(),
    created_at: time(),
  }),
);

const durationMs = () =>
  Type.Integer({
    minimum: 0,
    description: 'How long the endpoint took to answer; without an answer, the deadline for `timeout` and 0 otherwise.',
  });
const deliveryError = () =>
  nullable(
    oneOf(
      WEBHOOK_FAILURES,
      'Why no HTTP answer came, by category only; null when the endpoint answered (see `status_code`).',
    ),
  );

export const WebhookDelivery = named(
  'WebhookDelivery',
  object({
    id: str('Identifies the delivery (to replay it).'),
    replay_of: nullable(
      str('The delivery this one replayed (POST .../deliveries/{delivery_id}/replay); null otherwise.'),
    ),
    event_type: str(),
    message_id: nullable(str()),
    test: Type.Boolean({ description: 'A test event sent from the dashboard or the API.' }),
    status_code: nullable(Type.Integer()),
    succeeded: Type.Boolean(),
    duration_ms: durationMs(),
    error: deliveryError(),
    attempted_at: time(),
  }),
);

const policy = () =>
  Type.Object(
    { Version: Type.Literal('2012-10-17'), Statement: Type.Array(Type.Object({})) },
    { description: 'An IAM policy document.' },
  );

export const Byoc = named(
  'Byoc',
  object({
    configured: Type.Boolean({ description: 'A configuration was saved.' }),
    byoc_configured: Type.Boolean({
      description: 'Validated, enabled and usable (the `byoc_configured` of GET /api/me/).',
    }),
    role_name: Type.Literal('Service-BYOC-Role'),
    role_arn: nullable(str()),
    region: nullable(str()),
    external_id: nullable(str('48 hexadecimal characters, created on the first save and kept.')),
    validated_at: nullable(time()),
    validation_error: nullable(str()),
    unusable_reason: nullable(str('Set when sending found the role unusable; validate again.')),
  }),
);

export const ByocValidationView = named(
  'ByocValidationResult',
  object({
    ok: Type.Boolean(),
    code: oneOf([
      'ok',
      'assume_role_failed',
      'external_id_not_required',
      'sending_disabled',
      'sandbox',
      'missing_permission',
      'not_propagated',
      'ses_unreachable',
    ] as const),
    message: str('The failure reason (or that validation passed), in plain words.'),
  }),
);

export const EmailSummary = named(
  'EmailSummary',
  object({
    message_id: str(),
    recipient: str(),
    from_email: str(),
    subject: str(),
    status: oneOf(LOG_STATUSES),
    kind: oneOf(['real', 'test', 'simulator'] as const),
    test: Type.Boolean({
      description:
        'Sent with a test key (docs/test-recipients.md, "Test keys"): simulated, nothing transmitted, counted apart from the quota. Such a message is also `kind` `test`.',
    }),
    bounce_type: nullable(str()),
    bounce_subtype: nullable(str()),
    created_at: time(),
    sent_at: nullable(time()),
    delivered_at: nullable(time()),
    bounced_at: nullable(time()),
    complained_at: nullable(time()),
    failed_at: nullable(time()),
    tags: Type.Unsafe<Record<string, string>>({
      type: 'object',
      additionalProperties: { type: 'string' },
      description: 'The tags the send carried (`{}` without).',
    }),
    scheduled_at: nullable(time('A scheduled send: when it goes (or went); null for an ordinary send.')),
    template: nullable(
      object(
        {
          id: str(),
          version: nullable(
            Type.Integer({ minimum: 1, description: 'null: the draft (a test send from the dashboard).' }),
          ),
        },
        {
          description:
            'The template and version the message was rendered from; null for a message written in the request.',
        },
      ),
    ),
  }),
);
export const EmailSchedule = named(
  'EmailSchedule',
  object({
    message_id: str(),
    status: oneOf(['scheduled', 'canceled'] as const),
    scheduled_at: nullable(time('When it goes; null once cancelled.')),
  }),
);

export const TimelineEventView = named(
  'TimelineEvent',
  object({
    type: oneOf(
      [
        'scheduled',
        'canceled',
        'queued',
        'sent',
        'possible_duplicate',
        'delivered',
        'bounced',
        'complained',
        'failed',
        'delivery_delayed',
        'opened',
        'clicked',
        'unsubscribed',
        'replied',
      ] as const,
      '`possible_duplicate`: Postage sent the message to SES again after an earlier attempt whose answer was lost (its worker died, or SES did not answer in time): the recipient may get two copies (`details.reason`). ' +
        '`delivery_delayed`: SES could not deliver yet and keeps trying; not final, the status stays `sent` (`details.delay_type`, `details.reason`, `details.expiration_time`). ' +
        '`opened`/`clicked`: a tracked open or click (docs/sending.md, "Tracking opens and clicks"), `details.machine` `true` when it looks like a scanner, prefetch or privacy proxy. ' +
        '`unsubscribed`: the recipient used the one-click unsubscribe link (docs/sending.md, "One-click unsubscribe"; `details.topic`: the link\'s topic, empty for all mail). ' +
        '`replied`: a received message answers this one (docs/inbound.md, "Replies"; `details.inbound_id`: the received message, `GET /api/inbound/{id}`); one event per reply.',
    ),
    at: time(),
    details: Type.Unsafe<Record<string, string>>({
      type: 'object',
      additionalProperties: { type: 'string' },
      description:
        'bounce_type/bounce_subtype, reason, smtp_response, provider_message_id or delay_type/expiration_time where they apply; machine and user_agent for opens and clicks, url and link_index for clicks; inbound_id for replies.',
    }),
  }),
);

export const MessageWebhookDelivery = named(
  'MessageWebhookDelivery',
  object({
    endpoint_id: str(),
    url: str(),
    event_type: str(),
    status_code: nullable(Type.Integer()),
    succeeded: Type.Boolean(),
    duration_ms: durationMs(),
    error: deliveryError(),
    attempted_at: time(),
  }),
);

export const Suppression = named(
  'Suppression',
  object({
    address: str(
      'The address, lower-cased; `[erased]` for an erased address (docs/privacy.md, "Erasing an address"), whose entry is kept as a keyed hash and lifted by naming the address.',
    ),
    reason: oneOf(
      ['bounce', 'complaint', 'manual', 'unsubscribed', 'erased'] as const,
      '`unsubscribed`: the recipient used a one-click unsubscribe link. `erased`: the address was erased while it was not suppressed, so that it is never mailed again.',
    ),
    topic: nullable(
      str(
        'Null: every send to the address is refused. A topic: only sends whose `unsubscribe.topic` is this one (the recipient left that topic).',
      ),
    ),
    created_at: time(),
  }),
);

const perMode = () => object({ byoc: count(), shared: count() });

export const Accepted = named('Accepted', object({ success: Type.Literal(true), detail: str() }));
export const Session = named(
  'Session',
  object({
    user,
    account,
    accounts: Type.Array(object({ id: str(), name: str(), role: role() }), {
      description: 'Every account the person belongs to, the one used last first.',
    }),
    csrf_token: str('Send it as X-CSRF-Token on every state-changing request made with this session.'),
    two_factor_setup_required: Type.Boolean({
      description:
        'The account requires two-factor sign-in and this person has not turned it on: until they do, every management request but the session, signing out and the two-factor setup answers 403 `two_factor_setup_required`.',
    }),
  }),
);
export const TwoFactorChallenge = named(
  'TwoFactorChallenge',
  object({
    success: Type.Literal(true),
    two_factor_required: Type.Literal(true),
    detail: str(),
  }),
);
export const TwoFactorSetup = named(
  'TwoFactorSetup',
  object({
    secret: str('Base32, for typing into the app by hand; shown during the setup only.'),
    otpauth_uri: str('The `otpauth://totp/...` URI the QR code holds.'),
    qr_code_svg: str('The QR code, an SVG document.'),
  }),
);
export const RecoveryCodes = named(
  'RecoveryCodes',
  object({
    recovery_codes: Type.Array(str(), {
      description:
        'Ten codes, shown this once, each usable once instead of a code from the app. Earlier ones stop working.',
    }),
  }),
);
export const AccountDeletionRequest = named(
  'AccountDeletionRequest',
  object({
    confirm: Type.String({
      minLength: 1,
      maxLength: 320,
      description: 'The account’s name, exactly as the dashboard shows it (its email address when it has no name).',
    }),
  }),
);
export const AccountDeletion = named(
  'AccountDeletion',
  object({
    pending: Type.Boolean({ description: 'A deletion is scheduled: the account sends nothing until it is cancelled.' }),
    requested_at: nullable(time('When the owner asked; null when no deletion is pending.')),
    due_at: nullable(
      time(
        'When everything is deleted (the end of the grace period, ACCOUNT_DELETION_GRACE_DAYS); null when none is pending.',
      ),
    ),
  }),
);
export const TwoFactorStatus = named(
  'TwoFactorStatus',
  object({
    enabled: Type.Boolean(),
    enabled_at: nullable(time()),
    recovery_codes_left: Type.Integer({ minimum: 0 }),
  }),
);
export const UserSession = named(
  'UserSession',
  object({
    id: str('The session’s public id (never its cookie), for DELETE /api/auth/sessions/{id}.'),
    device: str(
      'A short label read from the User-Agent: the browser and its major version and the operating system (`Chrome 126 on macOS`); for other clients, the first product of the User-Agent; `Unknown device` without one.',
    ),
    user_agent: nullable(
      str(
        `The User-Agent header of the sign-in, its first ${USER_AGENT_MAX_LENGTH} characters; null when it had none.`,
      ),
    ),
    ip: nullable(
      str(
        'The client address of the sign-in as the API saw it (behind the proxies TRUST_PROXY names, the address they forwarded); null when unknown.',
      ),
    ),
    created_at: time('The sign-in.'),
    last_used_at: time('The last request made with the session.'),
    current: Type.Boolean({ description: 'The session this request was made with.' }),
  }),
);
export const UserSessionList = named(
  'UserSessionList',
  object({
    sessions: Type.Array(UserSession, {
      description: 'Your live sessions in every account, the one used last first.',
    }),
  }),
);
export const EndedSessions = named(
  'EndedSessions',
  object({
    success: Type.Literal(true),
    ended: Type.Integer({ minimum: 0, description: 'How many sessions were ended.' }),
  }),
);
export const Member = named(
  'Member',
  object({
    user_id: str(),
    email: str(),
    name: str(),
    role: role(),
    joined_at: time(),
    two_factor_enabled: Type.Boolean({ description: 'The member signs in with two factors.' }),
  }),
);
export const MemberList = named('MemberList', object({ members: Type.Array(Member) }));
export const RemovedMember = named(
  'RemovedMember',
  object({
    member: Member,
    revoked_keys: Type.Array(str(), {
      description: 'Prefixes of the API keys the member made, revoked with the removal.',
    }),
  }),
);
export const Invitation = named(
  'Invitation',
  object({
    id: str(),
    email: str(),
    role: oneOf(GRANTABLE_ROLES),
    invited_by: actorView,
    created_at: time(),
    expires_at: time(),
  }),
);
export const InvitationList = named('InvitationList', object({ invitations: Type.Array(Invitation) }));
export const InvitationPreview = named(
  'InvitationPreview',
  object({
    account_name: str(),
    email: str('The invited address.'),
    role: oneOf(GRANTABLE_ROLES),
    invited_by: nullable(str()),
    expires_at: time(),
    has_user: Type.Boolean({
      description: 'true: sign in as the address to accept; false: accept with a new password.',
    }),
    require_two_factor: Type.Boolean({
      description: 'The account requires two-factor sign-in: the member sets it up when they first sign in.',
    }),
  }),
);
export const AuditEntry = named(
  'AuditEntry',
  object({
    id: str(),
    actor: actorView,
    action: str(),
    details: Type.Record(Type.String(), Type.Unknown()),
    created_at: time(),
  }),
);
export const AuditList = named(
  'AuditList',
  object({
    entries: Type.Array(AuditEntry),
    next_cursor: nullable(str('Pass as `cursor` for the next (older) page; null on the last.')),
  }),
);
export const DomainList = named('DomainList', object({ domains: Type.Array(Domain) }));
export const DomainVerification = named(
  'DomainVerification',
  object({
    domain: Domain,
    missing: Type.Array(DnsRecordView, { description: 'Required records not found yet (ownership first, then DKIM).' }),
    checks: Type.Array(
      object({
        purpose: str(),
        type: str(),
        name: str(),
        expected: str(),
        found: Type.Array(str()),
        ok: Type.Boolean(),
      }),
    ),
  }),
);
export const Deleted = named('Deleted', object({ success: Type.Literal(true), warnings: Type.Array(str()) }));
const templateFields = {
  id: str(),
  name: str(),
  alias: nullable(str()),
  published_version: nullable(
    Type.Integer({ minimum: 1, description: 'The version sends use; null until the first publish.' }),
  ),
  has_unpublished_changes: Type.Boolean({ description: 'The draft differs from the published version.' }),
  created_at: time(),
  updated_at: time(),
};
export const TemplateSummary = named('TemplateSummary', object(templateFields));
export const Template = named(
  'Template',
  object({
    ...templateFields,
    draft: object({
      subject: str(),
      html: str(),
      text: nullable(str()),
      variables: Type.Array(str(), { description: 'The variables the draft reads (top-level names).' }),
    }),
  }),
);
export const TemplateVersion = named(
  'TemplateVersion',
  object({
    version: Type.Integer({ minimum: 1 }),
    subject: str(),
    html: str(),
    text: nullable(str()),
    variables: Type.Array(str()),
    published_at: time(),
  }),
);
export const TemplateList = named(
  'TemplateList',
  object({
    templates: Type.Array(TemplateSummary),
    next_cursor: nullable(str('Pass as `cursor` for the next (older) page; null on the last page.')),
  }),
);
export const TemplateVersionList = named(
  'TemplateVersionList',
  object({ versions: Type.Array(TemplateVersion, { description: 'Newest first.' }) }),
);
export const TemplateTestSend = named(
  'TemplateTestSend',
  object({ message_id: str(), recipient: str('The test address it was sent to.') }),
);
export const TemplatePreview = named(
  'TemplatePreview',
  object({ subject: str(), html: str(), text: str('The text part: the template’s own, or derived from the HTML.') }),
);
export const ApiKeyList = named('ApiKeyList', object({ api_keys: Type.Array(ApiKey) }));
export const CreatedApiKey = named(
  'CreatedApiKey',
  object({ api_key: ApiKey, secret: str('The key itself, shown this once. Send it as X-API-Key.') }),
);
export const WebhookList = named('WebhookList', object({ webhooks: Type.Array(Webhook) }));
export const CreatedWebhook = named(
  'CreatedWebhook',
  object({
    webhook: Webhook,
    signing_secret: str(
      'Shown this once: verify each delivery’s Standard Webhooks signature and timestamp with it (`webhook-signature` over `webhook-id.webhook-timestamp.body`, a `webhook-timestamp` within 5 minutes), with an SDK’s verify helper or any Standard Webhooks library. X-Service-Signature, the older scheme, signs the body alone, with no timestamp: it gives no replay protection.',
    ),
  }),
);
export const RotatedSecret = named(
  'RotatedSecret',
  object({
    webhook: Webhook,
    signing_secret: str('The new secret, shown this once. X-Service-Signature uses it at once.'),
    previous_secret_expires_at: time(
      'Until then every delivery also carries a Standard Webhooks signature made with the previous secret (webhook-signature lists both).',
    ),
  }),
);
export const WebhookReplayResult = named(
  'WebhookReplayResult',
  object({
    delivery: WebhookDelivery,
    payload: Type.Unsafe<Record<string, unknown>>({
      type: 'object',
      description: 'The body that was signed and posted again (the same event: the same `webhook-id`).',
    }),
  }),
);
export const WebhookDeliveries = named('WebhookDeliveries', object({ deliveries: Type.Array(WebhookDelivery) }));
export const WebhookTestResult = named(
  'WebhookTestResult',
  object({
    delivery: WebhookDelivery,
    payload: Type.Unsafe<Record<string, unknown>>({
      type: 'object',
      description: 'The body that was signed and posted (the flat test-event shape; see the Webhooks guide).',
    }),
  }),
);
/** Typed as the template core/byoc builds (a CloudFormation document); published with the parts a client relies on. */
export const CloudFormationTemplate = named(
  'CloudFormationTemplate',
  Type.Unsafe<Record<string, unknown>>(
    Type.Object({
      AWSTemplateFormatVersion: Type.Literal('2010-09-09'),
      Resources: Type.Object({}),
      Outputs: Type.Object({}),
    }),
  ),
);
export const ByocSaved = named('ByocSaved', object({ byoc: Byoc, validation: ByocValidationView }));
export const ByocValidation = named('ByocValidation', object({ byoc: Byoc, validation: ByocValidationView }));
export const ByocPolicy = named(
  'ByocPolicy',
  object({
    role_name: Type.Literal('Service-BYOC-Role'),
    relay_account_id: str(),
    external_id: nullable(str('Null until the configuration is first saved.')),
    steps: Type.Array(str()),
    trust_policy: policy(),
    permissions_policy: policy(),
  }),
);
export const EmailList = named(
  'EmailList',
  object({
    emails: Type.Array(EmailSummary),
    next_cursor: nullable(str('Pass as `cursor` for the next (older) page; null on the last page.')),
  }),
);
export const EmailDetail = named(
  'EmailDetail',
  object({
    email: EmailSummary,
    timeline: Type.Array(TimelineEventView),
    webhook_deliveries: Type.Array(MessageWebhookDelivery),
  }),
);
export const SuppressionList = named(
  'SuppressionList',
  object({ suppressions: Type.Array(Suppression), next_cursor: nullable(str()) }),
);
export const SuppressionAdded = named(
  'SuppressionAdded',
  object({
    suppression: Suppression,
    added: Type.Boolean({ description: 'False when the address was already suppressed.' }),
  }),
);
export const Usage = named(
  'Usage',
  object({
    plan: str("'' without a subscription (the free BYOC plan)."),
    month: str('YYYY-MM (UTC)'),
    allowance: perMode(),
    used: perMode(),
    days: Type.Array(object({ day: str('YYYY-MM-DD (UTC)'), byoc: count(), shared: count() }), {
      description: 'Every day of the previous and the current UTC month, oldest first.',
    }),
    inbound: object(
      { used: count(), allowance: count() },
      {
        description:
          'Messages received this UTC month and the plan’s allowance (docs/inbound.md, "Allowance"); 0: the plan receives nothing.',
      },
    ),
  }),
);
export const SendingQueue = named(
  'SendingQueue',
  object(
    {
      waiting: object(
        { single: count(), bulk: count() },
        {
          description:
            'This account’s messages waiting for their turn: `single`, one-off sends and the SMTP relay (they go first); `bulk`, batches and scheduled releases.',
        },
      ),
      pace_per_second: Type.Number({
        minimum: 0,
        description:
          'Messages a second the SES account is called at now: its send rate, lower for a minute after a throttle. Shared equally between the accounts with messages waiting.',
      }),
      send_rate_per_second: Type.Number({
        minimum: 0,
        description: 'The SES account’s send rate as last read from SES.',
      }),
      expected_wait_seconds: Type.Integer({
        minimum: 0,
        description: 'About how long this account’s last waiting message waits, in whole seconds; 0 when none waits.',
      }),
      last_throttled_at: nullable(time('When SES last refused a call for the rate, if within the last hour.')),
    },
    { description: 'This account’s queue at one SES account.' },
  ),
);
export const SendingQueues = named(
  'SendingQueues',
  object(
    { shared: SendingQueue, byoc: nullable(SendingQueue) },
    {
      description:
        '`shared`: at the shared SES account; `byoc`: at the account’s own SES account, null until a BYOC configuration is saved.',
    },
  ),
);
export const DailyStats = named(
  'DailyStats',
  object({
    days: Type.Array(
      object({
        date: str('YYYY-MM-DD (UTC)'),
        sent: Type.Integer({
          minimum: 0,
          description:
            'Messages accepted that day (test-recipient sends included; not scheduled ones still waiting nor canceled ones).',
        }),
        delivered: Type.Integer({ minimum: 0, description: 'Messages delivered that day.' }),
        bounced: Type.Integer({ minimum: 0, description: 'Messages bounced that day.' }),
        complained: Type.Integer({ minimum: 0, description: 'Messages complained about that day.' }),
        opened: Type.Integer({
          minimum: 0,
          description: 'Distinct messages opened that day by a person (opens marked as a machine’s left out).',
        }),
        clicked: Type.Integer({
          minimum: 0,
          description: 'Distinct messages with a link clicked that day by a person (machine clicks left out).',
        }),
      }),
      { description: 'Every UTC day of the period, today last, zeros included.' },
    ),
  }),
);
