// The signed-in session: read from GET /api/auth/session, shared through React Query, and the
// CSRF token handed to the API client whenever it changes. Also the person's role on the account
// the session acts on (pages hide what it may not do; the API refuses it anyway), acting on
// another account, and what a 401 from any request means: the session has ended.
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ApiError, ok, postage, setCsrfToken, type Role, type Session } from './api';
import { keys } from './queries';

const SESSION_KEY = keys.session;

async function loadSession(): Promise<Session | null> {
  try {
    const session = await ok(postage.GET('/api/auth/session'));
    setCsrfToken(session.csrf_token);
    return session;
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) {
      setCsrfToken(undefined);
      return null;
    }
    throw err;
  }
}

export function useSession() {
  return useQuery({ queryKey: SESSION_KEY, queryFn: loadSession, staleTime: 60_000 });
}

/** After sign-in, sign-out or a password change: the new session (or none) for every component. */
export function useSetSession() {
  const client = useQueryClient();
  return (session: Session | null) => {
    setCsrfToken(session?.csrf_token);
    if (session === null) client.clear();
    client.setQueryData(SESSION_KEY, session);
  };
}

/**
 * The session now acts on another account (the switcher, an accepted invitation): every answer
 * read for the previous one is dropped and what is on screen is read again.
 */
export function useActOn() {
  const client = useQueryClient();
  return async (session: Session) => {
    setCsrfToken(session.csrf_token);
    client.setQueryData(SESSION_KEY, session);
    // (An invitation's preview is no account's: it stays, and is not asked again.)
    await client.resetQueries({
      predicate: (q) => q.queryKey[0] !== SESSION_KEY[0] && q.queryKey[0] !== keys.invitation('')[0],
    });
  };
}

// ---- roles: viewer < developer < admin < owner ----

export const ROLES = ['viewer', 'developer', 'admin', 'owner'] as const satisfies readonly Role[];

/** Whether `role` may do what needs `needed` (no role: nothing). */
export function can(role: Role | undefined, needed: Role): boolean {
  return role !== undefined && ROLES.indexOf(role) >= ROLES.indexOf(needed);
}

/** The signed-in person's role on the account the session acts on. */
export function useRole(): Role | undefined {
  return useSession().data?.account.role;
}

/** Whether the signed-in person's role allows what needs `needed`. */
export function useCan(needed: Role): boolean {
  return can(useRole(), needed);
}

export const ROLE_LABEL: Record<Role, string> = {
  viewer: 'Viewer',
  developer: 'Developer',
  admin: 'Admin',
  owner: 'Owner',
};

/** What each role may do, in a sentence. */
export const ROLE_SUMMARY: Record<Role, string> = {
  viewer: 'reads everything except secrets, changes nothing',
  developer: 'manages domains, API keys, webhooks, templates, BYOC, suppressions and scheduled emails',
  admin: 'a developer who also invites and removes members and changes their roles',
  owner: 'an admin who can also hand the account to another member',
};

// ---- two-factor sign-in ----

/**
 * Where the signed-in person turns two-factor sign-in on and off; while their account requires it
 * and they have not turned it on (the session's `two_factor_setup_required`), the only page.
 */
export const TWO_FACTOR_PATH = '/account/two-factor';

/**
 * A 403 `two_factor_setup_required`: the owner has just required two-factor sign-in. The session
 * is read again, and says so; the app then shows the setup.
 */
export function onTwoFactorSetupRequired(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: SESSION_KEY });
}

// ---- a session that ended elsewhere ----

const SESSION_ENDED_KEY = ['session-ended'] as const;

/**
 * A 401 while signed in: the session ended (signed out elsewhere, removed from the account, a
 * lower role, a password change). The session is read again; if it is gone, everything read with
 * it is dropped and the app shows the sign-in page, saying why.
 */
let checking: Promise<unknown> | undefined;

export function onUnauthenticated(client: QueryClient): void {
  // Several reads fail together: the session is read once.
  if (checking || !client.getQueryData(SESSION_KEY)) return;
  checking = loadSession().then(
    (session) => {
      if (session) {
        client.setQueryData(SESSION_KEY, session);
        return;
      }
      // The session's own query stays (its observers see it become null and show the sign-in
      // page); everything else read with the session goes.
      setCsrfToken(undefined);
      client.setQueryData(SESSION_ENDED_KEY, true);
      client.setQueryData(SESSION_KEY, null);
      client.removeQueries({
        predicate: (q) => q.queryKey[0] !== SESSION_KEY[0] && q.queryKey[0] !== SESSION_ENDED_KEY[0],
      });
    },
    () => undefined,
  );
  void checking.finally(() => (checking = undefined));
}

/** Whether the sign-in page is shown because the session ended (see onUnauthenticated). */
export function useSessionEnded(): boolean {
  return useQueryClient().getQueryData<boolean>(SESSION_ENDED_KEY) === true;
}
