// The signed-in frame: a skip link, the navigation (a sidebar on wide screens, a menu button on
// narrow ones), the account menu, and the banner for an unverified address.
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { NavLink, useLocation, useNavigate } from 'react-router';
import { ok, postage, type Session } from '../api';
import { useSetSession } from '../session';

const NAV = [
  ['/', 'Overview'],
  ['/domains', 'Domains'],
  ['/api-keys', 'API keys'],
  ['/webhooks', 'Webhooks'],
  ['/emails', 'Emails'],
  ['/templates', 'Templates'],
  ['/suppressions', 'Suppressions'],
  ['/byoc', 'BYOC'],
] as const;

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
        <button type="button" className="button button-small" onClick={() => resend.mutate()} disabled={resend.isPending}>
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
        <button type="button" className="button menu-button" aria-expanded={menuOpen} aria-controls="nav" onClick={() => setMenuOpen((o) => !o)}>
          Menu
        </button>
        <div className="account-menu">
          <span className="account-email" title={session.account.email}>
            {session.account.email}
          </span>
          <button type="button" className="button button-small" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
            Sign out
          </button>
        </div>
      </header>
      <div className="body">
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
          <p className="nav-plan">
            Plan: <strong>{session.account.current_plan || 'Free (BYOC)'}</strong>
          </p>
        </nav>
        <main id="main" tabIndex={-1}>
          {!session.account.is_verified && <VerifyBanner />}
          {session.account.sending_suspended && (
            <div className="banner banner-bad" role="alert">
              <strong>Sending is suspended</strong> after too many bounces or complaints. Contact support to review it.
            </div>
          )}
          {children}
        </main>
      </div>
    </div>
  );
}
