// The overview's "Sending queue" card: the account's emails waiting for their turn at SES (shared,
// and its own AWS account with BYOC), the pace and the expected wait (docs/sending.md, "Pace and
// fair shares").
import type { SendingQueue } from '../api';
import { useSendingQueue } from '../queries';
import { ErrorState, Loading } from './states';
import { Time } from './time';

function duration(seconds: number): string {
  if (seconds === 0) return 'none';
  if (seconds < 60) return `about ${seconds} s`;
  const minutes = Math.round(seconds / 60);
  return minutes < 60 ? `about ${minutes} min` : `about ${Math.round(minutes / 60)} h`;
}

function QueueFigures({ label, queue }: { label: string; queue: SendingQueue }) {
  const figures: [string, string][] = [
    ['One-off sends waiting', queue.waiting.single.toLocaleString('en')],
    ['Batch and scheduled waiting', queue.waiting.bulk.toLocaleString('en')],
    ['Pace', `${queue.pace_per_second.toLocaleString('en')} / s`],
    ['Expected wait', duration(queue.expected_wait_seconds)],
  ];
  return (
    <>
      <dl className="rates queue-figures" aria-label={label}>
        {figures.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {queue.last_throttled_at && (
        <p className="hint">
          Amazon SES slowed sending <Time iso={queue.last_throttled_at} />: the pace dropped by a fifth and climbs back
          to its full rate within about 20 seconds. Nothing is lost.
        </p>
      )}
    </>
  );
}

export function SendingQueueCard() {
  const queues = useSendingQueue();
  return (
    <section className="card" aria-labelledby="queue-title">
      <h2 id="queue-title">Sending queue</h2>
      <p className="hint">
        Your emails waiting for their turn at Amazon SES. Each SES account is called at its own rate, shared equally
        between the accounts sending; one-off sends go before batches and scheduled emails.
      </p>
      {queues.isPending && <Loading what="the sending queue" />}
      {queues.isError && <ErrorState error={queues.error} retry={() => void queues.refetch()} />}
      {queues.data && (
        <>
          {queues.data.byoc && <h3>Shared</h3>}
          <QueueFigures label="Shared sending queue" queue={queues.data.shared} />
          {queues.data.byoc && (
            <>
              <h3>Your own AWS account (BYOC)</h3>
              <QueueFigures label="BYOC sending queue" queue={queues.data.byoc} />
            </>
          )}
        </>
      )}
    </section>
  );
}
