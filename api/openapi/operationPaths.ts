// Every operation of /openapi.json, read from the route table (api/routes/operationTable.ts): its
// parameters (path, query, headers) and body are the schemas the API validates with; its answers
// are those of the gates its row passes (who it is for, its limits, its body) and of its handler
// (the row's `more`), each with the headers it carries. Error answers refer to the one `Error`
// schema, narrowed to the codes of their status.
import type { TSchema } from '@sinclair/typebox';
import { API_ERRORS, ERROR_CODES, MANAGEMENT_ERROR_STATUS, type ErrorCode } from '../http/errors';
import {
  fromConfig,
  type AnswerStatus,
  type AnyOperation,
  type DocumentConfig,
  type OperationGroup,
  type OtherAnswer,
} from '../http/operation';
import { errorAnswerSchema, plainErrorSchema, validationErrorSchema } from '../schemas/responses';
import { IDEMPOTENCY_KEY } from '../schemas/sendRequest';
import { narrowed } from '../schemas/named';
import { API_KEY_ROLE, roleCovers, type Role } from '../../core/accounts/roles';

/** Text PostgreSQL can store: api/middleware/parameters.ts refuses NUL in every parameter (and text that is not UTF-8, which a percent-encoded URL of a string cannot carry). */
const STORABLE = '^[^\\x00]*$';
const RATE_LIMIT_HEADERS = ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'];

/** An answer as the document writes it: error codes (in the `Error` shape) and other shapes beside them. */
interface Answer {
  description: string;
  codes: Set<ErrorCode>;
  shapes: object[];
  /** A gate answers it with Retry-After (besides the codes that carry one). */
  retryAfter?: true;
}

const coded = (description: string, codes: ErrorCode[], retryAfter?: true): Answer => ({
  description,
  codes: new Set(codes),
  shapes: [],
  ...(retryAfter ? { retryAfter } : {}),
});
const shaped = (description: string, shape: object, retryAfter?: true): Answer => ({
  description,
  codes: new Set(),
  shapes: [shape],
  ...(retryAfter ? { retryAfter } : {}),
});

/** The codes every `caller` operation may answer with: its gates' 403s (a key's networks, permission, CSRF, role, and the management refusals) and 404. */
const CALLER_403: ErrorCode[] = [
  'network_not_allowed',
  ...ERROR_CODES.filter((code) => MANAGEMENT_ERROR_STATUS[code] === 403),
];
/** Every request made with an API key: a key bound to networks, used from outside them. */
const OUTSIDE_NETWORKS =
  '`network_not_allowed`: a valid API key used from outside the networks it is bound to (the answer never says which).';

/** Who may call an operation, in words (the route table's `role`; core/accounts/roles.ts). */
function roleRule(role: Role): string {
  if (role === 'viewer') return 'Any member of the account (every role), or a full_access API key.';
  const key = roleCovers(API_KEY_ROLE, role)
    ? ', or a full_access API key (which acts as a developer)'
    : '; no API key (a key acts as a developer)';
  return `Members with the \`${role}\` role${role === 'owner' ? '' : ' or above'}${key}; anyone else gets \`403 insufficient_role\`.`;
}

/** Whether a request can be refused with field errors before the handler: a body or query to check, or the parameter gate. */
function readsFields(group: OperationGroup, op: AnyOperation): boolean {
  return (
    group.unstorableParameters === 'refuse' ||
    op.body !== undefined ||
    op.query !== undefined ||
    op.ownBody?.media === 'application/json'
  );
}

