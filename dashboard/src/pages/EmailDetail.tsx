// One message: its details, its timeline (queued, sent, then the outcome) and the webhook
// deliveries made for it. Refreshes while the message is still on its way.
import { Link, useParams } from 'react-router';
import { ApiError } from '../api';
import { useEmail } from '../queries';
import { Badge, PageHeader } from '../components/page';
import { ErrorState, Loading } from '../components/states';
import { Time } from '../components/time';
import { DeliveriesTable } from '../components/deliveries';
import { EMAIL_STATUS } from './statusTones';
import { ScheduledActions } from './ScheduledActions';
import { useCan } from '../session';

const EVENT_TEXT: Record<string, string> = {
  scheduled: 'Accepted and scheduled',
  canceled: 'Cancelled before it was sent',
  queued: 'Accepted and queued',
  sent: 'Handed to Amazon SES',
  possible_duplicate: 'Handed to Amazon SES again: may arrive twice',
  delivered: 'Delivered to the recipient’s mail server',
  bounced: 'Bounced',
  complained: 'Marked as spam by the recipient',
  failed: 'Failed',
  delivery_delayed: 'Delayed: Amazon SES keeps trying',
};

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
              <dd>{email.kind === 'test' ? 'Test recipient: nothing left Postage' : 'SES mailbox simulator'}</dd>
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
          {timeline.map((e) => (
            <li key={e.type} className={`timeline-${e.type}`}>
              <span className="timeline-dot" aria-hidden="true" />
              <div>
                <strong>
                  {e.type === 'sent' && email.kind === 'test'
                    ? 'Simulated (test recipient: nothing was transmitted)'
                    : (EVENT_TEXT[e.type] ?? e.type)}
                </strong>{' '}
                <Time iso={e.at} />
                {Object.keys(e.details).length > 0 && (
                  <dl className="timeline-details">
                    {Object.entries(e.details).map(([k, v]) => (
                      <div key={k}>
                        <dt>{k.replace(/_/g, ' ')}</dt>
                        <dd className="mono break">{v}</dd>
                      </div>
                    ))}
                  </dl>
                )}
              </div>
            </li>
          ))}
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
