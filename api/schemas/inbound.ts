// Receiving email's request and response bodies (docs/inbound.md), in TypeBox like the rest of
// the management API (management.ts): each is the schema requests are validated with, the one
// /openapi.json publishes, and through Static<> the type of the handlers' input and the
// presenters' output.
import { Type } from '@sinclair/typebox';
import { AUTH_VERDICTS } from '../../core/model/inbound';
import { MAX_RULE_ENDPOINTS } from '../../core/inbound/inboundRules';
import { checkedInCode } from './checkedInCode';
import { nullable, object, oneOf } from './management';
import { named } from './named';
import { DOMAIN_NAME } from './patterns';

const str = (description?: string) => Type.String(description ? { description } : {});
const time = (description?: string) => Type.String({ format: 'date-time', ...(description ? { description } : {}) });
const count = (description?: string) => Type.Integer({ minimum: 0, ...(description ? { description } : {}) });

// ---- requests ----

export const CreateInboundDomainRequest = named(
  'CreateInboundDomainRequest',
  object(
    {
      name: checkedInCode(
        Type.String({
          minLength: 1,
          maxLength: 253,
          pattern: DOMAIN_NAME,
          description:
            'A verified shared-mode domain of the account, or a subdomain of one (`reply.example.com`); not its MAIL FROM domain (`send.<domain>`) or tracking subdomain (`409 inbound_domain_reserved`).',
        }),
        { type: 'string', minLength: 1, maxLength: 253 },
      ),
    },
    {
      description:
        'Receiving on a name whose nearest domain of the account is a BYOC domain is `422 byoc_domain`; a name under no verified shared-mode domain of the account is a 404; a name that already receives (in any account) is `409 inbound_domain_exists`.',
    },
  ),
);

/** A dot-atom character of a rule's local part, either case (core/inbound/routing.ts lower-cases it): no `+` or `*`, which make patterns. */
const MATCH_ATOM = "[A-Za-z0-9!#$%&'/=?^_`{|}~-]";
const MATCH_BASE = `${MATCH_ATOM}+(?:\\.${MATCH_ATOM}+)*`;

export const CreateInboundRuleRequest = named(
  'CreateInboundRuleRequest',
  object({
    match: checkedInCode(
      Type.String({
        minLength: 1,
        maxLength: 64,
        pattern: `^(?:\\*|${MATCH_BASE}(?:\\+\\*)?)$`,
        description:
          'Which local parts the rule receives, compared case-insensitively: `support` (exactly `support@`), `reply+*` (`reply@` and `reply+<anything>@`) or `*` (every other address). Precedence: an exact address, then a tag, then `*`. Anything else is a 400 on `match`.',
      }),
      { type: 'string', minLength: 1, maxLength: 200 },
    ),
    endpoint_ids: Type.Optional(
      Type.Array(Type.String({ format: 'uuid' }), {
        maxItems: MAX_RULE_ENDPOINTS,
        uniqueItems: true,
        description: `Webhook endpoints that get the rule's messages as \`email.received\`: up to ${MAX_RULE_ENDPOINTS} of the account's, each subscribed to \`email.received\` (else \`422 invalid_endpoints\`). Empty or absent: every active endpoint subscribed to \`email.received\` when a message arrives.`,
      }),
    ),
  }),
);

// ---- responses ----

export const InboundDnsRecord = named(
  'InboundDnsRecord',
  object({
    type: Type.Literal('MX'),
    name: str('Where to publish it: the inbound domain.'),
    value: str('`10 <host>`: priority and the host that receives for Postage.'),
    status: oneOf(['pending', 'verified'] as const, 'What the last check found (pending until one finds it).'),
  }),
);

export const InboundDomain = named(
  'InboundDomain',
  object({
    name: str(),
    domain: str('The verified shared-mode domain it is, or is a subdomain of.'),
    status: oneOf(
      ['pending', 'verified'] as const,
      'verified: the last check found the MX record naming the receiving host. Receiving does not wait for it: the MX record is what routes mail here.',
    ),
    records: Type.Array(InboundDnsRecord),
    rule_count: count(),
    created_at: time(),
    verified_at: nullable(time('When a check found the MX record (kept while later checks still find it).')),
    checked_at: nullable(time('The last check; null before the first.')),
  }),
);
export const InboundDomainList = named('InboundDomainList', object({ inbound_domains: Type.Array(InboundDomain) }));
export const InboundDomainVerification = named(
  'InboundDomainVerification',
  object({
    inbound_domain: InboundDomain,
    ok: Type.Boolean({ description: 'An MX record of the name names the receiving host.' }),
    expected: str('The MX record to publish: `10 <host>`.'),
    found: Type.Array(str(), { description: 'The MX records found, as `<priority> <host>`.' }),
  }),
);

