// The signed-in frame: a skip link, the navigation (a sidebar on wide screens, a menu button on
// narrow ones), the account the session acts on with the person's role there (a switcher when
// they belong to several), the account menu, and the banners for an unverified address and for
// an account that requires two-factor sign-in of a person who has not turned it on (then the
// navigation is gone: the setup is the one page the API lets them use), for an account whose
// sending is paused, and for an account scheduled for deletion.
import { useMutation } from '@tanstack/react-query';
import { Fragment, useEffect, useRef, useState, type ReactNode } from 'react';
import { NavLink, useLocation, useNavigate } from 'react-router';
import { ok, postage, type Session } from '../api';
import { ROLE_LABEL, TWO_FACTOR_PATH, useActOn, useSetSession } from '../session';
import { DeletionBanner } from './accountDeletion';
import { REPUTATION_PATH, SendingPausedBanner } from './reputation';
import { Badge } from './page';

const NAV = [
  ['/', 'Overview'],
  ['/domains', 'Domains'],
  ['/api-keys', 'API keys'],
  ['/webhooks', 'Webhooks'],
  ['/emails', 'Emails'],
  ['/inbound', 'Inbound'],
  ['/templates', 'Templates'],
  ['/suppressions', 'Suppressions'],
  [REPUTATION_PATH, 'Reputation'],
  ['/byoc', 'BYOC'],
  ['/team', 'Team'],
  ['/audit', 'Audit log'],
  ['/account/retention', 'Data retention'],
  ['/account/data-export', 'Export data'],
  ['/account/erasures', 'Erase an address'],
  ['/account/delete', 'Delete account'],
] as const;

/** The account the session acts on and the role there; with several accounts, a switch to the others (then the overview). */
function AccountSwitcher({ session }: { session: Session }) {
  const navigate = useNavigate();
  const actOn = useActOn();
  const current = session.account;
  const switchTo = useMutation({
    mutationFn: (accountId: string) =>
      ok(postage.POST('/api/auth/session/account', { body: { account_id: accountId } })),
    onSuccess: async (next) => {
      void navigate('/');
      await actOn(next);
    },
  });
  const name = (a: { name: string }) => a.name || 'Unnamed account';
  return (
    <div className="account-switch">
      {session.accounts.length > 1 ? (
        <>
          <label htmlFor="account-select" className="visually-hidden">
            Account
          </label>
          <select
            id="account-select"
            value={current.id}
            disabled={switchTo.isPending}
            onChange={(e) => switchTo.mutate(e.target.value)}
          >
            {session.accounts.map((a) => (
              <option key={a.id} value={a.id}>
                {name(a)} ({ROLE_LABEL[a.role]})
              </option>
            ))}
          </select>
        </>
      ) : (
        <span className="account-name" title={current.name || current.email}>
          <span className="visually-hidden">Account: </span>
          {current.name || current.email}
        </span>
      )}
      <Badge tone="info">
        <span className="visually-hidden">Your role: </span>
        {ROLE_LABEL[current.role]}
      </Badge>
      {switchTo.isError && (
        <span className="form-error" role="alert">
          {switchTo.error.message}
        </span>
      )}
    </div>
  );
}

function TwoFactorRequiredBanner({ accountName }: { accountName: string }) {
  return (
    <div className="banner" role="alert">
      <span>
        <strong className="break">{accountName}</strong> requires two-factor sign-in of every member. Turn it on below
        to continue: until then you can only set it up or sign out.
      </span>
    </div>
  );
}

function VerifyBanner() {
  const resend = useMutation({ mutationFn: () => ok(postage.POST('/api/auth/verify-email/resend')) });
  return (
    <div className="banner" role="status">
      <span>
        <strong>Confirm your email address</strong> to start sending: follow the link we emailed you.
      </span>
      {resend.isSuccess ? (
        <span>A new link is on its way.</span>
      ) : (
        <button
          type="button"
          className="button button-small"
          onClick={() => resend.mutate()}
          disabled={resend.isPending}
        >
          Send a new link
        </button>
      )}
    </div>
  );
}

export function Layout({ session, children }: { session: Session; children: ReactNode }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  const navigate = useNavigate();
  const setSession = useSetSession();
  const firstRender = useRef(true);
  useEffect(() => {
    setMenuOpen(false);
    // After a navigation inside the app, focus goes to the new page's content (as a page load
    // would reset it), so keyboard and screen-reader users start at the top of what changed.
    if (firstRender.current) firstRender.current = false;
    else document.getElementById('main')?.focus();
  }, [location.pathname]);
  const setupRequired = session.two_factor_setup_required;
  const signOut = useMutation({
    mutationFn: () => ok(postage.POST('/api/auth/signout')),
    onSettled: () => {
      setSession(null);
      void navigate('/sign-in');
    },
  });

  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        <NavLink to="/" className="brand" aria-label="Postage overview">
          <span className="brand-mark" aria-hidden="true">
            ✉
          </span>
          Postage
        </NavLink>
        <AccountSwitcher session={session} />
        {!setupRequired && (
          <button
            type="button"
            className="button menu-button"
            aria-expanded={menuOpen}
            aria-controls="nav"
            onClick={() => setMenuOpen((o) => !o)}
          >
            Menu
          </button>
        )}
        <div className="account-menu">
          <span className="account-email" title={`Signed in as ${session.user.email}`}>
            {session.user.email}
          </span>
          <button
            type="button"
            className="button button-small"
            onClick={() => signOut.mutate()}
            disabled={signOut.isPending}
          >
            Sign out
          </button>
        </div>
      </header>
      <div className="body">
        {!setupRequired && (
          <nav id="nav" aria-label="Main" className={menuOpen ? 'open' : ''}>
            <ul>
              {NAV.map(([to, label]) => (
                <li key={to}>
                  <NavLink to={to} end={to === '/'}>
                    {label}
                  </NavLink>
                </li>
              ))}
            </ul>
            {/* The person's own, in whichever account they act on. */}
            <ul className="nav-personal">
              <li>
                <NavLink to="/account/security">Security</NavLink>
              </li>
              <li>
                <NavLink to={TWO_FACTOR_PATH}>Two-factor sign-in</NavLink>
              </li>
              <li>
                <NavLink to="/account/passkeys">Passkeys</NavLink>
              </li>
            </ul>
            <p className="nav-plan">
              Plan: <strong>{session.account.current_plan || 'Free (BYOC)'}</strong>
            </p>
          </nav>
        )}
        <main id="main" tabIndex={-1}>
          {setupRequired && <TwoFactorRequiredBanner accountName={session.account.name || session.account.email} />}
          {!session.account.is_verified && !setupRequired && <VerifyBanner />}
          {!setupRequired && <SendingPausedBanner account={session.account} />}
          {!setupRequired && <DeletionBanner account={session.account} />}
          {/* Another account: every page starts afresh (no form or filter of the previous one). */}
          <Fragment key={session.account.id}>{children}</Fragment>
        </main>
      </div>
    </div>
  );
}
