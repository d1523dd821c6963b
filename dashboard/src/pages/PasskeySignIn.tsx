// "Sign in with a passkey", under the sign-in page's password form: no address, password or code
// (the passkey proves the person by itself). Signed in, it goes where the password's sign-in goes.
// Not shown by a browser without WebAuthn.
import { useMutation } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import type { Session } from '../api';
import { FormError } from '../components/forms';
import { useSetSession } from '../session';

/**
 * Whether the browser has WebAuthn: @simplewebauthn/browser's browserSupportsWebAuthn() without
 * importing it, which would put the library in the first load (2.6 kB gzip) for everyone.
 */
const browserSupportsWebAuthn = () => typeof window.PublicKeyCredential === 'function';

/** The new session for every component, then the page the person was sent to sign in from (`next`), or the overview. */
function useSignedIn() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const setSession = useSetSession();
  return (session: Session) => {
    setSession(session);
    const next = params.get('next');
    void navigate(next && next.startsWith('/') && !next.startsWith('//') ? next : '/');
  };
}

export function PasskeySignIn() {
  const signedIn = useSignedIn();
  const signIn = useMutation({
    // Loaded on the click, with the library: the sign-in page is part of the first load.
    mutationFn: () => import('../components/passkeys').then((passkeys) => passkeys.passkeySignIn()),
    onSuccess: signedIn,
  });
  if (!browserSupportsWebAuthn()) return null;
  return (
    <div className="passkey-signin">
      <p className="divider" aria-hidden="true">
        or
      </p>
      <button type="button" className="button button-wide" disabled={signIn.isPending} onClick={() => signIn.mutate()}>
        {signIn.isPending ? 'Waiting for your passkey…' : 'Sign in with a passkey'}
      </button>
      <FormError error={signIn.error} />
    </div>
  );
}
