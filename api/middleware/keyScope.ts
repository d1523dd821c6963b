// What a domain-scoped full_access key may reach on the management API: each operation of the
// route table says it (`scopedKey`), and requireCaller (caller.ts) checks it for every management
// request before any handler runs. A session or
// an unscoped key is not limited here. See docs/decisions.md ("A scoped key manages only its
// domains").
import type { Request } from 'express';
import { findApiKey } from '../../core/accounts/apiKeys';
import { scopeCovers, scopeIncludesDomain } from '../../core/accounts/keyScope';
import type { Db } from '../../core/platform/db';
import { isUuid } from '../../core/platform/ids';
import { PostageError } from '../../core/platform/errors';
import { messageNotFound, messageSenderDomain } from '../../core/sending/emailLog';
import type { ApiError } from '../http/errors';

/**
 * - `account_wide`: a resource of the whole account (webhooks get every domain's events, BYOC,
 *   usage, changing the suppression list, adding a domain): 403 insufficient_permission.
 * - `same`: answers a scoped key like any key (reading the suppression list; sign-in endpoints).
 * - `filtered`: a list; the route shows only what is within the scope (`caller.domainScope`).
 * - `within`: creates a key; the route refuses one outside the caller's permission or scope.
 * - `domain` / `message` / `key`: the path names a domain, a message of the log or an API key;
 *   one outside the scope answers 404 exactly like one that does not exist.
 * - `in_scope`: the path (or the body) names something that belongs to one of the account's
 *   domains by a lookup (an inbound domain: its parent domain; a received message: its inbound
 *   domain's); the use case takes the scope and answers one outside it 404 exactly like one that
 *   does not exist (docs/inbound.md).
 */
export type ScopedKeyAccess =
  'account_wide' | 'same' | 'filtered' | 'within' | 'domain' | 'message' | 'key' | 'in_scope';

/** What a scoped key may do per operation, matched against requests (built from the route table). */
export interface ScopedKeyRule {
  method: string;
  pattern: RegExp;
  access: ScopedKeyAccess;
}

/** The rules of the `caller` operations; an operation without one is refused to a scoped key. */
export function scopedKeyRules(
  operations: readonly { method: string; path: string; scopedKey?: ScopedKeyAccess | undefined }[],
): ScopedKeyRule[] {
  return operations.flatMap(({ method, path, scopedKey }) =>
    // Case-insensitive like Express's own routing, so no spelling of a path slips past the table.
    scopedKey
      ? [
          {
            method: method.toUpperCase(),
            pattern: new RegExp(`^${path.replace(/\{\w+\}/g, '([^/]+)')}$`, 'i'),
            access: scopedKey,
          },
        ]
      : [],
  );
}

function decoded(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/**
 * Why a key scoped to `scope` may not make this request, or undefined when it may (then the
 * route applies `filtered` and `within`). Something outside the scope is refused with the very
 * PostageError the route gives for a name or id that does not exist (same 404, same text).
 */
export async function scopedKeyRefusal(
  db: Db,
  req: Request,
  scope: readonly string[],
  rules: readonly ScopedKeyRule[],
): Promise<ApiError | PostageError | undefined> {
  const method = req.method === 'HEAD' ? 'GET' : req.method;
  const path = `${req.baseUrl}${req.path}`.replace(/\/+$/, '');
  let match: { access: ScopedKeyAccess; param: string } | undefined;
  for (const m of rules) {
    const found = m.method === method ? m.pattern.exec(path) : null;
    if (found) {
      match = { access: m.access, param: found[1] === undefined ? '' : (decoded(found[1]) ?? '') };
      break;
    }
  }
  // Fail closed: an operation nobody classified is not open to a scoped key.
  if (!match || match.access === 'account_wide') {
    return {
      code: 'insufficient_permission',
      detail: `This API key is scoped to ${scope.join(', ')}: account-wide resources (webhooks, BYOC, usage, changes to the suppression list, new domains) need an unscoped full_access key or a signed-in user.`,
    };
  }
  const { access, param } = match;
  if (access === 'domain' && !scopeIncludesDomain(scope, param))
    return new PostageError('domain_not_found', `no domain ${param} in this account`);
  if (access === 'message') {
    // Judged by the message's own sender domain, log row or not (a scheduled BYOC message never
    // has one); one that does not exist (or is another account's) is left to the route: the same 404.
    const domain = isUuid(param) ? await messageSenderDomain(db, param) : undefined;
    if (domain !== undefined && (domain === null || !scopeIncludesDomain(scope, domain))) return messageNotFound(param);
  }
  if (access === 'key') {
    const key = await findApiKey(db, param);
    if (key && !scopeCovers(scope, key.domainScope))
      return new PostageError('api_key_not_found', `no API key ${param}`);
  }
  return undefined;
}
