// Plan, this month's usage per mode against the allowance with a daily chart, BYOC status, and a
// "next steps" checklist that ticks itself off from the account's real state.
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useApiKeys, useByoc, useDomains, useEmails, useUsage } from '../queries';
import { Badge, PageHeader } from '../components/page';
import { ErrorState, Loading } from '../components/states';
import { useCan, useSession } from '../session';

const UsageChart = lazy(() => import('../components/UsageChart'));

function Meter({ label, used, allowance }: { label: string; used: number; allowance: number }) {
  const share = allowance > 0 ? Math.min(1, used / allowance) : 0;
  return (
    <div className="meter">
      <div className="meter-head">
        <span>{label}</span>
        <span>
          <strong>{used.toLocaleString('en')}</strong>{' '}
          {allowance > 0 ? `of ${allowance.toLocaleString('en')}` : '(not in your plan)'}
        </span>
      </div>
      <progress
        max={1}
        value={share}
        aria-label={`${label}: ${used} of ${allowance} this month`}
        className={share >= 0.9 ? 'near-limit' : ''}
      />
    </div>
  );
}

export function Overview() {
  const session = useSession();
  const usage = useUsage();
  const domains = useDomains();
  const keys = useApiKeys();
  const byoc = useByoc();
  const emails = useEmails({ limit: 1 });
  const canEdit = useCan('developer');

  const account = session.data?.account;
  const steps = [
    { done: Boolean(account?.is_verified), label: 'Confirm your email address', to: undefined },
    { done: (domains.data?.domains.length ?? 0) > 0, label: 'Add a sending domain', to: '/domains' },
    {
      done: domains.data?.domains.some((d) => d.can_send) ?? false,
      label: 'Publish its DNS records and verify them',
      to: '/domains',
    },
    {
      done: keys.data?.api_keys.some((k) => k.state === 'active') ?? false,
      label: 'Create an API key',
      to: '/api-keys',
    },
    {
      done:
        (emails.data?.emails.length ?? 0) > 0 ||
        (usage.data ? usage.data.used.byoc + usage.data.used.shared > 0 : false),
      label: 'Send a test email',
      to: '/emails',
    },
  ];
  const remaining = steps.filter((s) => !s.done).length;

  return (
    <>
      <PageHeader
        title="Overview"
        description={
          account
            ? `${account.name || account.email}, on ${account.current_plan ? `the ${account.current_plan} plan` : 'the free BYOC plan'}.`
            : undefined
        }
      />
      {/* (A viewer can take none of these steps.) */}
      {remaining > 0 && canEdit && (
        <section className="card" aria-labelledby="steps-title">
          <h2 id="steps-title">
            Next steps ({steps.length - remaining} of {steps.length} done)
          </h2>
          <ol className="checklist">
            {steps.map((s) => (
              <li key={s.label} className={s.done ? 'done' : ''}>
                <span className="check" aria-hidden="true">
                  {s.done ? '✓' : ''}
                </span>
                {s.to && !s.done ? <Link to={s.to}>{s.label}</Link> : s.label}
                <span className="visually-hidden">{s.done ? ' (done)' : ' (to do)'}</span>
              </li>
            ))}
          </ol>
          {!steps[4]!.done && steps[3]!.done && (
            <p className="hint">
              Send to <code>delivered@</code> the test domain with your key: it counts toward the quota, but no email
              leaves.
            </p>
          )}
        </section>
      )}

      <section className="card" aria-labelledby="usage-title">
        <h2 id="usage-title">Usage this month{usage.data ? ` (${usage.data.month}, UTC)` : ''}</h2>
        {usage.isPending && <Loading what="usage" />}
        {usage.isError && <ErrorState error={usage.error} retry={() => void usage.refetch()} />}
        {usage.data && (
          <>
            <div className="meters">
              <Meter label="Shared" used={usage.data.used.shared} allowance={usage.data.allowance.shared} />
              <Meter label="BYOC" used={usage.data.used.byoc} allowance={usage.data.allowance.byoc} />
            </div>
            <Suspense fallback={<Loading what="the chart" />}>
              <UsageChart days={usage.data.days} />
            </Suspense>
          </>
        )}
      </section>

      <section className="card" aria-labelledby="byoc-title">
        <h2 id="byoc-title">Your own AWS account (BYOC)</h2>
        {byoc.isPending && <Loading what="BYOC status" />}
        {byoc.isError && <ErrorState error={byoc.error} retry={() => void byoc.refetch()} />}
        {byoc.data && (
          <p>
            {byoc.data.byoc_configured ? (
              <Badge tone="good">Validated</Badge>
            ) : byoc.data.configured ? (
              <Badge tone="warn">Not validated</Badge>
            ) : (
              <Badge tone="neutral">Not set up</Badge>
            )}{' '}
            {byoc.data.byoc_configured
              ? `Sending through ${byoc.data.role_arn} in ${byoc.data.region}.`
              : byoc.data.unusable_reason
                ? `The role stopped working: ${byoc.data.unusable_reason}`
                : 'BYOC domains send through Amazon SES in your own AWS account.'}{' '}
            <Link to="/byoc">{byoc.data.byoc_configured ? 'Settings' : 'Set it up'}</Link>
          </p>
        )}
      </section>
    </>
  );
}
