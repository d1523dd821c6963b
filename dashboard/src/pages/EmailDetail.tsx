// One message: its details, its timeline (queued, sent, then the outcome, and any delay, open,
// click or unsubscribe) and the webhook deliveries made for it. Refreshes while the message is still on its way.
import { Link, useParams } from 'react-router';
import { ApiError, type TimelineEvent } from '../api';
import { useEmail } from '../queries';
import { Badge, PageHeader } from '../components/page';
import { ErrorState, Loading } from '../components/states';
import { Time } from '../components/time';
import { DeliveriesTable } from '../components/deliveries';
import { EMAIL_STATUS, TIMELINE_TONE } from './statusTones';
import { ScheduledActions } from './ScheduledActions';
import { useCan } from '../session';

const EVENT_TEXT: Record<TimelineEvent['type'], string> = {
  scheduled: 'Accepted and scheduled',
  canceled: 'Cancelled before it was sent',
  queued: 'Accepted and queued',
  sent: 'Handed to Amazon SES',
  possible_duplicate: 'Handed to Amazon SES again: may arrive twice',
  delivered: 'Delivered to the recipient’s mail server',
  bounced: 'Bounced',
  complained: 'Marked as spam by the recipient',
  failed: 'Failed',
  delivery_delayed: 'Delivery delayed: Amazon SES keeps trying',
  opened: 'Opened',
  clicked: 'Clicked a link',
  unsubscribed: 'Unsubscribed',
  replied: 'Replied to: a received message answers it',
};

/** How each detail is labelled; `machine` is a badge instead (docs/sending.md, "Tracking opens and clicks"). */
const DETAIL_LABEL: Record<string, string> = {
  delay_type: 'Delay type',
  reason: 'Reason',
  url: 'URL',
  link_index: 'Link index',
  user_agent: 'User agent',
  topic: 'Topic',
  inbound_id: 'Received message',
};

/** Amazon SES's delay types, in words (docs/webhooks.md, "Events"). */
const DELAY_TYPE: Record<string, string> = {
  InternalFailure: 'A failure inside Amazon SES',
  General: 'A general failure',
  MailboxFull: 'The recipient’s mailbox is full',
  SpamDetected: 'The recipient’s server saw it as spam',
  RecipientServerError: 'The recipient’s server had a temporary problem',
  IPFailure: 'The sending IP address is blocked or throttled',
  TransientCommunicationFailure: 'A temporary communication failure',
  BYOIPHostNameLookupUnavailable: 'The sending host name could not be looked up',
  Undetermined: 'Not determined',
  SendingDeferral: 'Amazon SES deferred the send',
};

const DETAIL_ORDER = Object.keys(DETAIL_LABEL);
const detailRank = (key: string) => (DETAIL_ORDER.includes(key) ? DETAIL_ORDER.indexOf(key) : DETAIL_ORDER.length);

function detailValue(type: string, key: string, value: string): string {
  if (key === 'delay_type') return DELAY_TYPE[value] ? `${DELAY_TYPE[value]} (${value})` : value;
  if (key === 'topic' && value === '') return 'All mail';
  return value;
}

