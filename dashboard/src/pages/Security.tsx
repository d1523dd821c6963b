// The signed-in person's security: their sessions in every account (device, address, last use,
// this device marked), each of which they can sign out, and "sign out all other sessions". An
// ended session's browser is sent to the sign-in page at its next request.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ok, postage, type UserSession } from '../api';
import { keys, useUserSessions } from '../queries';
import { Badge, PageHeader } from '../components/page';
import { ConfirmButton, FormError } from '../components/forms';
import { QueryList } from '../components/QueryList';
import { Time } from '../components/time';
import { useSetSession } from '../session';

function Device({ session }: { session: UserSession }) {
  return (
    <>
      <span className="break">{session.device}</span>
      {session.current && <Badge tone="info">this device</Badge>}
      {session.user_agent && (
        <span className="user-agent small muted break" title={session.user_agent}>
          {session.user_agent}
        </span>
      )}
    </>
  );
}

/** Signs one session out; this device's goes to the sign-in page, as the menu's "Sign out" does. */
function SignOutSession({ session, onEnded }: { session: UserSession; onEnded: (text: string) => void }) {
  const client = useQueryClient();
  const setSession = useSetSession();
  const navigate = useNavigate();
  const end = useMutation({
    mutationFn: () => ok(postage.DELETE('/api/auth/sessions/{id}', { params: { path: { id: session.id } } })),
    onSuccess: async () => {
      if (session.current) {
        setSession(null);
        void navigate('/sign-in');
        return;
      }
      await client.invalidateQueries({ queryKey: keys.userSessions });
      onEnded(`Signed out ${session.device}${session.ip ? ` at ${session.ip}` : ''}.`);
    },
  });
  return (
    <>
      <button
        type="button"
        className="button button-small"
        aria-label={`Sign out ${session.device}${session.current ? ' (this device)' : ''}`}
        disabled={end.isPending}
        onClick={() => end.mutate()}
      >
        Sign out
      </button>
      <FormError error={end.error} />
    </>
  );
}

function SignOutOthers({ others, onEnded }: { others: number; onEnded: (text: string) => void }) {
  const client = useQueryClient();
  return (
    <ConfirmButton
      label="Sign out all other sessions"
      title="Sign out all other sessions?"
      confirmLabel="Sign out others"
      onConfirm={async () => {
        const { ended } = await ok(postage.POST('/api/auth/sessions/end-others'));
        await client.invalidateQueries({ queryKey: keys.userSessions });
        onEnded(`Signed out ${ended} other session${ended === 1 ? '' : 's'}.`);
      }}
    >
      <p>
        Every browser signed in as you but this one ({others} now) goes to the sign-in page at its next step, in every
        account you belong to. API keys keep working.
      </p>
    </ConfirmButton>
  );
}

export default function Security() {
  const sessions = useUserSessions();
  const [notice, setNotice] = useState<string | null>(null);
  const others = sessions.data?.sessions.filter((s) => !s.current).length ?? 0;
  return (
    <>
      <PageHeader
        title="Security"
        description="Where you are signed in to Postage, in every account you belong to: each sign-in is a session, shown with the browser and address it signed in from. Sign out any session you do not recognise."
        actions={others > 0 && <SignOutOthers others={others} onEnded={setNotice} />}
      />
      {notice && (
        <div className="banner banner-good" role="status">
          {notice}
        </div>
      )}
      <section className="card" aria-labelledby="sessions-title">
        <h2 id="sessions-title">Your sessions</h2>
        <QueryList
          query={sessions}
          what="your sessions"
          rowsOf={(d) => d.sessions}
          rowKey={(s) => s.id}
          empty={<p className="muted">No sessions.</p>}
          stacked
          columns={[
            { header: 'Device', cell: (s) => <Device session={s} /> },
            { header: 'Address', className: 'address', cell: (s) => s.ip ?? <span className="muted">unknown</span> },
            { header: 'Signed in', cell: (s) => <Time iso={s.created_at} /> },
            { header: 'Last used', cell: (s) => <Time iso={s.last_used_at} /> },
            {
              header: 'Actions',
              hiddenHeader: true,
              cell: (s) => <SignOutSession session={s} onEnded={setNotice} />,
            },
          ]}
        />
      </section>
    </>
  );
}
