// The document the API reference at /docs renders: the served /openapi.json, unchanged in what it
// states, with two things a reader needs and a client generator does not: example values for
// the fields (by field name, below; Redoc builds its request and response examples from them) and
// each operation's code samples, `x-codeSamples`: curl, built here from the operation and its
// example body, and the three SDKs' own samples (api/openapi/codeSamples.json, copied from the
// regions the SDKs' tests run, by `npm run generate:docs`).
import { sample } from 'openapi-sampler';
import codeSamples from './codeSamples.json';

type Json = Record<string, unknown>;
type Document = { paths: Record<string, Record<string, Json>>; components?: Json } & Json;

/**
 * Examples by field name: what the guides use (the demo account of `npm run dev`, the test
 * recipients). A name that means different things in different schemas is given per schema
 * (`Schema.field`) and otherwise left to Redoc's own placeholder.
 */
const FIELD_EXAMPLES: Record<string, unknown> = {
  from_email: 'hello@demo.postage.dev',
  from: 'hello@demo.postage.dev',
  from_name: 'Acme',
  to: 'delivered@test.postage.dev',
  recipient: 'delivered@test.postage.dev',
  reply_to: 'support@demo.postage.dev',
  subject: 'Your receipt',
  html: '<p>Hi {{ name }}, thanks for your order.</p>',
  text: 'Hi {{ name }}, thanks for your order.',
  email: 'ada@example.com',
  address: 'ada@example.com',
  password: 'correct horse battery staple',
  current_password: 'correct horse battery staple',
  new_password: 'a longer passphrase than before',
  account_name: 'Acme',
  role_arn: 'arn:aws:iam::123456789012:role/Service-BYOC-Role',
  region: 'eu-west-1',
  message_id: '0b0f1c9e-5d7a-4e61-9a3b-2f4c8d6e7a10',
  url: 'https://example.com/hooks/postage',
  filename: 'receipt.pdf',
  content: 'JVBERi0xLjQK',
  content_type: 'application/pdf',
  idempotency_key: 'order-1042-receipt',
  prefix: 'pk_3f9a1c2b',
  alias: 'receipt',
  sending_mode: 'shared',
  'SendRequest.message': 'Thanks for your order.',
  'CreateDomainRequest.name': 'mail.example.com',
  'Domain.name': 'mail.example.com',
  'DomainSummary.name': 'mail.example.com',
  'CreateInboundDomainRequest.name': 'reply.mail.example.com',
  'InboundDomain.name': 'reply.mail.example.com',
  'CreateApiKeyRequest.name': 'Production server',
  'ApiKey.name': 'Production server',
  'CreatedApiKey.name': 'Production server',
  'CreateTemplateRequest.name': 'Receipt',
  'UpdateTemplateRequest.name': 'Receipt',
  'Template.name': 'Receipt',
  'SignupRequest.name': 'Ada Lovelace',
  'Member.name': 'Ada Lovelace',
};

type Property = Json & { example?: unknown; enum?: unknown[]; pattern?: string; type?: unknown; $ref?: string };

/** A time to send at must be within the next 30 days: tomorrow, 09:00 UTC, from when the document is built. */
function tomorrowMorning(): string {
  return new Date(Math.floor(Date.now() / 86_400_000 + 1) * 86_400_000 + 9 * 3_600_000)
    .toISOString()
    .replace('.000Z', 'Z');
}

/** The example for a field, if there is one its schema accepts (an example outside an enum or a pattern would mislead). */
function exampleFor(schemaName: string | undefined, field: string, property: Property): unknown {
  const example =
    field === 'scheduled_at'
      ? tomorrowMorning()
      : ((schemaName ? FIELD_EXAMPLES[`${schemaName}.${field}`] : undefined) ?? FIELD_EXAMPLES[field]);
  if (
    example === undefined ||
    property.example !== undefined ||
    property.$ref !== undefined ||
    property.type === 'object' ||
    property.type === 'array'
  )
    return undefined;
  if (property.enum && !property.enum.includes(example)) return undefined;
  if (
    typeof property.pattern === 'string' &&
    !(typeof example === 'string' && new RegExp(property.pattern, 'u').test(example))
  )
    return undefined;
  return example;
}

