// Plan, this month's usage per mode (and received email) against the allowance with a daily chart,
// the emails waiting for their turn at SES, the last 30 days' delivery and engagement rates, BYOC
// status, and a "next steps" checklist that ticks itself off from the account's real state.
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useApiKeys, useByoc, useDailyStats, useDomains, useEmails, useUsage } from '../queries';
import { Badge, PageHeader } from '../components/page';
import { Empty, ErrorState, Loading } from '../components/states';
import { OUTCOMES, percent, rate, totals } from '../components/engagement';
import { SendingQueueCard } from '../components/SendingQueueCard';
import type { DailyStats } from '../api';
import { useCan, useSession } from '../session';

const UsageChart = lazy(() => import('../components/UsageChart'));
const EngagementChart = lazy(() => import('../components/EngagementChart'));

/** Days the overview's engagement chart covers. */
const ENGAGEMENT_DAYS = 30;

/** The period's rates as text (the chart's summary for everyone, screen readers included). */
function EngagementSummary({ days }: { days: DailyStats }) {
  const sum = totals(days);
  return (
    <dl className="rates" aria-label={`Rates over the last ${ENGAGEMENT_DAYS} days`}>
      <div>
        <dt>Sent</dt>
        <dd>{sum.sent.toLocaleString('en')}</dd>
      </div>
      {OUTCOMES.map((o) => (
        <div key={o.key}>
          <dt>{o.label}</dt>
          <dd>{percent(rate(sum[o.key], sum.sent))}</dd>
        </div>
      ))}
    </dl>
  );
}

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
  const stats = useDailyStats(ENGAGEMENT_DAYS);
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
              <Meter label="Received" used={usage.data.inbound.used} allowance={usage.data.inbound.allowance} />
            </div>
            <Suspense fallback={<Loading what="the chart" />}>
              <UsageChart days={usage.data.days} />
            </Suspense>
          </>
        )}
      </section>

      <SendingQueueCard />

      <section className="card" aria-labelledby="engagement-title">
        <h2 id="engagement-title">Delivery and engagement</h2>
        <p className="hint">
          Shared-mode emails of the last {ENGAGEMENT_DAYS} days (UTC), each outcome in percent of the emails sent that
          day. Opens and clicks count emails a person opened or clicked, from tracked sends only; BYOC emails are never
          counted. The log keeps emails 14 days: earlier days read zero.
        </p>
        {stats.isPending && <Loading what="delivery and engagement" />}
        {stats.isError && <ErrorState error={stats.error} retry={() => void stats.refetch()} />}
        {stats.data &&
          (totals(stats.data.days).sent === 0 ? (
            <Empty title="Nothing sent in the last 30 days">
              Rates appear here once your shared-mode domains send.
            </Empty>
          ) : (
            <>
              <EngagementSummary days={stats.data.days} />
              <Suspense fallback={<Loading what="the chart" />}>
                <EngagementChart days={stats.data.days} />
              </Suspense>
            </>
          ))}
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
