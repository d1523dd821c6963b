// Sign in: the address and password, then, for a person with two-factor sign-in (the API's 202),
// a second step asking for the code from their authenticator app or a recovery code. Signed in,
// the app opens the page the person was sent here from (`next`), or the overview.
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ok, postage, type Session } from '../api';
import { Field, FormError } from '../components/forms';
import { SecondFactorField, useSecondFactor } from '../components/secondFactor';
import { useSessionEnded, useSetSession } from '../session';
import { AuthShell } from './authShell';
import { PasskeySignIn } from './PasskeySignIn';

/** The second step: the password was right; the session waits (5 minutes) for the second factor. */
function SecondFactorStep({ onSignedIn, onStartOver }: { onSignedIn: (s: Session) => void; onStartOver: () => void }) {
  const factor = useSecondFactor();
  const verify = useMutation({
    mutationFn: () => ok(postage.POST('/api/auth/signin/two-factor', { body: factor.body })),
    onSuccess: onSignedIn,
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    verify.mutate();
  };
  return (
    <AuthShell
      title="Two-factor sign-in"
      footer={
        <button type="button" className="link-button" onClick={onStartOver}>
          Start over with your password
        </button>
      }
    >
      <p className="lead">
        {factor.kind === 'code'
          ? 'Open your authenticator app and enter the code it shows for Postage.'
          : 'Lost your phone? Enter one of the recovery codes you saved. Each works once.'}
      </p>
      <form onSubmit={submit} noValidate>
        <SecondFactorField factor={factor} error={verify.error} />
        <FormError error={verify.error} />
        <button type="submit" className="button button-primary button-wide" disabled={verify.isPending}>
          {verify.isPending ? 'Checking…' : 'Sign in'}
        </button>
      </form>
    </AuthShell>
  );
}

export function SignIn() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [secondStep, setSecondStep] = useState(false);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const setSession = useSetSession();
  const ended = useSessionEnded();
  const left = params.get('left');
  const signedIn = (session: Session) => {
    setSession(session);
    const next = params.get('next');
    void navigate(next && next.startsWith('/') && !next.startsWith('//') ? next : '/');
  };
  const signIn = useMutation({
    mutationFn: () => ok(postage.POST('/api/auth/signin', { body: { email, password } })),
    onSuccess: (answer) => {
      if (!('two_factor_required' in answer)) return signedIn(answer);
      setPassword('');
      setSecondStep(true);
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    signIn.mutate();
  };
  if (secondStep)
    return (
      <SecondFactorStep
        onSignedIn={signedIn}
        onStartOver={() => {
          signIn.reset();
          setSecondStep(false);
        }}
      />
    );
  return (
    <AuthShell
      title="Sign in"
      footer={
        <>
          <Link to="/forgot-password">Forgot your password?</Link> · New to Postage?{' '}
          <Link to="/sign-up">Create an account</Link>
        </>
      }
    >
      {left !== null ? (
        <p className="banner banner-good" role="status">
          <span>
            You left <strong className="break">{left || 'the account'}</strong>. If you belong to other accounts, sign
            in again to use them.
          </span>
        </p>
      ) : (
        ended && (
          <p className="banner" role="status">
            Your session ended: you signed out elsewhere, or your access to the account changed. Sign in again to
            continue.
          </p>
        )
      )}
      <form onSubmit={submit} noValidate>
        <Field label="Email" name="email" error={signIn.error}>
          {(p) => (
            <input
              {...p}
              type="email"
              autoComplete="email"
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          )}
        </Field>
        <Field label="Password" name="password" error={signIn.error}>
          {(p) => (
            <input
              {...p}
              type="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          )}
        </Field>
        <FormError error={signIn.error} />
        <button type="submit" className="button button-primary button-wide" disabled={signIn.isPending}>
          {signIn.isPending ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
      <PasskeySignIn />
    </AuthShell>
  );
}
