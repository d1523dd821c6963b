// The roles of an account's members, from least to most (docs/decisions.md, "Teams"):
// - viewer: reads everything except secrets, changes nothing;
// - developer: domains, API keys, webhooks, templates, BYOC, suppressions, the log;
// - admin: all of that and the members, except roles above their own and ownership;
// - owner: everything, including ownership transfer; exactly one per account.
// A full_access API key acts as a developer: no key can manage members, so no key made by a
// developer can raise anyone's role.
export const ROLES = ['viewer', 'developer', 'admin', 'owner'] as const;
export type Role = (typeof ROLES)[number];
/** The roles an invitation or a role change may give: ownership moves only by transfer. */
export const GRANTABLE_ROLES = ['viewer', 'developer', 'admin'] as const satisfies readonly Role[];
export type GrantableRole = (typeof GRANTABLE_ROLES)[number];

/** What a full_access API key may do on the management API. */
export const API_KEY_ROLE: Role = 'developer';

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** True when `held` may do everything `needed` may. */
export function roleCovers(held: Role, needed: Role): boolean {
  return ROLES.indexOf(held) >= ROLES.indexOf(needed);
}
