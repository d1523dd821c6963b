// The account's reputation (docs/reputation.md): its bounce and complaint rates over the window
// each with a bar marked with the levels that act on them (Postage's warning and pause, Amazon
// SES's review and pause of the shared account), the standing in words and the sends it rests on;
// the last 14 days' rates by day; the rates by sending domain; and what to do about a high rate.
// (While sending is paused, the layout's banner says why on this page as on every other.)
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import type { Reputation as ReputationAnswer, Standing } from '../api';
import { DataTable, type Column } from '../components/DataTable';
import { Badge, PageHeader } from '../components/page';
import { ratePercent } from '../components/reputation';
import type { Counts, TrendRate } from '../components/ReputationChart';
import { Empty, ErrorState, Loading } from '../components/states';
import type { Tone } from './statusTones';
import { useReputation } from '../queries';

const ReputationChart = lazy(() => import('../components/ReputationChart'));

type Levels = ReputationAnswer['levels']['bounce_rate'];

interface RateKind extends TrendRate {
  id: string;
  /** "hard bounce" (one of them) */
  event: string;
  standing: (account: ReputationAnswer['account']) => Standing;
  levels: (levels: ReputationAnswer['levels']) => Levels;
}

const RATES: RateKind[] = [
  {
    id: 'bounce',
    label: 'Bounce rate',
    event: 'hard bounce',
    events: 'hard bounces',
    rate: (c) => c.bounce_rate,
    count: (c) => c.hard_bounces,
    standing: (a) => a.bounce_standing,
    levels: (l) => l.bounce_rate,
    color: '#2747d6',
  },
  {
    id: 'complaint',
    label: 'Complaint rate',
    event: 'complaint',
    events: 'complaints',
    rate: (c) => c.complaint_rate,
    count: (c) => c.complaints,
    standing: (a) => a.complaint_standing,
    levels: (l) => l.complaint_rate,
    color: '#8e44ad',
  },
];

/** Each level that acts on a rate, in the order they are reached. */
const LEVELS: { key: keyof Levels; label: string }[] = [
  { key: 'warning', label: 'Warning' },
  { key: 'postage_pause', label: 'Postage pauses your sending' },
  { key: 'ses_review', label: 'Amazon SES reviews the shared account' },
  { key: 'ses_pause', label: 'Amazon SES may pause the shared account' },
];

const STANDING: Record<Standing, [string, Tone]> = {
  too_few_sends: ['Too few to count', 'neutral'],
  ok: ['Good', 'good'],
  warning: ['Warning', 'warn'],
  paused: ['Pause level', 'bad'],
};

const count = (n: number, one: string, many: string) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

function standingText(kind: RateKind, standing: Standing, levels: Levels, answer: ReputationAnswer): string {
  const warning = ratePercent(levels.warning);
  const pause = ratePercent(levels.postage_pause);
  switch (standing) {
    case 'too_few_sends':
      return answer.account.sends < answer.min_sends
        ? `Too few sends to count yet: this rate can pause your sending once it rests on at least ${count(answer.min_sends, 'send', 'sends')} and ${count(answer.min_events, kind.event, kind.events)}.`
        : `Under ${count(answer.min_events, kind.event, kind.events)}: too few for this rate to pause your sending.`;
    case 'ok':
      return `Below the warning level of ${warning}.`;
    case 'warning':
      return `At or over the warning level of ${warning}: Postage pauses your sending at ${pause}.`;
    case 'paused':
      return `At or over ${pause}, the level at which Postage pauses your sending.`;
  }
}

/**
 * Where on the bar a rate sits: each level starts an equal part, the last runs to twice the
 * highest level (complaint levels of 0.05 % and 0.1 % would otherwise overlap on a phone).
 */
function position(rate: number, marks: number[]): number {
  const bounds = [0, ...marks, marks[marks.length - 1]! * 2];
  const parts = bounds.length - 1;
  for (let i = 0; i < parts; i++) {
    const [from, to] = [bounds[i]!, bounds[i + 1]!];
    if (rate < to) return ((i + (rate - from) / (to - from)) / parts) * 100;
  }
  return 100;
}

/** The rate as a filled bar with a mark at each level (drawn only: the figures and words say it all in text). */
function LevelBar({ rate, levels, tone }: { rate: number; levels: Levels; tone: Tone }) {
  const marks = [...new Set(LEVELS.map((l) => levels[l.key]))].sort((a, b) => a - b);
  return (
    <div className="level-bar" aria-hidden="true">
      <div className="level-track">
        <div className={`level-fill level-fill-${tone}`} style={{ width: `${position(rate, marks)}%` }} />
        {marks.map((m) => (
          <span key={m} className="level-mark" style={{ left: `${position(m, marks)}%` }} />
        ))}
      </div>
      <div className="level-scale">
        {marks.map((m) => (
          <span key={m} style={{ left: `${position(m, marks)}%` }}>
            {ratePercent(m)}
          </span>
        ))}
      </div>
    </div>
  );
}

