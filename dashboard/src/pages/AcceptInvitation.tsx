// The emailed invitation link (/accept-invitation?token=…): what it offers (the account, the role,
// who invited whom, until when), then accepting it. An address without a sign-in chooses a password
// (and a name) here; one with a sign-in accepts signed in as that address, so the page offers to
// sign in and come back. Accepting starts a session acting on the account and opens its overview
// (or, when the account requires two-factor sign-in, which the page says, its setup).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ApiError, ok, postage, setCsrfToken, type InvitationPreview } from '../api';
import { keys, useInvitationPreview } from '../queries';
import { Field, FormError } from '../components/forms';
import { Loading } from '../components/states';
import { Time } from '../components/time';
import { ROLE_LABEL, ROLE_SUMMARY, useActOn, useSession } from '../session';
import { AuthShell } from './authShell';

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

function Offer({ invitation }: { invitation: InvitationPreview }) {
  const account = <strong className="break">{invitation.account_name || 'an account'}</strong>;
  return (
    <>
      <p>
        {invitation.invited_by ? (
          <>
            <strong className="break">{invitation.invited_by}</strong> invited
          </>
        ) : (
          'You are invited:'
        )}{' '}
        <strong className="break">{invitation.email}</strong> to join {account} on Postage as{' '}
        {invitation.role === 'admin' ? 'an' : 'a'} <strong>{ROLE_LABEL[invitation.role].toLowerCase()}</strong>.
      </p>
      <p className="hint">
        {ROLE_LABEL[invitation.role]}: {ROLE_SUMMARY[invitation.role]}. The link works once, and expires{' '}
        <Time iso={invitation.expires_at} />.
      </p>
      {invitation.require_two_factor && (
        <p className="banner" role="note">
          <span>
            {account} requires two-factor sign-in: once you join, you set it up with an authenticator app on your phone
            before anything else.
          </span>
        </p>
      )}
    </>
  );
}

/** The API's message when the token was refused on accepting (used or revoked meanwhile). */
function TokenError({ error }: { error: unknown }) {
  const message = error instanceof ApiError ? error.field('token') : undefined;
  return message ? (
    <p className="form-error" role="alert">
      {message}
    </p>
  ) : null;
}

/** Sign out here, staying on this page (the invitation is for someone else). */
function SignOutButton() {
  const client = useQueryClient();
  const signOut = useMutation({
    mutationFn: () => ok(postage.POST('/api/auth/signout')),
    onSettled: () => {
      // What was read for the account goes; this page's own reads (the session, the invitation) stay, so it shows the next step.
      setCsrfToken(undefined);
      client.removeQueries({
        predicate: (q) => q.queryKey[0] !== keys.session[0] && q.queryKey[0] !== keys.invitation('')[0],
      });
      client.setQueryData(keys.session, null);
    },
  });
  return (
    <button type="button" className="button button-wide" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
      Sign out
    </button>
  );
}

export function AcceptInvitation() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const location = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  const actOn = useActOn();
  const preview = useInvitationPreview(token);
  const [form, setForm] = useState({ name: '', password: '' });
  const accept = useMutation({
    mutationFn: (withPassword: boolean) =>
      ok(
        postage.POST('/api/auth/invitation/accept', {
          body: withPassword
            ? { token, password: form.password, ...(form.name ? { name: form.name } : {}) }
            : { token },
        }),
      ),
    onSuccess: async (joined) => {
      void navigate('/');
      await actOn(joined);
    },
  });
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    accept.mutate(true);
  };
  const signInLink = `/sign-in?next=${encodeURIComponent(location.pathname + location.search)}`;

  if (!token) {
    return (
      <AuthShell title="Join a team" footer={<Link to="/sign-in">Sign in</Link>}>
        <p role="alert">This link has no token. Open the link from the invitation email again.</p>
      </AuthShell>
    );
  }
  if (preview.isPending || session.isPending) {
    return (
      <AuthShell title="Join a team">
        <Loading what="the invitation" />
      </AuthShell>
    );
  }
  if (preview.isError) {
    const invalid = preview.error instanceof ApiError ? preview.error.field('token') : undefined;
    return (
      <AuthShell
        title="Join a team"
        footer={session.data ? <Link to="/">Go to your overview</Link> : <Link to="/sign-in">Sign in</Link>}
      >
        <p className="form-error" role="alert">
          {invalid ?? preview.error.message}
        </p>
        {invalid && <p>Ask the person who invited you to send a new invitation.</p>}
      </AuthShell>
    );
  }

  const invitation = preview.data;
  const signedInAs = session.data?.user.email;
  const title = `Join ${invitation.account_name || 'a team'}`;
  let action;
  if (signedInAs && !sameAddress(signedInAs, invitation.email)) {
    // Someone else's browser session: accepting would be refused (invitation_wrong_user).
    action = (
      <>
        <p role="note" className="banner">
          <span>
            You are signed in as <strong className="break">{signedInAs}</strong>. This invitation is for{' '}
            <strong className="break">{invitation.email}</strong>: sign out, then{' '}
            {invitation.has_user ? 'sign in as that address to accept it.' : 'choose a password for it here.'}
          </span>
        </p>
        <SignOutButton />
      </>
    );
  } else if (invitation.has_user && !signedInAs) {
    action = (
      <>
        <p>
          <strong className="break">{invitation.email}</strong> already has a Postage sign-in.
        </p>
        <Link className="button button-primary button-wide" to={signInLink}>
          Sign in as {invitation.email} to accept
        </Link>
      </>
    );
  } else if (signedInAs) {
    action = (
      <>
        <p>
          You are signed in as <strong className="break">{signedInAs}</strong>.
        </p>
        <TokenError error={accept.error} />
        <FormError error={accept.error} />
        <button
          type="button"
          className="button button-primary button-wide"
          onClick={() => accept.mutate(false)}
          disabled={accept.isPending}
        >
          {accept.isPending ? 'Joining…' : 'Accept invitation'}
        </button>
      </>
    );
  } else {
    action = (
      <form onSubmit={submit} noValidate>
        <p>Choose a password to sign in with {invitation.email}.</p>
        <Field label="Your name (optional)" name="name" error={accept.error}>
          {(p) => <input {...p} autoComplete="name" maxLength={100} value={form.name} onChange={set('name')} />}
        </Field>
        <Field
          label="Password"
          name="password"
          error={accept.error}
          hint="At least 10 characters. A phrase of a few words works well."
        >
          {(p) => (
            <input
              {...p}
              type="password"
              autoComplete="new-password"
              required
              minLength={10}
              value={form.password}
              onChange={set('password')}
            />
          )}
        </Field>
        <TokenError error={accept.error} />
        <FormError error={accept.error} />
        <button type="submit" className="button button-primary button-wide" disabled={accept.isPending}>
          {accept.isPending ? 'Joining…' : 'Accept and join'}
        </button>
      </form>
    );
  }
  return (
    <AuthShell
      title={title}
      footer={signedInAs ? <Link to="/">Go to your overview</Link> : <Link to="/sign-in">Sign in</Link>}
    >
      <Offer invitation={invitation} />
      {action}
    </AuthShell>
  );
}
