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

/** Examples by field name: what the guides use (the demo account of `npm run dev`, the test recipients). */
const FIELD_EXAMPLES: Record<string, unknown> = {
  from_email: 'hello@demo.postage.dev',
  from: 'hello@demo.postage.dev',
  from_name: 'Acme',
  to: 'delivered@test.postage.dev',
  recipient: 'delivered@test.postage.dev',
  reply_to: 'support@demo.postage.dev',
  subject: 'Your receipt',
  message: 'Thanks for your order.',
  html: '<p>Hi {{ name }}, thanks for your order.</p>',
  text: 'Hi {{ name }}, thanks for your order.',
  email: 'ada@example.com',
  address: 'ada@example.com',
  password: 'correct horse battery staple',
  current_password: 'correct horse battery staple',
  new_password: 'a longer passphrase than before',
  name: 'mail.example.com',
  account_name: 'Acme',
  role_arn: 'arn:aws:iam::123456789012:role/PostageSending',
  region: 'eu-west-1',
  message_id: '0b0f1c9e-5d7a-4e61-9a3b-2f4c8d6e7a10',
  url: 'https://example.com/hooks/postage',
  filename: 'receipt.pdf',
  content: 'JVBERi0xLjQK',
  content_type: 'application/pdf',
  idempotency_key: 'order-1042-receipt',
  event_type: 'email.delivered',
  prefix: 'pk_3f9a1c2b',
  detail: 'The request could not be processed.',
};

/** Adds the FIELD_EXAMPLES to every schema property without an example of its own, in a copy. */
function withFieldExamples<T>(node: T): T {
  if (Array.isArray(node)) return node.map(withFieldExamples) as T;
  if (!node || typeof node !== 'object') return node;
  const copy = Object.fromEntries(Object.entries(node).map(([k, v]) => [k, withFieldExamples(v)])) as Json;
  if (copy.properties && typeof copy.properties === 'object') {
    for (const [name, property] of Object.entries(copy.properties as Record<string, Json>)) {
      if (
        FIELD_EXAMPLES[name] !== undefined &&
        property &&
        typeof property === 'object' &&
        property.example === undefined &&
        property.$ref === undefined &&
        property.type !== 'object' &&
        property.type !== 'array'
      ) {
        property.example = FIELD_EXAMPLES[name];
      }
    }
  }
  return copy as T;
}

const PATH_EXAMPLES: Record<string, string> = {
  name: 'mail.example.com',
  address: 'ada@example.com',
  message_id: FIELD_EXAMPLES.message_id as string,
  id: 'a1b2c3d4',
  delivery_id: 'e5f6a7b8',
  user_id: 'c9d0e1f2',
};

const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** The operation as a curl command: an API key where one may call it, else the session's cookie and CSRF token. */
function curlSample(document: Document, method: string, template: string, operation: Json): string {
  const url = `$POSTAGE_BASE_URL${template.replace(/\{([^}]+)\}/g, (_m, name: string) => encodeURIComponent(PATH_EXAMPLES[name] ?? name))}`;
  const lines = [`curl -X ${method.toUpperCase()} "${url}"`];
  const isAuth = template.startsWith('/api/auth/');
  if (template === '/provider/ses-events') lines.push(`-H 'Content-Type: text/plain; charset=UTF-8'`, `-H 'x-amz-sns-message-type: Notification'`, `--data-binary @sns-message.json`);
  else if (operation['x-postage-api-key'] !== false && !isAuth) lines.push(`-H "X-API-Key: $POSTAGE_API_KEY"`);
  else if (!isAuth || template === '/api/auth/session' || template === '/api/auth/signout' || template === '/api/auth/password' || template === '/api/auth/session/account') {
    lines.push('-b cookies.txt');
    if (method !== 'get') lines.push(`-H "X-CSRF-Token: $CSRF_TOKEN"`);
  } else if (template === '/api/auth/signin') lines.push('-c cookies.txt');
  const body = (operation.requestBody as { content?: Record<string, { schema?: unknown }> } | undefined)?.content?.['application/json']?.schema;
  if (body) {
    const example = sample(body as Parameters<typeof sample>[0], { skipReadOnly: true, skipNonRequired: true }, document as Parameters<typeof sample>[2]);
    lines.push(`-H 'Content-Type: application/json'`, `-d ${shellQuote(JSON.stringify(example))}`);
  }
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
  ['sdks', 'SDKs'],
  ['teams', 'Teams'],
  ['errors-and-limits', 'Errors and limits'],
  ['operations', 'Operations'],
  ['deployment', 'Deployment'],
  ['compatibility', 'Compatibility and deprecations'],
];
const GUIDES_INTRO = `**Guides:** ${GUIDES.map(([file, title]) => `[${title}](/docs/guides/${file}.md)`).join(' · ')}`;

export function buildReferenceDocument<T extends object>(openApi: T): T {
  const document = withFieldExamples(openApi) as unknown as Document;
  const info = document.info as Json;
  info['x-logo'] = LOGO;
  info.description = `${String(info.description ?? '')}\n\n${GUIDES_INTRO}`;
  for (const [template, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!['get', 'put', 'post', 'patch', 'delete'].includes(method)) continue;
      const label = `${method.toUpperCase()} ${template}`;
      const samples = [{ lang: 'curl', label: 'curl', source: curlSample(document, method, template, operation) }];
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
