// A key's domain scope (docs/teams.md, "Who may call what") as a limit on management, not only on
// sending: a domain-scoped full_access key sees and manages only what belongs to its domains, and
// can hand out no more than it holds. Empty scope means every domain of the account (unscoped).
// Pure rules; the one table of which management operation a scoped key may reach is
// api/middleware/keyScope.ts.
import { normaliseDomainName } from '../model/addresses';
import { permissionCovers, type KeyPermission } from './apiKeys';
import { networksCover } from './keyNetworks';

/** True for a key limited to some domains (a session or an unscoped key is not). */
export function isScoped(scope: readonly string[]): boolean {
  return scope.length > 0;
}

/** True when a caller with this scope may see or act on `domain`. */
export function scopeIncludesDomain(scope: readonly string[], domain: string): boolean {
  if (!isScoped(scope)) return true;
  return scope.includes(normaliseDomainName(domain));
}

/** The domain of a bare address (`hi@a.example` -> `a.example`), normalised; '' without one. */
export function domainOfAddress(address: string): string {
  const at = address.lastIndexOf('@');
  return at < 0 ? '' : normaliseDomainName(address.slice(at + 1));
}

/**
 * True when a `held` scope includes everything a `wanted` scope allows: unscoped holds every
 * scope; a scoped key holds only non-empty subsets of its own (never "every domain").
 */
export function scopeCovers(held: readonly string[], wanted: readonly string[]): boolean {
  if (!isScoped(held)) return true;
  if (!isScoped(wanted)) return false;
  return wanted.every((d) => held.includes(normaliseDomainName(d)));
}

/**
 * Whether a caller may create a key: its permission, its domain scope and its networks must be
 * within the caller's. Returns why not, or null when it may.
 */
export function keyOutsideCaller(
  caller: { permission: KeyPermission; domainScope: readonly string[]; networks: readonly string[]; test?: boolean },
  key: { permission: KeyPermission; domainScope: readonly string[]; networks: readonly string[]; test?: boolean },
): string | null {
  // A live key made by a test key would be a way out of test mode.
  if (caller.test && !key.test) return 'A test key can create test keys only; give `"test": true`.';
  if (!permissionCovers(caller.permission, key.permission))
    return `A ${caller.permission} caller cannot create a ${key.permission} key.`;
  if (!scopeCovers(caller.domainScope, key.domainScope)) {
    return isScoped(key.domainScope)
      ? `This key is scoped to ${caller.domainScope.join(', ')}: it can create keys for those domains only.`
      : `This key is scoped to ${caller.domainScope.join(', ')}: it cannot create a key for every domain; give \`domains\` within its own.`;
  }
  if (!networksCover(caller.networks, key.networks))
    return 'This key is bound to networks: it can create keys bound within them only; give `networks` within its own.';
  return null;
}
