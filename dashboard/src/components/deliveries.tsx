// Webhook delivery attempts: an endpoint's recent ones, or a message's (with the endpoint).
import { type MessageDelivery, type WebhookDelivery } from '../api';
import { Time } from './time';
import { Badge } from './page';
import { DataTable, type Column } from './DataTable';

/** The API reports a delivery that got no answer by category only; these are its words for people. */
const DELIVERY_FAILURES: Record<string, string> = {
  timeout: 'no answer within 5 s',
  dns_failure: 'the host name did not resolve',
  connection_refused: 'the connection was refused',
  tls_error: 'the TLS handshake failed',
  address_not_allowed: 'the host resolves to a private address',
  cancelled: 'cancelled',
  network_error: 'a network error',
};

export function deliveryFailure(error: string): string {
  return DELIVERY_FAILURES[error] ?? error;
}

/** A webhook delivery's outcome: the status code (or "no answer") and the error, if any. */
function DeliveryResult({
  succeeded,
  statusCode,
  error,
}: {
  succeeded: boolean;
  statusCode: number | null;
  error: string | null;
}) {
  return (
    <>
      <Badge tone={succeeded ? 'good' : 'bad'}>{statusCode ?? 'no answer'}</Badge>
      {error && <span className="muted"> {deliveryFailure(error)}</span>}
    </>
  );
}

/** What a deliveries table shows of one attempt: the fields both listings share, and `url` (a message's) or `test` (an endpoint's). */
type DeliveryRow = Pick<
  WebhookDelivery,
  'event_type' | 'status_code' | 'succeeded' | 'duration_ms' | 'error' | 'attempted_at'
> &
  Partial<Pick<MessageDelivery, 'url'> & Pick<WebhookDelivery, 'test' | 'id' | 'replay_of'>>;

/**
 * Webhook delivery attempts, newest first as given: an endpoint's, or a message's (with the
 * endpoint column). With `onReplay`, each row has a Replay button (the same event, once more).
 */
export function DeliveriesTable({
  deliveries,
  label,
  withEndpoint = false,
  onReplay,
  replaying,
}: {
  deliveries: DeliveryRow[];
  label?: string;
  withEndpoint?: boolean;
  onReplay?: (delivery: DeliveryRow) => void;
  /** The id of the delivery being replayed, whose button waits. */
  replaying?: string | undefined;
}) {
  const columns: Column<DeliveryRow>[] = [
    {
      header: 'Event',
      className: 'mono',
      cell: (d) => (
        <>
          {d.event_type}
          {d.test && <Badge tone="info">test</Badge>}
          {d.replay_of && <Badge tone="info">replay</Badge>}
        </>
      ),
    },
    ...(withEndpoint ? [{ header: 'Endpoint', className: 'mono break', cell: (d: DeliveryRow) => d.url }] : []),
    {
      header: 'Result',
      cell: (d) => <DeliveryResult succeeded={d.succeeded} statusCode={d.status_code} error={d.error} />,
    },
    { header: 'Duration', cell: (d) => `${d.duration_ms} ms` },
    { header: 'When', cell: (d) => <Time iso={d.attempted_at} /> },
    ...(onReplay
      ? [
          {
            header: 'Replay',
            cell: (d: DeliveryRow) => (
              <button
                type="button"
                className="button button-small"
                onClick={() => onReplay(d)}
                disabled={replaying !== undefined}
                aria-label={`Replay ${d.event_type} delivery`}
              >
                {replaying === d.id ? 'Sending…' : 'Replay'}
              </button>
            ),
          },
        ]
      : []),
  ];
  return <DataTable rows={deliveries} rowKey={(d, i) => `${d.attempted_at}-${i}`} columns={columns} label={label} />;
}
