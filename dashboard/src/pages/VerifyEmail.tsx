import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ok, postage } from '../api';
import { keys } from '../queries';
import { FormError } from '../components/forms';
import { Loading } from '../components/states';
import { useSession } from '../session';
import { useQueryClient } from '@tanstack/react-query';
import { AuthShell } from './authShell';

export function VerifyEmail() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const client = useQueryClient();
  const session = useSession();
  const verify = useMutation({
    mutationFn: () => ok(postage.POST('/api/auth/verify-email', { body: { token } })),
    onSuccess: () => void client.invalidateQueries({ queryKey: keys.session }),
  });
  const started = useRef(false);
  useEffect(() => {
    // Once, even under StrictMode's double effects: the token is single-use.
    if (started.current || !token) return;
    started.current = true;
    verify.mutate();
  }, [token, verify]);
  const next = session.data ? <Link to="/">Go to your overview</Link> : <Link to="/sign-in">Sign in</Link>;
  return (
    <AuthShell title="Confirm your email" footer={next}>
      {!token && <p role="alert">This link has no token. Open the link from the email again.</p>}
      {verify.isPending && <Loading what="your confirmation" />}
      {verify.isSuccess && (
        <p role="status">Your email address is confirmed. You can send once a domain is verified.</p>
      )}
      {verify.isError && (
        <>
          <FormError error={verify.error} />
          <p>Sign in and use “Send a new link” on the overview to get a fresh one.</p>
        </>
      )}
    </AuthShell>
  );
}
