// The signed-in session: read from GET /api/auth/session, shared through React Query, and the
// CSRF token handed to the API client whenever it changes.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, ok, postage, setCsrfToken, type Session } from './api';
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
