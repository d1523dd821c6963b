// Deleting the account (docs/privacy.md, "Deleting the account"): the owner asks, typing its name,
// with a recent sign-in; sending stops at once; the owner may cancel during the grace period; then
// workflow `delete-account-<id>` deletes everything. core/accounts/accountDeletion.ts holds the rules.
import type { Static } from '@sinclair/typebox';
import {
  cancelAccountDeletion,
  deletionState,
  requestAccountDeletion,
  tellAdmins,
  type DeletionState,
} from '../../../core/accounts/accountDeletion';
import { startAccountDeletion, stopAccountDeletion } from '../../../workflows/client';
import type { RouteDeps } from '../../http/deps';
import { operation } from '../../http/operation';
import { signedInRecently } from '../../middleware/session';
import { AccountDeletion, AccountDeletionRequest } from '../../schemas/management';
import { authServices, signedInPerson } from '../auth';

const PATH = '/api/account/deletion';
const DAY_MS = 86_400_000;

const RECENT_SIGN_IN =
  'You signed in more than 15 minutes ago: sign in again to delete the account (a cookie left in a browser cannot).';

function present(state: DeletionState): Static<typeof AccountDeletion> {
  return {
    pending: state.dueAt !== null,
    requested_at: state.requestedAt?.toISOString() ?? null,
    due_at: state.dueAt?.toISOString() ?? null,
  };
}

/** The owner and the admins hear of it by email, after the answer (a failure is logged). */
function tell(deps: RouteDeps, accountId: string, what: 'scheduled' | 'canceled', dueAt: Date | null): void {
  const { auth, afterAnswer } = authServices(deps);
  afterAnswer(`account deletion ${what} email`, () => tellAdmins(auth, { accountId, what, dueAt }));
}

/** A key is answered 404, as on every session-only operation. */
const person = (deps: RouteDeps, userId: string | undefined) =>
  signedInPerson(deps, userId, 'a say in the account’s deletion');

const OWNER_ONLY = {
  sessionOnly: true,
  who: 'caller',
  role: 'owner',
  scopedKey: 'same',
} as const;

export const accountDeletionOperations = [
  operation({
    method: 'get',
    path: PATH,
    summary: 'Whether the account is scheduled for deletion, and when it takes effect.',
    ...OWNER_ONLY,
    role: 'viewer',
    ok: [200, AccountDeletion, 'The deletion’s state.'],
    more: { 404: 'Called with an API key.' },
    async handler({ deps, caller }) {
      await person(deps, caller.userId);
      return present(await deletionState(deps.db, caller.accountId));
    },
  }),
  operation({
    method: 'post',
    path: PATH,
    summary:
      'Schedule the account’s deletion, confirmed by typing its name (its email address when it has none). From this answer on the account sends nothing (`403 account_deletion_pending` on every send path; scheduled messages due meanwhile fail); after the grace period (ACCOUNT_DELETION_GRACE_DAYS, 7 days by default) its data, running workflows, API keys and memberships are deleted, and each member left with no other account is deleted too. The owner and the admins are emailed. Asked again while pending, answers the schedule already set. Needs a sign-in within the last 15 minutes.',
    ...OWNER_ONLY,
    body: AccountDeletionRequest,
    ok: [200, AccountDeletion, 'Scheduled: when it takes effect.'],
    more: {
      400: 'The confirmation is not the account’s name (a field error on `confirm`), or the body is invalid.',
      403: [
        { codes: ['recent_sign_in_required'] },
        'The session signed in more than 15 minutes ago: sign in again to delete the account.',
      ],
      404: 'Called with an API key.',
    },
    async handler({ deps, req, res, caller, body, refuse }) {
      await person(deps, caller.userId);
      if (!signedInRecently(req)) return refuse('recent_sign_in_required', RECENT_SIGN_IN);
      const { state, scheduledNow } = await requestAccountDeletion(deps.db, {
        accountId: caller.accountId,
        confirm: body.confirm,
        graceMs: Math.round(deps.config.accountDeletion.graceDays * DAY_MS),
        actor: caller.actor,
      });
      await startAccountDeletion(deps.temporal, deps.config.temporal.taskQueue, {
        accountId: caller.accountId,
        dueAt: state.dueAt!,
      });
      if (scheduledNow) {
        res.locals.outcome = 'account_deletion_scheduled';
        tell(deps, caller.accountId, 'scheduled', state.dueAt);
      }
      return present(state);
    },
  }),
  operation({
    method: 'delete',
    path: PATH,
    summary:
      'Cancel the account’s scheduled deletion during its grace period: nothing was deleted, and the account sends again at once. The owner and the admins are emailed. Without a pending deletion, answers the state as it is.',
    ...OWNER_ONLY,
    ok: [200, AccountDeletion, 'No deletion is pending.'],
    more: {
      404: 'Called with an API key.',
      409: [
        { codes: ['account_deletion_started'] },
        'The grace period is over: the account is being deleted and this can no longer be undone.',
      ],
    },
    async handler({ deps, res, caller }) {
      await person(deps, caller.userId);
      const outcome = await cancelAccountDeletion(deps.db, { accountId: caller.accountId, actor: caller.actor });
      if (outcome === 'canceled') {
        await stopAccountDeletion(deps.temporal, caller.accountId);
        res.locals.outcome = 'account_deletion_canceled';
        tell(deps, caller.accountId, 'canceled', null);
      }
      return present(await deletionState(deps.db, caller.accountId));
    },
  }),
];