function RateCard({ kind, answer }: { kind: RateKind; answer: ReputationAnswer }) {
  const rate = kind.rate(answer.account);
  const standing = kind.standing(answer.account);
  const levels = kind.levels(answer.levels);
  const [word, tone] = STANDING[standing];
  const titleId = `${kind.id}-rate-title`;
  return (
    <section className="card rate-card" aria-labelledby={titleId}>
      <div className="card-head">
        <h2 id={titleId}>{kind.label}</h2>
        <Badge tone={tone}>{word}</Badge>
      </div>
      <p className="rate-figure">{ratePercent(rate)}</p>
      <p className="rate-volume">
        {count(kind.count(answer.account), kind.event, kind.events)} of {count(answer.account.sends, 'send', 'sends')}{' '}
        in the last {count(answer.window_days, 'day', 'days')}
      </p>
      <LevelBar rate={rate} levels={levels} tone={tone} />
      <p className="rate-standing">{standingText(kind, standing, levels, answer)}</p>
      <ul className="levels" aria-label={`${kind.label} levels`}>
        {LEVELS.map((l) => (
          <li key={l.key}>
            <strong>{ratePercent(levels[l.key])}</strong> {l.label}
          </li>
        ))}
      </ul>
    </section>
  );
}

function Trend({ answer }: { answer: ReputationAnswer }) {
  const sent = answer.trend.some((d) => d.sends > 0);
  return (
    <section className="card" aria-labelledby="trend-title">
      <h2 id="trend-title">The last {answer.trend.length} days</h2>
      <p className="hint">
        Each day&apos;s rates among the emails sent that day (UTC); a day without sends has no point.
      </p>
      {sent ? (
        <div className="two-columns trend-charts">
          {RATES.map((kind) => (
            <div key={kind.id}>
              <h3>{kind.label}</h3>
              <Suspense fallback={<Loading what="the chart" />}>
                <ReputationChart days={answer.trend} trend={kind} levels={kind.levels(answer.levels)} />
              </Suspense>
            </div>
          ))}
        </div>
      ) : (
        <Empty title={`Nothing sent in the last ${answer.trend.length} days`}>
          Rates appear here once your shared-mode domains send.
        </Empty>
      )}
    </section>
  );
}

const DOMAIN_COLUMNS: Column<ReputationAnswer['domains'][number]>[] = [
  { header: 'Domain', cell: (d) => <Link to={`/domains/${encodeURIComponent(d.domain)}`}>{d.domain}</Link> },
  { header: 'Sends', cell: (d) => d.sends.toLocaleString('en') },
  { header: 'Hard bounces', cell: (d) => d.hard_bounces.toLocaleString('en') },
  { header: 'Bounce rate', cell: (d) => ratePercent(d.bounce_rate) },
  { header: 'Complaints', cell: (d) => d.complaints.toLocaleString('en') },
  { header: 'Complaint rate', cell: (d) => ratePercent(d.complaint_rate) },
];

function Domains({ answer }: { answer: ReputationAnswer }) {
  return (
    <section className="card" aria-labelledby="domains-title">
      <h2 id="domains-title">By sending domain</h2>
      <p className="hint">
        The same {count(answer.window_days, 'day', 'days')}, by the domain each email was sent from.
      </p>
      {answer.domains.length > 0 ? (
        <DataTable
          rows={answer.domains}
          rowKey={(d) => d.domain}
          columns={DOMAIN_COLUMNS}
          label="Rates by sending domain"
          stacked
        />
      ) : (
        <Empty title="No shared-mode sends in this window">Each sending domain gets a row once it sends.</Empty>
      )}
    </section>
  );
}

function WhatToDo() {
  return (
    <section className="card" aria-labelledby="todo-title">
      <h2 id="todo-title">Keeping the rates low</h2>
      <ul className="todo">
        <li>
          <strong>Remove addresses that bounce.</strong> Postage stops sending to an address once it hard-bounces or
          complains (see <Link to="/suppressions">Suppressions</Link>); remove it from your own list too, and clean out
          old or bought lists before they bounce.
        </li>
        <li>
          <strong>Confirm opt-in.</strong> Send only to people who asked for your email, and confirm new addresses with
          a link before you mail them.
        </li>
        <li>
          <strong>Honour unsubscribes at once.</strong> Keep an unsubscribe link in every email that is not a receipt or
          password reset: a recipient who cannot leave marks your email as spam.
        </li>
        <li>
          <strong>If your sending is paused,</strong> fix the list first, then ask Postage support to lift the pause.
        </li>
      </ul>
    </section>
  );
}

export default function Reputation() {
  const reputation = useReputation();
  const answer = reputation.data;
  return (
    <>
      <PageHeader
        title="Reputation"
        description={
          <>
            Your bounce and complaint rates, counted as Amazon SES counts them, among your real shared-mode sends
            {answer ? ` of the last ${count(answer.window_days, 'day', 'days')}` : ''}. Test keys, the simulator and
            BYOC sends are not counted.
          </>
        }
      />
      {reputation.isPending && <Loading what="your rates" />}
      {reputation.isError && <ErrorState error={reputation.error} retry={() => void reputation.refetch()} />}
      {answer && (
        <>
          <div className="two-columns">
            {RATES.map((kind) => (
              <RateCard key={kind.id} kind={kind} answer={answer} />
            ))}
          </div>
          <Trend answer={answer} />
          <Domains answer={answer} />
          <WhatToDo />
        </>
      )}
    </>
  );
}
