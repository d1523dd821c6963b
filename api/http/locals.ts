// What the middleware chain leaves on res.locals for later steps and for the request log line.
import type { ApiKey, KeyPermission } from '../../core/accounts/apiKeys';
import type { Role } from '../../core/accounts/roles';

/** The account a management request acts on, and who is acting (for the audit trail). */
export interface Caller {
  accountId: string;
  /** `user:<id>` or `key:<id>`. */
  actor: string;
  permission: KeyPermission;
  /** The key's domain scope; empty for a session or an unscoped key (see middleware/keyScope.ts). */
  domainScope: string[];
  /** The key's networks (core/accounts/keyNetworks.ts); empty for a session or an unbound key. */
  networks: string[];
  /** A test key (docs/test-recipients.md, "Test keys"): it makes test keys only; false for a session. */
  test: boolean;
  /** The member's role in the account; a full_access key acts as a developer (API_KEY_ROLE). */
  role: Role;
  /** Set when the caller is a signed-in user. */
  userId?: string;
}

declare module 'express-serve-static-core' {
  interface Locals {
    /** Set by authenticate(). */
    apiKey?: ApiKey;
    /** The key's public prefix (`pk_<lookup id>`), safe to log. */
    keyPrefix?: string;
    /** How the request ended, for the log line: `queued`, `invalid_body`, an error code... */
    outcome?: string;
    /** Set by requireCaller() on management endpoints. */
    caller?: Caller;
    /** Set once a message is accepted. */
    messageId?: string;
  }
}

export {};
