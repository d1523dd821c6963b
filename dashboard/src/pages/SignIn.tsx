import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ok, postage } from '../api';
import { Field, FormError } from '../components/forms';
import { useSessionEnded, useSetSession } from '../session';
import { AuthShell } from './authShell';
import { PasskeySignIn } from './PasskeySignIn';

export function SignIn() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const setSession = useSetSession();
  const ended = useSessionEnded();
  const left = params.get('left');
  const signIn = useMutation({
    mutationFn: () => ok(postage.POST('/api/auth/signin', { body: { email, password } })),
    onSuccess: (session) => {
      setSession(session);
      const next = params.get('next');
      void navigate(next && next.startsWith('/') && !next.startsWith('//') ? next : '/');
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    signIn.mutate();
  };
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
