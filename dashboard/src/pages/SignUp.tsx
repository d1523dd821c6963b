import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ok, postage } from '../api';
import { Field, FormError } from '../components/forms';
import { AuthShell } from './authShell';

export function SignUp() {
  const [form, setForm] = useState({ name: '', email: '', password: '' });
  const signUp = useMutation({
    mutationFn: () => ok(postage.POST('/api/auth/signup', { body: { ...form, name: form.name || undefined } })),
  });
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    signUp.mutate();
  };
  if (signUp.isSuccess) {
    return (
      <AuthShell title="Check your inbox" footer={<Link to="/sign-in">Back to sign in</Link>}>
        <p role="status">
          If <strong>{form.email}</strong> can be used, we sent it a link to confirm the address. The link works once,
          for 24 hours. Then sign in.
        </p>
      </AuthShell>
    );
  }
  return (
    <AuthShell
      title="Create your account"
      footer={
        <>
          Already have an account? <Link to="/sign-in">Sign in</Link>
        </>
      }
    >
      <p className="lead">
        Start on the free BYOC plan: 50 emails a month through your own AWS account. No card needed.
      </p>
      <form onSubmit={submit} noValidate>
        <Field label="Company or name (optional)" name="name" error={signUp.error}>
          {(p) => <input {...p} autoComplete="organization" value={form.name} onChange={set('name')} />}
        </Field>
        <Field label="Email" name="email" error={signUp.error}>
          {(p) => (
            <input {...p} type="email" autoComplete="email" required value={form.email} onChange={set('email')} />
          )}
        </Field>
        <Field
          label="Password"
          name="password"
          error={signUp.error}
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
        <FormError error={signUp.error} />
        <button type="submit" className="button button-primary button-wide" disabled={signUp.isPending}>
          {signUp.isPending ? 'Creating…' : 'Create account'}
        </button>
      </form>
    </AuthShell>
  );
}