/** The answers the gates of `op` give (and the app's own, 500 and 503), before the handler's. */
function gateAnswers(group: OperationGroup, op: AnyOperation, config: DocumentConfig): Map<number, Answer> {
  const answers = new Map<number, Answer>();
  if (readsFields(group, op)) answers.set(400, shaped('Invalid body or query: field errors.', validationErrorSchema));
  if (op.who === 'apiKey')
    answers.set(
      401,
      shaped(
        'Missing, malformed, unknown, revoked or expired API key (checked before anything else).',
        plainErrorSchema,
      ),
    );
  if (op.who === 'apiKey') answers.set(403, coded(OUTSIDE_NETWORKS, ['network_not_allowed']));
  if (op.who === 'caller') {
    const role = op.role ?? 'owner';
    answers.set(401, shaped('Not signed in and no valid API key.', plainErrorSchema));
    answers.set(
      403,
      coded(
        `${roleRule(role)} \`insufficient_permission\`: a sending key; a key asking for more permission or a wider domain scope than it has; a domain-scoped key on an account-wide resource (webhooks, BYOC, usage, suppression changes, new domains, members, the audit log). \`csrf_token_invalid\`: a session request without X-CSRF-Token. \`plan_required\`: webhooks need Growth or Pro. \`two_factor_setup_required\`: the account requires two-factor sign-in and this signed-in member has not turned it on (only the two-factor setup, the session and signing out answer until then). ${OUTSIDE_NETWORKS}`,
        CALLER_403,
      ),
    );
    answers.set(
      404,
      coded(
        'No such thing in this account (another account’s ids and names, and for a domain-scoped key those outside its scope, answer the same).',
        ['not_found'],
      ),
    );
  }
  if (op.limit)
    answers.set(
      429,
      coded('Too many such requests from this client, or from everyone, this hour (Retry-After).', [
        'too_many_requests',
      ]),
    );
  if (op.rateLimit === 'perKey')
    answers.set(
      429,
      shaped(
        `More than ${config.api.rateLimitPerMinute} requests per minute for this key (with Retry-After).`,
        plainErrorSchema,
        true,
      ),
    );
  answers.set(500, coded('Unexpected failure.', ['internal_error']));
  answers.set(503, coded('Our database is unreachable; retry (Retry-After).', ['service_unavailable']));
  return answers;
}

/** The row's own answer for `status` joined to the gates': codes add up, a schema replaces, words describe. */
function addAnswer(
  answers: Map<number, Answer>,
  status: number,
  own: OtherAnswer<AnswerStatus>,
  config: DocumentConfig,
  where: string,
): void {
  const existing = answers.get(status);
  if (typeof own === 'string' || typeof own === 'function') {
    if (!existing) throw new Error(`${where} describes its ${status}, which no gate answers`);
    existing.description = fromConfig(own, config);
    return;
  }
  const [shape, words] = own;
  const description = fromConfig(words, config);
  const answer = existing ?? { description, codes: new Set<ErrorCode>(), shapes: [] };
  answer.description = description;
  if (typeof shape === 'string') {
    const schema = shape === 'PlainError' ? plainErrorSchema : validationErrorSchema;
    if (!answer.shapes.includes(schema)) answer.shapes.push(schema);
  } else if ('codes' in shape && Array.isArray(shape.codes)) {
    for (const code of shape.codes as ErrorCode[]) answer.codes.add(code);
  } else {
    answer.codes.clear();
    answer.shapes = [shape as TSchema];
  }
  answers.set(status, answer);
}

function response(op: AnyOperation, status: number, answer: Answer) {
  // Codes in the error table's order, whatever order the gates and the row gave them in.
  const codes = ERROR_CODES.filter((code) => answer.codes.has(code));
  const schemas = [
    ...(codes.length > 0
      ? [narrowed(errorAnswerSchema, { type: 'object', properties: { error: { enum: codes } } })]
      : []),
    ...answer.shapes,
  ];
  const headers = [
    'X-Request-Id',
    // Set by the rate limit, after authentication; a 500 may come from anywhere.
    ...(op.rateLimit === 'perKey' && status !== 401 && status !== 500 ? RATE_LIMIT_HEADERS : []),
    ...(answer.retryAfter || codes.some((code) => 'retryAfter' in API_ERRORS[code]) ? ['Retry-After'] : []),
    ...(op.idempotent && status === op.ok[0] ? ['Idempotent-Replayed'] : []),
  ];
  const headerRefs = Object.fromEntries(headers.map((h) => [h, { $ref: `#/components/headers/${h}` }]));
  // A success that is not JSON (the open pixel, a redirect): its own media type and headers.
  if (status === op.ok[0] && op.okAnswer) {
    const { media, headers: own } = op.okAnswer;
    return {
      description: answer.description,
      headers: {
        ...headerRefs,
        ...Object.fromEntries(
          Object.entries(own).map(([name, description]) => [name, { description, schema: { type: 'string' } }]),
        ),
      },
      ...(media ? { content: { [media]: { schema: op.ok[1] } } } : {}),
    };
  }
  return {
    description: answer.description,
    headers: headerRefs,
    content: {
      [op.htmlAnswers?.includes(status) ? 'text/html' : 'application/json']: {
        schema: schemas.length === 1 ? schemas[0] : { oneOf: schemas },
      },
    },
  };
}

/** A body may be left out where the group reads none as `{}` and `{}` is valid (no required property, no minimum). */
function bodyRequired(group: OperationGroup, body: TSchema): boolean {
  return !group.bodyOptional || (body.required ?? []).length > 0 || body.minProperties !== undefined;
}