/** Adds the FIELD_EXAMPLES to the schemas' properties, in a copy; `schemaName` is the component being walked. */
function withFieldExamples<T>(node: T, schemaName?: string): T {
  if (Array.isArray(node)) return node.map((n) => withFieldExamples(n, schemaName)) as T;
  if (!node || typeof node !== 'object') return node;
  const copy = Object.fromEntries(Object.entries(node).map(([k, v]) => [k, withFieldExamples(v, schemaName)])) as Json;
  if (copy.properties && typeof copy.properties === 'object') {
    for (const [field, property] of Object.entries(copy.properties as Record<string, Property>)) {
      const example = property && typeof property === 'object' ? exampleFor(schemaName, field, property) : undefined;
      if (example !== undefined) property.example = example;
    }
  }
  return copy as T;
}

/** The document with examples, each part walked once: the named schemas with their names (for `Schema.field`), the rest without. */
function documentWithExamples(openApi: object): Document {
  const { components, ...rest } = openApi as Json & { components?: Json & { schemas?: Record<string, unknown> } };
  if (!components) return withFieldExamples(rest) as Document;
  const named = (schemas: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(schemas).map(([name, schema]) => [name, withFieldExamples(schema, name)]));
  return {
    ...withFieldExamples(rest),
    components: Object.fromEntries(
      Object.entries(components).map(([k, v]) => [
        k,
        k === 'schemas' ? named(v as Record<string, unknown>) : withFieldExamples(v),
      ]),
    ),
  } as Document;
}

const PATH_EXAMPLES: Record<string, string> = {
  name: 'mail.example.com',
  address: 'ada@example.com',
  message_id: FIELD_EXAMPLES.message_id as string,
  id: '7a4e2c1b-3d5f-4a6b-8c9d-0e1f2a3b4c5d',
  delivery_id: '4182',
  user_id: 'c9d0e1f2-3a4b-4c5d-8e6f-7a8b9c0d1e2f',
};

const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

type Operation = Json & {
  security?: Record<string, unknown>[];
  requestBody?: { content?: Record<string, { schema?: Json }> };
  responses?: Record<string, { content?: Record<string, { schema?: Json }> }>;
};

/** Whether the operation answers a session (sign-in, accepting an invitation, a password change): curl keeps its new cookie. */
function answersSession(operation: Operation): boolean {
  return Object.values(operation.responses ?? {}).some(
    (r) => r.content?.['application/json']?.schema?.$ref === '#/components/schemas/Session',
  );
}

/** The example body: the required fields, or every field where the schema wants at least one (a PATCH). */
export function exampleBody(document: Document, schema: Json): unknown {
  const options = { skipReadOnly: true, skipNonRequired: true };
  const example = sample(
    schema as Parameters<typeof sample>[0],
    options,
    document as Parameters<typeof sample>[2],
  ) as unknown;
  const empty = (v: unknown) => v !== null && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length === 0;
  const emptyItems = (v: unknown) =>
    v !== null && typeof v === 'object' && Object.values(v).some((x) => Array.isArray(x) && x.some(empty));
  if (empty(example) || emptyItems(example))
    return sample(
      schema as Parameters<typeof sample>[0],
      { ...options, skipNonRequired: false },
      document as Parameters<typeof sample>[2],
    );
  return example;
}

/** A batch's items are any objects to the schema (each is checked as a send on its own): two sends. */
function batchExample(document: Document): unknown {
  const send = exampleBody(document, { $ref: '#/components/schemas/SendRequest' }) as Json;
  return { emails: [send, { ...send, to: 'bounce@test.postage.dev' }] };
}

/**
 * The operation as a curl command, authenticated as the document says: an API key where one may
 * call it; else the session's cookie (and its CSRF token on a change); sign-in and the other
 * operations that answer a session save the cookie; SES's notifications come signed from SNS.
 */
function curlSample(document: Document, method: string, template: string, operation: Operation): string {
  const url = `$POSTAGE_BASE_URL${template.replace(/\{([^}]+)\}/g, (_m, name: string) => encodeURIComponent(PATH_EXAMPLES[name] ?? name))}`;
  const lines = [`curl -X ${method.toUpperCase()} "${url}"`];
  const security = operation.security ?? (document.security as Record<string, unknown>[] | undefined) ?? [];
  const keyed = security.some((s) => 'apiKey' in s) && operation['x-postage-api-key'] !== false;
  const sessioned = security.some((s) => 'session' in s);
  if (operation.operationId === 'sesEvents')
    lines.push(
      `-H 'Content-Type: text/plain; charset=UTF-8'`,
      `-H 'x-amz-sns-message-type: Notification'`,
      `--data-binary @sns-message.json`,
    );
  else if (keyed) lines.push(`-H "X-API-Key: $POSTAGE_API_KEY"`);
  else if (sessioned || (method === 'get' && answersSession(operation))) {
    lines.push('-b cookies.txt');
    if (method !== 'get') lines.push(`-H "X-CSRF-Token: $CSRF_TOKEN"`);
  }
  if (method !== 'get' && answersSession(operation)) lines.push('-c cookies.txt');
  const body = operation.requestBody?.content?.['application/json']?.schema;
  if (body)
    lines.push(
      `-H 'Content-Type: application/json'`,
      `-d ${shellQuote(JSON.stringify(operation.operationId === 'sendBatch' ? batchExample(document) : exampleBody(document, body)))}`,
    );
  return lines.join(' \\\n  ');
}