export const InboundRule = named(
  'InboundRule',
  object({
    id: str(),
    domain: str('The inbound domain.'),
    match: str('Lower-cased.'),
    kind: oneOf(['address', 'tag', 'catch_all'] as const),
    endpoint_ids: Type.Array(str(), { description: 'Empty: every active endpoint subscribed to `email.received`.' }),
    created_at: time(),
  }),
);
export const InboundRuleList = named(
  'InboundRuleList',
  object({ rules: Type.Array(InboundRule, { description: 'In order of precedence: addresses, tags, then `*`.' }) }),
);

const verdict = () => oneOf(AUTH_VERDICTS);
export const InboundAuthentication = named(
  'InboundAuthentication',
  object(
    {
      spf: verdict(),
      dkim: verdict(),
      dmarc: verdict(),
      arc: verdict(),
      spam: Type.Optional(verdict()),
      virus: Type.Optional(verdict()),
    },
    {
      description:
        "The sender checks: Postage's own (MX) or Amazon SES's (SES receiving, with its spam and virus scans). `temperror` when DNS could not answer.",
    },
  ),
);
export const InboundMailbox = named('InboundMailbox', object({ address: str(), name: str() }));
const envelope = () =>
  object(
    { from: str('MAIL FROM; empty for the null sender.'), to: str('The one recipient this message is for.') },
    { description: 'The SMTP envelope.' },
  );

export const InboundAttachment = named(
  'InboundAttachment',
  object({
    id: str(),
    filename: str(),
    content_type: str(
      'What the bytes are, detected from their content; `application/octet-stream` when unknown. Downloads are always served as `application/octet-stream`.',
    ),
    declared_content_type: str('What the sender declared: not trusted.'),
    size: count('Bytes.'),
    sha256: str(),
    content_id: nullable(str()),
    download_url: str(
      'Signed, expiring link (no API key): `GET /inbound/attachments/{token}`. Every answer signs fresh ones.',
    ),
    expires_at: time(),
  }),
);

const headers = () =>
  object(
    {
      message_id: nullable(str('Its Message-ID as written, angle brackets included (`<id@host>`).')),
      in_reply_to: nullable(str()),
      references: Type.Array(str()),
    },
    { description: 'The threading headers.' },
  );
const repliedTo = () =>
  nullable(
    str(
      'The message sent with Postage that this one answers (matched by In-Reply-To and References; `GET /api/emails/{message_id}`), or null.',
    ),
  );

export const InboundMessageSummary = named(
  'InboundMessageSummary',
  object({
    id: str('The received message (`GET /api/inbound/{id}`).'),
    received_at: time(),
    domain: str('The inbound domain it was received for.'),
    envelope: envelope(),
    from: nullable(InboundMailbox),
    subject: str('Empty until the message is parsed (within seconds of its arrival).'),
    message_id: repliedTo(),
    attachment_count: count(),
    size: count('Bytes, as received.'),
    authentication: InboundAuthentication,
  }),
);
export const InboundMessageList = named(
  'InboundMessageList',
  object({
    data: Type.Array(InboundMessageSummary),
    next_cursor: nullable(str('Pass as `cursor` for the next (older) page; null on the last page.')),
  }),
);

export const InboundMessage = named(
  'InboundMessage',
  object(
    {
      id: str(),
      inbound_id: str('The same as `id` (the name `email.received` gives it).'),
      message_id: repliedTo(),
      domain: str(),
      rule_id: nullable(str('The rule that routed it; null once that rule is deleted.')),
      received_at: time(),
      envelope: envelope(),
      from: nullable(InboundMailbox),
      to: Type.Array(InboundMailbox),
      cc: Type.Array(InboundMailbox),
      reply_to: Type.Array(InboundMailbox),
      subject: str(),
      text: nullable(str()),
      html: nullable(
        str(
          'As the sender wrote it: untrusted. Show it only where it cannot run scripts or load content (a sandboxed frame).',
        ),
      ),
      truncated: Type.Boolean({ description: 'Always false here: the API has the bodies whole.' }),
      headers: headers(),
      authentication: InboundAuthentication,
      attachments: Type.Array(InboundAttachment),
      size: count('Bytes, as received.'),
      source: oneOf(['mx', 'ses'] as const, "How it arrived: Postage's MX listener, or Amazon SES receiving."),
    },
    { description: 'The body of `email.received` (docs/webhooks.md, "Events"), with `id`.' },
  ),
);