function parameters(op: AnyOperation) {
  const path = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => ({
    name: m[1],
    in: 'path',
    required: true,
    schema: { type: 'string', pattern: STORABLE },
  }));
  const required = new Set(op.query?.required ?? []);
  const query = Object.entries(op.query?.properties ?? {}).map(([name, property]: [string, TSchema]) => {
    // The description is the parameter's; a parameter with a default may be left out.
    const { description, ...schema } = property;
    return { name, in: 'query', required: required.has(name) && !('default' in property), description, schema };
  });
  const headers = op.idempotent
    ? [
        {
          name: 'Idempotency-Key',
          in: 'header',
          required: false,
          description: op.idempotent.header,
          schema: { type: 'string', pattern: IDEMPOTENCY_KEY },
        },
      ]
    : [];
  return [...path, ...query, ...headers];
}

function requestBody(group: OperationGroup, op: AnyOperation, config: DocumentConfig) {
  if (op.body)
    return {
      requestBody: { required: bodyRequired(group, op.body), content: { 'application/json': { schema: op.body } } },
    };
  if (op.ownBody)
    return {
      requestBody: {
        // A form's fields are optional: one-click POSTs send one, a page's button may send none.
        required: op.ownBody.media !== 'application/x-www-form-urlencoded',
        content: { [op.ownBody.media]: { schema: fromConfig(op.ownBody.schema, config) } },
      },
    };
  return {};
}

function security(op: AnyOperation) {
  if (op.who === 'caller') return [{ session: [], csrf: [] }, { apiKey: [] }];
  if (op.who === 'apiKey') return [{ apiKey: [] }];
  return [];
}

/** `post` `/api/domains/{name}/verify` as `postApiDomainsNameVerify`. */
const operationIdOf = (op: AnyOperation) =>
  op.operationId ??
  `${op.method}${op.path.replace(/[{}]/g, '').replace(/[/-](\w)/g, (_m, c: string) => c.toUpperCase())}`;

function documented(group: OperationGroup, op: AnyOperation, config: DocumentConfig) {
  const where = `${op.method.toUpperCase()} ${op.path}`;
  const answers = gateAnswers(group, op, config);
  answers.set(op.ok[0], shaped(fromConfig(op.ok[2], config), op.ok[1]));
  for (const [status, own] of Object.entries(op.more ?? {}) as [string, OtherAnswer<AnswerStatus>][])
    addAnswer(answers, Number(status), own, config, where);
  const role = op.role ?? 'owner';
  const caller = op.who === 'caller';
  const description = [
    op.description === undefined ? undefined : fromConfig(op.description, config),
    caller
      ? op.sessionOnly
        ? `${roleRule(role)} Only a signed-in person: an API key is answered 404.`
        : roleRule(role)
      : undefined,
  ].filter((d) => d !== undefined);
  return {
    operationId: operationIdOf(op),
    summary: op.summary,
    ...(description.length > 0 ? { description: description.join(' ') } : {}),
    ...(group.tag ? { tags: [group.tag] } : {}),
    security: security(op),
    ...(op.deprecated ? { deprecated: true } : {}),
    ...(caller
      ? {
          'x-postage-role': role,
          // Whether an API key can ever succeed here: the SDKs (which hold keys) offer exactly these.
          'x-postage-api-key': !op.sessionOnly && roleCovers(API_KEY_ROLE, role),
        }
      : op.notForKeys
        ? { 'x-postage-api-key': false }
        : {}),
    parameters: parameters(op),
    ...requestBody(group, op, config),
    responses: Object.fromEntries(
      [...answers.entries()]
        .sort(([a], [b]) => a - b)
        .map(([status, answer]) => [String(status), response(op, status, answer)]),
    ),
  };
}

/** The document's paths, each operation of the table under its path and method. */
export function operationPaths(groups: OperationGroup[], config: DocumentConfig) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const group of groups) {
    for (const op of group.operations) {
      paths[op.path] ??= {};
      paths[op.path]![op.method] = documented(group, op, config);
    }
  }
  return paths;
}

export const securitySchemes = {
  apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
  session: { type: 'apiKey', in: 'cookie', name: 'postage_session', description: 'Set by POST /api/auth/signin.' },
  csrf: {
    type: 'apiKey',
    in: 'header',
    name: 'X-CSRF-Token',
    description: 'The csrf_token of the session; required on state-changing requests made with a session.',
  },
};
