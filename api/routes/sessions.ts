// The signed-in person's own sessions (docs/teams.md, "Sign-up and sessions"): list them with the
// browser and address each signed in from, end one, or end all but this one. An ended session's
// row is gone, so its browser's next request is a 401 and the dashboard shows the sign-in page.
// Sessions are the person's, not an account's: the list and the endings reach every account.
import { endOtherUserSessions, endUserSession, listUserSessions } from '../../core/accounts/userSessions';
import { operation } from '../http/operation';
import { endSession, sessionKey } from '../middleware/session';
import { presentUserSession } from '../presenters/resources';
import { Accepted, EndedSessions, UserSessionList } from '../schemas/management';

const ONLY_PEOPLE = 'Only a signed-in person has sessions.';
const KEY_ANSWER = 'Called with an API key: only a signed-in person has sessions.';
/** The person's own: any member, signed in (a key is answered 404; a domain-scoped one as any key). */
const OWN = { sessionOnly: true, who: 'caller', role: 'viewer', scopedKey: 'same' } as const;

export const sessionOperations = [
  operation({
    method: 'get',
    path: '/api/auth/sessions',
    summary:
      'Your live sessions in every account, the one used last first: when each started and was last used, the browser and address it signed in from; `current` marks this one.',
    ...OWN,
    ok: [200, UserSessionList, 'Your sessions.'],
    more: { 404: KEY_ANSWER },
    async handler({ deps, req, caller, refuse }) {
      if (!caller.userId) return refuse('not_found', ONLY_PEOPLE);
      const sessions = await listUserSessions(deps.db, caller.userId, sessionKey(req));
      return { sessions: sessions.map(presentUserSession) };
    },
  }),
  operation({
    method: 'delete',
    path: '/api/auth/sessions/{id}',
    summary:
      'End one of your sessions: its browser is signed out at its next request (401). Ending this one signs out as POST /api/auth/signout does.',
    ...OWN,
    ok: [200, Accepted, 'Ended.'],
    more: {
      404: 'No live session of yours has this id (another person’s and an unknown id are answered alike), or called with an API key.',
    },
    async handler({ deps, req, res, caller, params, refuse }) {
      if (!caller.userId) return refuse('not_found', ONLY_PEOPLE);
      const ended = await endUserSession(deps.db, caller.userId, params.id);
      if (!ended) return refuse('not_found', 'You have no session with this id.');
      if (ended.equals(sessionKey(req))) {
        await endSession(req, res);
        res.locals.outcome = 'signed_out';
        return { success: true as const, detail: 'Signed out.' };
      }
      res.locals.outcome = 'session_ended';
      return { success: true as const, detail: 'That session is signed out.' };
    },
  }),
  operation({
    method: 'post',
    path: '/api/auth/sessions/end-others',
    summary:
      'End all your sessions but this one, in every account; answers how many ended. Each is signed out at its next request (401).',
    ...OWN,
    ok: [200, EndedSessions, 'Ended.'],
    more: { 404: KEY_ANSWER },
    async handler({ deps, req, res, caller, refuse }) {
      if (!caller.userId) return refuse('not_found', ONLY_PEOPLE);
      const ended = await endOtherUserSessions(deps.db, caller.userId, sessionKey(req));
      res.locals.outcome = 'sessions_ended';
      return { success: true as const, ended };
    },
  }),
];
