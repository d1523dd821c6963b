// Routes: the public pages (sign in, sign up, verify, reset, accept an invitation) and the
// signed-in app inside the layout. Pages other than the overview are loaded on demand to keep the first load small.
import { lazy, Suspense, type ReactNode } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useLocation } from 'react-router';
import { Layout } from './components/Layout';
import { REPUTATION_PATH } from './components/reputation';
import { Loading } from './components/states';
import { TWO_FACTOR_PATH, useSession } from './session';
import { SignIn } from './pages/SignIn';
import { SignUp } from './pages/SignUp';
import { VerifyEmail } from './pages/VerifyEmail';
import { ForgotPassword, ResetPassword } from './pages/ResetPassword';
import { AcceptInvitation } from './pages/AcceptInvitation';
import { Overview } from './pages/Overview';

const Domains = lazy(() => import('./pages/Domains'));
const DomainDetail = lazy(() => import('./pages/DomainDetail'));
const ApiKeys = lazy(() => import('./pages/ApiKeys'));
const Webhooks = lazy(() => import('./pages/Webhooks'));
const Byoc = lazy(() => import('./pages/Byoc'));
const Emails = lazy(() => import('./pages/Emails'));
const EmailDetail = lazy(() => import('./pages/EmailDetail'));
const Suppressions = lazy(() => import('./pages/Suppressions'));
const AddressExports = lazy(() => import('./pages/AddressExports'));
const Templates = lazy(() => import('./pages/Templates'));
const TemplateDetail = lazy(() => import('./pages/TemplateDetail'));
const Team = lazy(() => import('./pages/Team'));
const Audit = lazy(() => import('./pages/Audit'));
const Erasures = lazy(() => import('./pages/Erasures'));
const Security = lazy(() => import('./pages/Security'));
const Retention = lazy(() => import('./pages/Retention'));
const Inbound = lazy(() => import('./pages/Inbound'));
const InboundMessage = lazy(() => import('./pages/InboundMessage'));
const InboundDomains = lazy(() => import('./pages/InboundDomains'));
const InboundDomainDetail = lazy(() => import('./pages/InboundDomainDetail'));
const NotFound = lazy(() => import('./pages/NotFound'));
const PasskeySettings = lazy(() => import('./pages/PasskeySettings'));
const TwoFactorSettings = lazy(() => import('./pages/TwoFactorSettings'));
const DeleteAccount = lazy(() => import('./pages/DeleteAccount'));
const Reputation = lazy(() => import('./pages/Reputation'));

function RequireSession({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (session.isPending) return <Loading what="your account" />;
  if (!session.data)
    return <Navigate to={`/sign-in?next=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  // The account requires two-factor sign-in and this person has not turned it on: the API refuses
  // everything else until they do.
  if (session.data.two_factor_setup_required && location.pathname !== TWO_FACTOR_PATH)
    return <Navigate to={TWO_FACTOR_PATH} replace />;
  return <Layout session={session.data}>{children}</Layout>;
}

const page = (node: ReactNode) => (
  <RequireSession>
    <Suspense fallback={<Loading what="the page" />}>{node}</Suspense>
  </RequireSession>
);

export function App() {
  return (
    <BrowserRouter>
      <Routes>
        <Route path="/sign-in" element={<SignIn />} />
        <Route path="/sign-up" element={<SignUp />} />
        <Route path="/verify-email" element={<VerifyEmail />} />
        <Route path="/forgot-password" element={<ForgotPassword />} />
        <Route path="/reset-password" element={<ResetPassword />} />
        <Route path="/accept-invitation" element={<AcceptInvitation />} />
        <Route path="/" element={page(<Overview />)} />
        <Route path="/domains" element={page(<Domains />)} />
        <Route path="/domains/:name" element={page(<DomainDetail />)} />
        <Route path="/api-keys" element={page(<ApiKeys />)} />
        <Route path="/webhooks" element={page(<Webhooks />)} />
        <Route path="/byoc" element={page(<Byoc />)} />
        <Route path="/emails" element={page(<Emails />)} />
        <Route path="/emails/:id" element={page(<EmailDetail />)} />
        <Route path="/inbound" element={page(<Inbound />)} />
        <Route path="/inbound/messages/:id" element={page(<InboundMessage />)} />
        <Route path="/inbound/domains" element={page(<InboundDomains />)} />
        <Route path="/inbound/domains/:name" element={page(<InboundDomainDetail />)} />
        <Route path="/suppressions" element={page(<Suppressions />)} />
        <Route path={REPUTATION_PATH} element={page(<Reputation />)} />
        <Route path="/templates" element={page(<Templates />)} />
        <Route path="/templates/:id" element={page(<TemplateDetail />)} />
        <Route path="/team" element={page(<Team />)} />
        <Route path="/audit" element={page(<Audit />)} />
        <Route path="/account/data-export" element={page(<AddressExports />)} />
        <Route path="/account/erasures" element={page(<Erasures />)} />
        <Route path="/account/security" element={page(<Security />)} />
        <Route path="/account/retention" element={page(<Retention />)} />
        <Route path="/account/passkeys" element={page(<PasskeySettings />)} />
        <Route path={TWO_FACTOR_PATH} element={page(<TwoFactorSettings />)} />
        <Route path="/account/delete" element={page(<DeleteAccount />)} />
        <Route path="*" element={page(<NotFound />)} />
      </Routes>
    </BrowserRouter>
  );
}
