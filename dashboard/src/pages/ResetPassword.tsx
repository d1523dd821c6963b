import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiError, ok, postage } from '../api';
import { Field, FormError } from '../components/forms';
import { AuthShell } from './authShell';

export function ForgotPassword() {
  const [email, setEmail] = useState('');
  const request = useMutation({ mutationFn: () => ok(postage.POST('/api/auth/password-reset', { body: { email } })) });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    request.mutate();
  };
  return (
    <AuthShell title="Reset your password" footer={<Link to="/sign-in">Back to sign in</Link>}>
      {request.isSuccess ? (
        <p role="status">
          If {email} has an account, a link to choose a new password is on its way. It works once, for 1 hour.
        </p>
      ) : (
        <form onSubmit={submit} noValidate>
          <Field label="Email" name="email" error={request.error}>
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
          <FormError error={request.error} />
          <button type="submit" className="button button-primary button-wide" disabled={request.isPending}>
            Email me a link
          </button>
        </form>
      )}
    </AuthShell>
  );
}

export function ResetPassword() {
  const [params] = useSearchParams();
  const [password, setPassword] = useState('');
  const confirm = useMutation({
    mutationFn: () =>
      ok(postage.POST('/api/auth/password-reset/confirm', { body: { token: params.get('token') ?? '', password } })),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    confirm.mutate();
  };
  return (
    <AuthShell title="Choose a new password" footer={<Link to="/sign-in">Sign in</Link>}>
      {confirm.isSuccess ? (
        <p role="status">Your password is changed and every session is signed out. Sign in with the new password.</p>
      ) : (
        <form onSubmit={submit} noValidate>
          <Field label="New password" name="password" error={confirm.error} hint="At least 10 characters.">
            {(p) => (
              <input
                {...p}
                type="password"
                autoComplete="new-password"
                required
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            )}
          </Field>
          {confirm.error instanceof ApiError && confirm.error.field('token') && (
            <p className="form-error" role="alert">
              {confirm.error.field('token')} <Link to="/forgot-password">Ask for a new link</Link>.
            </p>
          )}
          <FormError error={confirm.error} />
          <button type="submit" className="button button-primary button-wide" disabled={confirm.isPending}>
            Set the new password
          </button>
        </form>
      )}
    </AuthShell>
  );
}
