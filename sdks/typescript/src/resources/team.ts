// The team and the audit log, as an API key sees them: read only. Inviting, removing and changing
// people need a signed-in admin or owner (the document marks those operations
// `x-postage-api-key: false`), so they are the dashboard's, not the SDK's.
import type { Caller } from '../caller.js';
import type { RequestOptions } from '../http.js';
import { Paginator } from '../pagination.js';
import type { AuditEntry, AuditList, AuditListParams, InvitationList, MemberList } from '../types.js';

/** The account's members (full-access key). */
export class Members {
  constructor(private readonly caller: Caller) {}

  /** Every member with their role (viewer, developer, admin, owner), the earliest first. */
  list(options?: RequestOptions): Promise<MemberList> {
    return this.caller.call('get', '/api/members', {}, options);
  }
}

/** The account's open invitations (full-access key). */
export class Invitations {
  constructor(private readonly caller: Caller) {}

  /** The invitations not yet accepted, revoked or expired, newest first, with who sent each. */
  list(options?: RequestOptions): Promise<InvitationList> {
    return this.caller.call('get', '/api/invitations', {}, options);
  }
}

/** The audit log: every change to the account, who made it and when (full-access key). */
export class AuditLog {
  constructor(private readonly caller: Caller) {}

  /**
   * The log, newest first, every page: `for await (const entry of postage.audit.list({ action: 'api_key' }))`.
   * Filters: `actor` (`user:<id>`, `key:<id>`, `cli:<name>`), `action` (`api_key.create`, or a
   * family: `api_key`), `since` and `until` (a Date or ISO 8601), `limit` (rows per page).
   */
  list(params: AuditListParams = {}, options?: RequestOptions): Paginator<AuditEntry, AuditList> {
    const { cursor, ...filters } = params;
    return new Paginator(
      (next) => this.listPage({ ...filters, ...(next ? { cursor: next } : {}) }, options),
      (page) => page.entries,
      cursor,
    );
  }

  /** One page of the log (`next_cursor` leads to the next). */
  listPage(params: AuditListParams = {}, options?: RequestOptions): Promise<AuditList> {
    const { since, until, ...rest } = params;
    // A Date goes on the wire as ISO 8601 (its toString() is not a time the API reads).
    const iso = (d: string | Date | undefined) => (d instanceof Date ? d.toISOString() : d);
    const query = {
      ...rest,
      ...(since !== undefined ? { since: iso(since) } : {}),
      ...(until !== undefined ? { until: iso(until) } : {}),
    };
    return this.caller.call('get', '/api/audit', { query }, options);
  }
}
