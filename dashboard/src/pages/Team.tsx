// The team: the members and their roles (changed and removed by admins and the owner, never above
// their own role, never the owner), the open invitations with revoke, inviting someone by email,
// whether each member signs in with two factors and the owner's rule that all must, and the
// person's own part: transfer ownership (the owner) or leave the account (everyone else).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError, ok, postage, type Member, type Role, type Session } from '../api';
import { keys, useInvitations, useMembers } from '../queries';
import { Badge, PageHeader } from '../components/page';
import { ConfirmButton, Field, FormActions, FormError } from '../components/forms';
import { ActorName } from '../components/actor';
import { Time } from '../components/time';
import { QueryList } from '../components/QueryList';
import { can, ROLE_LABEL, ROLE_SUMMARY, TWO_FACTOR_PATH, useSession, useSetSession } from '../session';

/** The roles an invitation or a role change can give (ownership moves only by transfer). */
const GRANTABLE = ['viewer', 'developer', 'admin'] as const satisfies readonly Role[];
type Grantable = (typeof GRANTABLE)[number];

const memberName = (m: { name: string; email: string }) => m.name || m.email;

function InviteForm({
  myRole,
  verified,
  onInvited,
  onCancel,
}: {
  myRole: Role;
  verified: boolean;
  onInvited: (email: string) => void;
  onCancel: () => void;
}) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Grantable>('developer');
  const client = useQueryClient();
  const invite = useMutation({
    mutationFn: () => ok(postage.POST('/api/invitations', { body: { email, role } })),
    onSuccess: (invitation) => {
      void client.invalidateQueries({ queryKey: keys.invitations });
      void client.invalidateQueries({ queryKey: keys.audit });
      onInvited(invitation.email);
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    invite.mutate();
  };
  return (
    <form className="card form" onSubmit={submit} noValidate aria-labelledby="invite-title">
      <h2 id="invite-title">Invite someone</h2>
      {!verified && (
        <p className="banner" role="note">
          Confirm the account’s email address first: only a verified account can invite.
        </p>
      )}
      <Field
        label="Email"
        name="email"
        error={invite.error}
        hint="We email them a link that works once, for 72 hours. Inviting the address again replaces it."
      >
        {(p) => (
          <input
            {...p}
            type="email"
            autoComplete="off"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        )}
      </Field>
      <Field label="Role" name="role" error={invite.error}>
        {(p) => (
          <select {...p} value={role} onChange={(e) => setRole(e.target.value as Grantable)}>
            {GRANTABLE.filter((r) => can(myRole, r)).map((r) => (
              <option key={r} value={r}>
                {ROLE_LABEL[r]}: {ROLE_SUMMARY[r]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <FormError error={invite.error} />
      <FormActions onCancel={onCancel} pending={invite.isPending} label="Send invitation" pendingLabel="Sending…" />
    </form>
  );
}

function RoleSelect({
  member,
  myRole,
  onChanged,
}: {
  member: Member;
  myRole: Role;
  onChanged: (text: string) => void;
}) {
  const client = useQueryClient();
  const change = useMutation({
    mutationFn: (role: Grantable) =>
      ok(postage.PATCH('/api/members/{user_id}', { params: { path: { user_id: member.user_id } }, body: { role } })),
    onSuccess: (changed) => {
      void client.invalidateQueries({ queryKey: keys.members });
      void client.invalidateQueries({ queryKey: keys.audit });
      onChanged(
        `${memberName(changed)} is now ${changed.role === 'admin' ? 'an' : 'a'} ${ROLE_LABEL[changed.role].toLowerCase()}.`,
      );
    },
  });
  return (
    <>
      <select
        className="role-select"
        aria-label={`Role of ${memberName(member)}`}
        value={change.isPending ? change.variables : member.role}
        disabled={change.isPending}
        onChange={(e) => change.mutate(e.target.value as Grantable)}
      >
        {GRANTABLE.filter((r) => can(myRole, r)).map((r) => (
          <option key={r} value={r}>
            {ROLE_LABEL[r]}
          </option>
        ))}
      </select>
      <FormError error={change.error} />
    </>
  );
}

function RemoveMember({ member, onRemoved }: { member: Member; onRemoved: (text: string) => void }) {
  const client = useQueryClient();
  const [keepKeys, setKeepKeys] = useState(false);
  const name = memberName(member);
  return (
    <ConfirmButton
      small
      label="Remove"
      title={`Remove ${name}?`}
      confirmLabel="Remove member"
      onConfirm={async () => {
        const removed = await ok(
          postage.DELETE('/api/members/{user_id}', {
            params: { path: { user_id: member.user_id }, query: { keep_keys: keepKeys ? 'true' : 'false' } },
          }),
        );
        await Promise.all(
          [keys.members, keys.apiKeys, keys.audit].map((queryKey) => client.invalidateQueries({ queryKey })),
        );
        const revoked = removed.revoked_keys.length
          ? ` Revoked the API keys they made: ${removed.revoked_keys.map((p) => `${p}…`).join(', ')}.`
          : '';
        onRemoved(`${name} was removed.${revoked}`);
      }}
    >
      <p>
        <span className="break">{member.email}</span> can no longer use this account: their sessions for it end at once.
        To come back, they need a new invitation.
      </p>
      <label className="choice">
        <input type="checkbox" checked={keepKeys} onChange={(e) => setKeepKeys(e.target.checked)} />
        <span>Keep the API keys they made</span>
      </label>
      <p className="hint">
        Unticked, the keys they made are revoked now, and requests with them are refused. Ticked, the owner answers for
        them and they act with the owner’s role.
      </p>
    </ConfirmButton>
  );
}

function TransferOwnership({ members, me }: { members: Member[]; me: Session['user'] }) {
  const client = useQueryClient();
  const others = members.filter((m) => m.user_id !== me.id);
  const [chosen, setChosen] = useState('');
  const target = others.find((m) => m.user_id === chosen) ?? others[0];
  if (!target)
    return (
      <p className="hint">To hand the account to someone else, invite them first: ownership goes to another member.</p>
    );
  return (
    <div className="inline-form">
      <label htmlFor="new-owner">New owner</label>
      <select id="new-owner" value={target.user_id} onChange={(e) => setChosen(e.target.value)}>
        {others.map((m) => (
          <option key={m.user_id} value={m.user_id}>
            {memberName(m)} ({ROLE_LABEL[m.role]})
          </option>
        ))}
      </select>
      <ConfirmButton
        label="Transfer ownership"
        title={`Make ${memberName(target)} the owner?`}
        confirmLabel="Transfer ownership"
        onConfirm={async () => {
          await ok(postage.POST('/api/account/transfer-ownership', { body: { user_id: target.user_id } }));
          await Promise.all(
            [keys.session, keys.members, keys.audit].map((queryKey) => client.invalidateQueries({ queryKey })),
          );
        }}
      >
        <p>
          <span className="break">{target.email}</span> becomes the owner and you become an admin. Only the new owner
          can transfer ownership again.
        </p>
      </ConfirmButton>
    </div>
  );
}

/** A member's two-factor sign-in; "Not yet" when the account requires it (they set it up at their next step). */
function TwoFactorBadge({ member, required }: { member: Member; required: boolean }) {
  if (member.two_factor_enabled) return <Badge tone="good">On</Badge>;
  return required ? <Badge tone="warn">Not yet</Badge> : <Badge tone="neutral">Off</Badge>;
}

/** The owner's rule that every member signs in with two factors; the others read it. */
function TwoFactorRule({ account }: { account: Session['account'] }) {
  const client = useQueryClient();
  const change = useMutation({
    mutationFn: (required: boolean) => ok(postage.PUT('/api/account/two-factor-requirement', { body: { required } })),
    onSuccess: () =>
      Promise.all([keys.session, keys.members, keys.audit].map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
  const required = change.isPending ? change.variables : account.require_two_factor;
  const notSetUp = change.error instanceof ApiError && change.error.code === 'two_factor_not_set_up';
  return (
    <section className="card" aria-labelledby="two-factor-rule-title">
      <h2 id="two-factor-rule-title">Two-factor sign-in</h2>
      {account.role === 'owner' ? (
        <label className="switch">
          <input
            type="checkbox"
            role="switch"
            checked={required}
            disabled={change.isPending}
            onChange={(e) => change.mutate(e.target.checked)}
          />
          <span>Require two-factor sign-in for every member</span>
        </label>
      ) : (
        <p>
          {required
            ? 'This account requires two-factor sign-in of every member.'
            : 'Each member chooses whether to sign in with two factors; the owner can require it of everyone.'}
        </p>
      )}
      <p className="hint">
        When it is required, a member without it is taken to its setup at their next step in the dashboard and can do
        nothing else until then; invitations say so. API keys are not affected.
      </p>
      {change.error && (
        <p className="form-error" role="alert">
          {change.error.message}
          {notSetUp && (
            <>
              {' '}
              <Link to={TWO_FACTOR_PATH}>Turn on your own two-factor sign-in</Link>
            </>
          )}
        </p>
      )}
    </section>
  );
}

function LeaveAccount({ accountName }: { accountName: string }) {
  const setSession = useSetSession();
  const navigate = useNavigate();
  return (
    <ConfirmButton
      label="Leave this account"
      title={`Leave ${accountName}?`}
      confirmLabel="Leave account"
      onConfirm={async () => {
        await ok(postage.POST('/api/account/leave'));
        // The session acted on this account only: it has ended.
        setSession(null);
        void navigate(`/sign-in?left=${encodeURIComponent(accountName)}`);
      }}
    >
      <p>
        You lose access to it at once, and the API keys you made for it are revoked. To come back, an admin must invite
        you again.
      </p>
    </ConfirmButton>
  );
}

export default function Team() {
  const session = useSession().data;
  const members = useMembers();
  const invitations = useInvitations();
  const client = useQueryClient();
  const [inviting, setInviting] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  if (!session) return null;
  const myRole = session.account.role;
  const isAdmin = can(myRole, 'admin');
  const accountName = session.account.name || session.account.email;
  /** Whether I may change this member's role or remove them: not myself, not the owner, nobody above me. */
  const mayManage = (m: Member) =>
    isAdmin && m.user_id !== session.user.id && m.role !== 'owner' && can(myRole, m.role);
  const inviteButton = isAdmin && (
    <button
      type="button"
      className="button button-primary"
      onClick={() => {
        setNotice(null);
        setInviting(true);
      }}
    >
      Invite member
    </button>
  );
  return (
    <>
      <PageHeader
        title="Team"
        description="The people who use this account and what each one’s role lets them do. Viewers read; developers manage sending; admins also manage the team; the owner can hand the account on."
        actions={!inviting && inviteButton}
      />
      {notice && (
        <div className="banner banner-good" role="status">
          {notice}
        </div>
      )}
      {inviting && (
        <InviteForm
          myRole={myRole}
          verified={session.account.is_verified}
          onCancel={() => setInviting(false)}
          onInvited={(email) => {
            setInviting(false);
            setNotice(`Invitation sent to ${email}. The link works once, for 72 hours.`);
          }}
        />
      )}
      <section className="card" aria-labelledby="members-title">
        <h2 id="members-title">Members</h2>
        <QueryList
          query={members}
          what="members"
          rowsOf={(d) => d.members}
          rowKey={(m) => m.user_id}
          empty={<p className="muted">No members.</p>}
          stacked
          columns={[
            {
              header: 'Name',
              cell: (m) => (
                <>
                  <span className="break">{m.name || <span className="muted">—</span>}</span>
                  {m.user_id === session.user.id && <Badge tone="info">you</Badge>}
                </>
              ),
            },
            { header: 'Email', className: 'break', cell: (m) => m.email },
            {
              header: 'Role',
              cell: (m) =>
                mayManage(m) ? <RoleSelect member={m} myRole={myRole} onChanged={setNotice} /> : ROLE_LABEL[m.role],
            },
            {
              // (A non-breaking hyphen: the header stays on one line.)
              header: 'Two\u2011factor',
              cell: (m) => <TwoFactorBadge member={m} required={session.account.require_two_factor} />,
            },
            { header: 'Joined', cell: (m) => <Time iso={m.joined_at} /> },
            ...(isAdmin
              ? [
                  {
                    header: 'Actions',
                    hiddenHeader: true,
                    cell: (m: Member) => mayManage(m) && <RemoveMember member={m} onRemoved={setNotice} />,
                  },
                ]
              : []),
          ]}
        />
      </section>
      <TwoFactorRule account={session.account} />
      <section className="card" aria-labelledby="invitations-title">
        <h2 id="invitations-title">Open invitations</h2>
        <QueryList
          query={invitations}
          what="invitations"
          rowsOf={(d) => d.invitations}
          rowKey={(i) => i.id}
          empty={
            <p className="muted">
              {isAdmin ? 'None waiting. Invite someone to give them their own sign-in.' : 'None waiting.'}
            </p>
          }
          stacked
          columns={[
            { header: 'Email', className: 'break', cell: (i) => i.email },
            { header: 'Role', cell: (i) => ROLE_LABEL[i.role] },
            { header: 'Invited by', cell: (i) => <ActorName actor={i.invited_by} /> },
            { header: 'Expires', cell: (i) => <Time iso={i.expires_at} /> },
            ...(isAdmin
              ? [
                  {
                    header: 'Actions',
                    hiddenHeader: true,
                    cell: (i: { id: string; email: string }) => (
                      <ConfirmButton
                        small
                        label="Revoke"
                        title={`Revoke the invitation to ${i.email}?`}
                        confirmLabel="Revoke invitation"
                        onConfirm={async () => {
                          await ok(postage.DELETE('/api/invitations/{id}', { params: { path: { id: i.id } } }));
                          await Promise.all(
                            [keys.invitations, keys.audit].map((queryKey) => client.invalidateQueries({ queryKey })),
                          );
                        }}
                      >
                        <p>The link we emailed stops working. You can invite the address again later.</p>
                      </ConfirmButton>
                    ),
                  },
                ]
              : []),
          ]}
        />
      </section>
      <section className="card" aria-labelledby="you-title">
        <h2 id="you-title">Your role</h2>
        <p>
          You are{' '}
          {myRole === 'owner' ? 'the owner' : `${myRole === 'admin' ? 'an' : 'a'} ${ROLE_LABEL[myRole].toLowerCase()}`}{' '}
          of <strong className="break">{accountName}</strong>: {ROLE_SUMMARY[myRole]}.
        </p>
        {myRole === 'owner' ? (
          <>
            <h3>Transfer ownership</h3>
            {members.data && <TransferOwnership members={members.data.members} me={session.user} />}
            <p className="hint">The owner cannot leave the account; transfer ownership first.</p>
          </>
        ) : (
          <LeaveAccount accountName={accountName} />
        )}
      </section>
    </>
  );
}