/** An event's details: a machine's open or click is marked, an unsubscribe without a topic is from all mail. */
function EventDetails({ type, details }: { type: string; details: Record<string, string> }) {
  // In reading order (PostgreSQL's jsonb returns keys shortest first), then any other.
  const entries = Object.entries(details)
    .filter(([k]) => k !== 'machine')
    .sort(([a], [b]) => detailRank(a) - detailRank(b));
  if (type === 'unsubscribed' && !('topic' in details)) entries.push(['topic', '']);
  return (
    <>
      {details.machine === 'true' && (
        <>
          {' '}
          <Badge tone="neutral">machine</Badge>
          <span className="muted small"> likely a mail scanner or proxy, not the recipient</span>
        </>
      )}
      {entries.length > 0 && (
        <dl className="timeline-details">
          {entries.map(([k, v]) => (
            <div key={k}>
              <dt>{DETAIL_LABEL[k] ?? k.replace(/_/g, ' ')}</dt>
              <dd className={k === 'delay_type' || k === 'reason' || k === 'topic' ? 'break' : 'mono break'}>
                {detailValue(type, k, v)}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </>
  );
}

export default function EmailDetail() {
  const { id = '' } = useParams();
  const detail = useEmail(id);
  const canEdit = useCan('developer');
  if (detail.isPending) return <Loading what="the email" />;
  if (detail.isError) {
    const gone = detail.error instanceof ApiError && detail.error.status === 404;
    return (
      <ErrorState
        error={
          gone
            ? new Error(
                'This email is not in your log: it may be older than 14 days, or a BYOC email (those are never kept).',
              )
            : detail.error
        }
        retry={gone ? undefined : () => void detail.refetch()}
      />
    );
  }
  const { email, timeline, webhook_deliveries: deliveries } = detail.data;
  return (
    <>
      <p className="breadcrumb">
        <Link to="/emails">Emails</Link> / {email.message_id}
      </p>
      <PageHeader
        title={email.subject || '(no subject)'}
        actions={<Badge tone={EMAIL_STATUS[email.status]}>{email.status}</Badge>}
      />
      <section className="card" aria-labelledby="facts-title">
        <h2 id="facts-title" className="visually-hidden">
          Details
        </h2>
        <dl className="facts">
          <dt>To</dt>
          <dd className="break">{email.recipient}</dd>
          <dt>From</dt>
          <dd className="break">{email.from_email}</dd>
          <dt>Message id</dt>
          <dd className="mono break">{email.message_id}</dd>
          {email.kind !== 'real' && (
            <>
              <dt>Kind</dt>
              <dd>
                {email.test
                  ? 'Test key: simulated, nothing left Postage'
                  : email.kind === 'test'
                    ? 'Test recipient: nothing left Postage'
                    : 'SES mailbox simulator'}
              </dd>
            </>
          )}
          {email.scheduled_at && (
            <>
              <dt>Scheduled for</dt>
              <dd>
                <Time iso={email.scheduled_at} />
              </dd>
            </>
          )}
          {Object.keys(email.tags).length > 0 && (
            <>
              <dt>Tags</dt>
              <dd>
                {Object.entries(email.tags).map(([name, value]) => (
                  <span key={name} className="tag mono">
                    {name}: {value}
                  </span>
                ))}
              </dd>
            </>
          )}
          {email.bounce_type && (
            <>
              <dt>Bounce</dt>
              <dd>
                {email.bounce_type} / {email.bounce_subtype}
              </dd>
            </>
          )}
        </dl>
      </section>
      {canEdit && email.status === 'scheduled' && email.scheduled_at && (
        <ScheduledActions messageId={email.message_id} scheduledAt={email.scheduled_at} />
      )}
      <section className="card" aria-labelledby="timeline-title">
        <h2 id="timeline-title">Timeline</h2>
        <ol className="timeline">
          {timeline.map((e, i) => {
            const type = e.type;
            return (
              // A machine's open or click is not the recipient's: a neutral dot.
              <li
                key={`${type}-${i}`}
                className={`timeline-${type} timeline-tone-${e.details.machine === 'true' ? 'neutral' : (TIMELINE_TONE[type] ?? 'info')}`}
              >
                <span className="timeline-dot" aria-hidden="true" />
                <div>
                  <strong>
                    {type === 'sent' && email.kind === 'test'
                      ? 'Simulated (test recipient: nothing was transmitted)'
                      : (EVENT_TEXT[type] ?? type)}
                  </strong>{' '}
                  <Time iso={e.at} />
                  <EventDetails type={type} details={e.details} />
                </div>
              </li>
            );
          })}
          {['scheduled', 'queued', 'sent'].includes(email.status) && (
            <li className="timeline-waiting" aria-live="polite">
              <span className="timeline-dot" aria-hidden="true" />
              <div>{email.status === 'scheduled' ? 'Waiting for its time…' : 'Waiting for the provider’s report…'}</div>
            </li>
          )}
        </ol>
      </section>
      <section className="card" aria-labelledby="deliveries-title">
        <h2 id="deliveries-title">Webhook deliveries</h2>
        {deliveries.length === 0 ? (
          <p className="muted">
            None. <Link to="/webhooks">Add a webhook endpoint</Link> to hear about events like this one.
          </p>
        ) : (
          <DeliveriesTable deliveries={deliveries} withEndpoint />
        )}
      </section>
    </>
  );
}