const LABELS: [keyof typeof codeSamples, string, string][] = [
  ['typescript', 'TypeScript', 'TypeScript'],
  ['python', 'Python', 'Python'],
  ['go', 'Go', 'Go'],
];

/**
 * A long summary (the route table's say what an operation does in a sentence) becomes its first
 * clause, the whole sentence leading the description: Redoc sets the summary as the section's
 * heading and the sidebar's entry, which a sentence overflows at a phone's width.
 */
function shortenSummary(operation: Json): void {
  const summary = typeof operation.summary === 'string' ? operation.summary : '';
  const cut = summary.search(/ \(|[;:,.] /);
  if (summary.length <= 48 || cut < 5) return;
  operation.summary = summary.slice(0, cut);
  operation.description = [summary, operation.description].filter(Boolean).join('\n\n');
}

/** Postage's mark (the dashboard's icon), inline: Redoc's default logo would be fetched from its CDN, which the CSP refuses. */
const LOGO = {
  // The mark and the name on one line: Redoc scales the logo to the sidebar's width.
  url: `data:image/svg+xml,${encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 168 32"><rect width="32" height="32" rx="6" fill="#2747d6"/><path d="M7 10h18v12H7z" fill="none" stroke="white" stroke-width="2"/><path d="M7 10l9 7 9-7" fill="none" stroke="white" stroke-width="2"/><text x="42" y="24" font-family="sans-serif" font-size="22" font-weight="700" fill="#111827">Postage</text></svg>',
  )}`,
  altText: 'Postage',
  href: '/',
};

/** The guides (docs/*.md, served as text under /docs/guides/), from the reference's introduction. */
export const GUIDES: [string, string][] = [
  ['quick-start', 'Quick start'],
  ['sending', 'Sending and idempotency'],
  ['test-recipients', 'Test recipients and the mailbox simulator'],
  ['webhooks', 'Webhooks and verifying them'],
  ['domains', 'Domains and DNS'],
  ['byoc', 'BYOC: your own AWS account'],
  ['templates', 'Templates'],
  ['batches-and-scheduling', 'Batches, scheduling and tags'],
  ['smtp', 'SMTP relay'],
  ['inbound', 'Receiving email'],
  ['sdks', 'SDKs'],
  ['teams', 'Teams'],
  ['privacy', 'Privacy'],
  ['errors-and-limits', 'Errors and limits'],
  ['operations', 'Operations'],
  ['deployment', 'Deployment'],
  ['compatibility', 'Compatibility and deprecations'],
];
const GUIDES_INTRO = `**Guides:** ${GUIDES.map(([file, title]) => `[${title}](/docs/guides/${file}.md)`).join(' · ')}`;

export function buildReferenceDocument<T extends object>(openApi: T): T {
  const document = documentWithExamples(openApi);
  const info = document.info as Json;
  info['x-logo'] = LOGO;
  info.description = `${String(info.description ?? '')}\n\n${GUIDES_INTRO}`;
  for (const [template, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!['get', 'put', 'post', 'patch', 'delete'].includes(method)) continue;
      const label = `${method.toUpperCase()} ${template}`;
      const samples = [
        { lang: 'curl', label: 'curl', source: curlSample(document, method, template, operation as Operation) },
      ];
      for (const [language, lang, title] of LABELS) {
        const sdk = codeSamples[language] as { setup: string; operations: Record<string, string> };
        const code = sdk.operations[label];
        if (code !== undefined) samples.push({ lang, label: title, source: `${sdk.setup}\n\n${code}` });
      }
      operation['x-codeSamples'] = samples;
      shortenSummary(operation);
    }
  }
  return document as unknown as T;
}
