// The roles of an account's members, from least to most (docs/decisions.md, "Teams"):
// - viewer: reads everything except secrets, changes nothing;
// - developer: domains, API keys, webhooks, templates, BYOC, suppressions, the log;
// - admin: all of that and the members, except roles above their own and ownership;
// - owner: everything, including ownership transfer; exactly one per account.
// A full_access API key acts as a developer at most, and never above the current role of the
// member who made it (keyRole in members.ts): no key can manage members, and a member's keys lose
// what their maker loses.
export const ROLES = ['viewer', 'developer', 'admin', 'owner'] as const;
export type Role = (typeof ROLES)[number];
/** The roles an invitation or a role change may give: ownership moves only by transfer. */
export const GRANTABLE_ROLES = ['viewer', 'developer', 'admin'] as const satisfies readonly Role[];
export type GrantableRole = (typeof GRANTABLE_ROLES)[number];

/** The most a full_access API key may do on the management API (never more than its maker's role). */
export const API_KEY_ROLE: Role = 'developer';

/** The least role whose keys may send: the role that may make keys. A key whose maker is now a viewer sends nothing. */
export const SENDING_ROLE: Role = 'developer';

/** The least role that manages the team: invites (to a role it covers), changes roles, removes members. */
export const TEAM_ADMIN_ROLE: Role = 'admin';

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** True when `held` may do everything `needed` may. */
export function roleCovers(held: Role, needed: Role): boolean {
  return ROLES.indexOf(held) >= ROLES.indexOf(needed);
}

/** The lower of two roles. */
export function lesserRole(a: Role, b: Role): Role {
  return roleCovers(a, b) ? b : a;
}

/** An invitation stays good while its sender is a member who may still give its role. */
export function mayStillGrant(senderRole: Role | undefined, invited: Role): boolean {
  return senderRole !== undefined && roleCovers(senderRole, TEAM_ADMIN_ROLE) && roleCovers(senderRole, invited);
}
