// The sign-in and management operations in /openapi.json, read from the route table: each
// operation's request and answer schemas are the ones its handler is typed with and ajv
// validates with; a schema named in MANAGEMENT_COMPONENTS is referred to by that name.
import type { TSchema } from '@sinclair/typebox';
import { MANAGEMENT_ERROR_STATUS } from '../http/errors';
import type { OperationGroup, OtherAnswer } from '../http/operation';
import { MANAGEMENT_COMPONENTS } from '../schemas/management';
import { codesWithStatus, errorSchema } from '../schemas/responses';
import { API_KEY_ROLE, roleCovers, type Role } from '../../core/accounts/roles';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const managementCodes = (status: number) => codesWithStatus(status, MANAGEMENT_ERROR_STATUS);
/** Text PostgreSQL can store: api/middleware/parameters.ts refuses NUL in every parameter (and text that is not UTF-8, which a percent-encoded URL of a string cannot carry). */
const STORABLE = '^[^\\x00]*$';
const COMPONENT_NAMES = new Map<TSchema, string>(Object.entries(MANAGEMENT_COMPONENTS).map(([name, schema]) => [schema, name]));
/** A named body by reference; any other inline. */
const schemaOf = (schema: TSchema) => {
  const name = COMPONENT_NAMES.get(schema);
  return name ? ref(name) : schema;
};
/** A body may be left out where the group reads none as `{}` and `{}` is valid (no required property, no minimum). */
function bodyRequired(group: OperationGroup, body: TSchema): boolean {
  return !group.bodyOptional || (body.required ?? []).length > 0 || body.minProperties !== undefined;
}

function answer(a: OtherAnswer, err: (codes: string[]) => unknown) {
  if (typeof a === 'string') return ref(a);
  if ('codes' in a && Array.isArray(a.codes)) return err(a.codes as string[]);
  return schemaOf(a as TSchema);
}

/** The codes every `caller` operation may answer with, by status. */
const CALLER_CODES: Record<number, string[]> = { 403: managementCodes(403), 404: ['not_found'] };

/** Who may call an operation, in words (the route table's `role`; core/accounts/roles.ts). */
function roleRule(role: Role): string {
  if (role === 'viewer') return 'Any member of the account (every role), or a full_access API key.';
  const key = roleCovers(API_KEY_ROLE, role) ? ', or a full_access API key (which acts as a developer)' : '; no API key (a key acts as a developer)';
  return `Members with the \`${role}\` role${role === 'owner' ? '' : ' or above'}${key}; anyone else gets \`403 insufficient_role\`.`;
}

export function managementPaths(groups: OperationGroup[]) {
  const err = (codes: string[]) => errorSchema(codes);
  const paths: Record<string, Record<string, unknown>> = {};
  for (const group of groups) {
    for (const op of group.operations) {
      const { path, method } = op;
      paths[path] ??= {};
      const pathParams = [...path.matchAll(/\{(\w+)\}/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: 'string', pattern: STORABLE } }));
      const auth = op.who === 'caller';
      const responses: Record<string, unknown> = {
        [op.ok[0]]: { description: op.ok[2], content: { 'application/json': { schema: schemaOf(op.ok[1]) } } },
        400: { description: 'Invalid body or query: field errors.', content: { 'application/json': { schema: ref('ValidationError') } } },
        500: { description: 'Unexpected failure.', content: { 'application/json': { schema: err(['internal_error']) } } },
        503: { description: 'Our database is unreachable; retry (Retry-After).', content: { 'application/json': { schema: err(['service_unavailable']) } } },
      };
      if (auth) {
        responses[401] = { description: 'Not signed in and no valid API key.', content: { 'application/json': { schema: ref('PlainError') } } };
        responses[403] = {
          description: `${roleRule(op.role ?? 'owner')} \`insufficient_permission\`: a sending key; a key asking for more permission or a wider domain scope than it has; a domain-scoped key on an account-wide resource (webhooks, BYOC, usage, suppression changes, new domains, members, the audit log). \`csrf_token_invalid\`: a session request without X-CSRF-Token. \`plan_required\`: webhooks need Growth or Pro.`,
          content: { 'application/json': { schema: err(managementCodes(403)) } },
        };
        responses[404] = {
          description: 'No such thing in this account (another account’s ids and names, and for a domain-scoped key those outside its scope, answer the same).',
          content: { 'application/json': { schema: err(['not_found']) } },
        };
      }
      for (const [status, [a, description]] of Object.entries(op.more ?? {})) {
        // An operation's own codes for a status the caller answers already add to those (403: the role and key rules).
        const shared = auth && typeof a === 'object' && 'codes' in a && Array.isArray(a.codes) ? (CALLER_CODES[Number(status)] ?? []) : [];
        const merged = shared.length ? { codes: [...new Set([...shared, ...(a as { codes: string[] }).codes])] } : a;
        responses[status] = { description, content: { 'application/json': { schema: answer(merged, err) } } };
      }
      paths[path][method] = {
        operationId: `${method}${path.replace(/[{}]/g, '').replace(/[/-](\w)/g, (_m, c: string) => c.toUpperCase())}`,
        summary: op.summary,
        tags: [group.tag],
        security: auth ? [{ session: [], csrf: [] }, { apiKey: [] }] : [],
        ...(op.deprecated ? { deprecated: true } : {}),
        ...(auth
          ? {
              description: op.sessionOnly ? `${roleRule(op.role ?? 'owner')} Only a signed-in person: an API key is answered 404.` : roleRule(op.role ?? 'owner'),
              'x-postage-role': op.role ?? 'owner',
              // Whether an API key can ever succeed here: the SDKs (which hold keys) offer exactly these.
              'x-postage-api-key': !op.sessionOnly && roleCovers(API_KEY_ROLE, op.role ?? 'owner'),
            }
          : {}),
        parameters: [...pathParams, ...(op.query ?? []).map((q) => ({ name: q.name, in: 'query', required: false, description: q.description, schema: q.schema }))],
        ...(op.body ? { requestBody: { required: bodyRequired(group, op.body), content: { 'application/json': { schema: schemaOf(op.body) } } } } : {}),
        responses,
      };
    }
  }
  return paths;
}

export const managementSecuritySchemes = {
  session: { type: 'apiKey', in: 'cookie', name: 'postage_session', description: 'Set by POST /api/auth/signin.' },
  csrf: { type: 'apiKey', in: 'header', name: 'X-CSRF-Token', description: 'The csrf_token of the session; required on state-changing requests made with a session.' },
};
