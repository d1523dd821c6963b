// Webhooks: create (URL, events) with the signing secret shown once; per endpoint the active
// switch, "send test event", recent deliveries, delete; and how to verify a delivery (the
// Standard Webhooks signature and timestamp, with an SDK).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ApiError, EVENT_DESCRIPTION, EVENT_TYPES, ok, postage, type EventType, type Webhook } from '../api';
import { keys, useWebhookDeliveries, useWebhooks } from '../queries';
import { Badge, PageHeader } from '../components/page';
import { ConfirmButton, CopyButton, Field, FormError, SecretOnce, FormActions } from '../components/forms';
import { Empty, ErrorState, Loading } from '../components/states';
import { Time } from '../components/time';
import { DeliveriesTable, deliveryFailure } from '../components/deliveries';
import { QueryList } from '../components/QueryList';
import { useCan } from '../session';

const VERIFY_SNIPPET = `import { verifyWebhook, WebhookVerificationError } from '@postage/sdk';

// rawBody: the request body exactly as received, before parsing it as JSON.
async function handleDelivery(rawBody, headers, signingSecret) {
  try {
    // Checks webhook-signature over webhook-id.webhook-timestamp.body, and that
    // webhook-timestamp is within 5 minutes of now (a replayed delivery is refused).
    const event = await verifyWebhook(rawBody, headers, signingSecret);
    // event.type is read from the signed body; deduplicate on event.webhookId.
    return 204; // answer 2xx within 5 s
  } catch (err) {
    if (err instanceof WebhookVerificationError) return 401;
    throw err;
  }
}`;

function EventChoices({
  value,
  onChange,
  error,
}: {
  value: EventType[];
  onChange: (v: EventType[]) => void;
  error: unknown;
}) {
  const message = error instanceof ApiError ? error.field('events') : undefined;
  return (
    <fieldset className="choices">
      <legend>Events</legend>
      {EVENT_TYPES.map((t) => (
        <label key={t} className="choice">
          <input
            type="checkbox"
            checked={value.includes(t)}
            onChange={(e) => onChange(e.target.checked ? [...value, t] : value.filter((v) => v !== t))}
          />
          <span>
            <span className="mono">{t}</span>
            {EVENT_DESCRIPTION[t] && <span className="muted small choice-description">{EVENT_DESCRIPTION[t]}</span>}
          </span>
        </label>
      ))}
      {message && <p className="field-error">{message}</p>}
    </fieldset>
  );
}

function CreateWebhook({ onCreated, onCancel }: { onCreated: (secret: string) => void; onCancel: () => void }) {
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<EventType[]>(['email.delivered', 'email.bounced', 'email.complained']);
  const client = useQueryClient();
  const create = useMutation({
    mutationFn: () => ok(postage.POST('/api/webhooks', { body: { url, events } })),
    onSuccess: (res) => {
      void client.invalidateQueries({ queryKey: keys.webhooks });
      onCreated(res.signing_secret);
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate();
  };
  return (
    <form className="card form" onSubmit={submit} noValidate aria-labelledby="create-webhook-title">
      <h2 id="create-webhook-title">Add an endpoint</h2>
      <Field
        label="URL"
        name="url"
        error={create.error}
        hint="HTTPS recommended. It must answer 2xx within 5 seconds; failed deliveries are not retried."
      >
        {(p) => (
          <input
            {...p}
            type="url"
            required
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            placeholder="https://example.com/postage-events"
          />
        )}
      </Field>
      <EventChoices value={events} onChange={setEvents} error={create.error} />
      <FormError error={create.error} />
      <FormActions onCancel={onCancel} pending={create.isPending} label="Add endpoint" pendingLabel="Adding…" />
    </form>
  );
}

function Deliveries({ id, active, canEdit }: { id: string; active: boolean; canEdit: boolean }) {
  const client = useQueryClient();
  const deliveries = useWebhookDeliveries(id);
  const replay = useMutation({
    mutationFn: (deliveryId: string) =>
      ok(
        postage.POST('/api/webhooks/{id}/deliveries/{delivery_id}/replay', {
          params: { path: { id, delivery_id: deliveryId } },
        }),
      ),
    onSettled: () => void client.invalidateQueries({ queryKey: keys.deliveries(id) }),
  });
  if (deliveries.isPending) return <Loading what="deliveries" />;
  if (deliveries.isError) return <ErrorState error={deliveries.error} retry={() => void deliveries.refetch()} />;
  if (deliveries.data.deliveries.length === 0)
    return <p className="muted">No deliveries yet. Send a test event to try the endpoint.</p>;
  return (
    <>
      <DeliveriesTable
        deliveries={deliveries.data.deliveries}
        label="Recent deliveries"
        {...(active && canEdit
          ? {
              onReplay: (d: { id?: string }) => d.id && replay.mutate(d.id),
              replaying: replay.isPending ? replay.variables : undefined,
            }
          : {})}
      />
      {replay.isSuccess && (
        <p role="status" className={replay.data.delivery.succeeded ? 'ok-text' : 'form-error'}>
          {replay.data.delivery.succeeded
            ? `Replayed: HTTP ${replay.data.delivery.status_code}.`
            : `Replay not delivered: ${replay.data.delivery.error ? deliveryFailure(replay.data.delivery.error) : `HTTP ${replay.data.delivery.status_code}`}.`}
        </p>
      )}
      <FormError error={replay.error} />
    </>
  );
}

function Endpoint({ webhook, onSecret }: { webhook: Webhook; onSecret: (secret: string) => void }) {
  const client = useQueryClient();
  const canEdit = useCan('developer');
  const [testEvent, setTestEvent] = useState<EventType>(webhook.events[0] ?? 'email.delivered');
  const toggle = useMutation({
    mutationFn: () =>
      ok(
        postage.PATCH('/api/webhooks/{id}', {
          params: { path: { id: webhook.id } },
          body: { active: !webhook.active },
        }),
      ),
    onSuccess: () => void client.invalidateQueries({ queryKey: keys.webhooks }),
  });
  const test = useMutation({
    mutationFn: () =>
      ok(
        postage.POST('/api/webhooks/{id}/test', {
          params: { path: { id: webhook.id } },
          body: { event_type: testEvent },
        }),
      ),
    onSettled: () => void client.invalidateQueries({ queryKey: keys.deliveries(webhook.id) }),
  });
  const headingId = `webhook-${webhook.id}`;
  return (
    <section className="card" aria-labelledby={headingId}>
      <div className="card-head">
        <h2 id={headingId} className="mono break">
          {webhook.url}
        </h2>
        <label className="switch">
          <input
            type="checkbox"
            role="switch"
            checked={webhook.active}
            onChange={() => toggle.mutate()}
            disabled={!canEdit || toggle.isPending}
          />
          <span>{webhook.active ? 'Active' : 'Inactive'}</span>
        </label>
      </div>
      <p className="muted">
        {webhook.events.join(', ')} · added <Time iso={webhook.created_at} />
      </p>
      {canEdit && (
        <div className="inline-form">
          <label htmlFor={`${headingId}-event`}>Test event</label>
          <select
            id={`${headingId}-event`}
            value={testEvent}
            onChange={(e) => setTestEvent(e.target.value as EventType)}
          >
            {EVENT_TYPES.map((t) => (
              <option key={t}>{t}</option>
            ))}
          </select>
          <button
            type="button"
            className="button"
            onClick={() => test.mutate()}
            disabled={test.isPending || !webhook.active}
          >
            {test.isPending ? 'Sending…' : 'Send test event'}
          </button>
          <ConfirmButton
            small
            danger={false}
            label="Rotate secret"
            title="Rotate the signing secret?"
            confirmLabel="Rotate secret"
            onConfirm={async () => {
              const rotated = await ok(
                postage.POST('/api/webhooks/{id}/rotate-secret', { params: { path: { id: webhook.id } } }),
              );
              onSecret(rotated.signing_secret);
            }}
          >
            <p>
              A new secret is shown once. For 24 hours each delivery is signed with both secrets (Standard Webhooks{' '}
              <code>webhook-signature</code>), so your receiver can switch without missing events;{' '}
              <code>X-Service-Signature</code> uses the new one at once.
            </p>
          </ConfirmButton>
          <ConfirmButton
            small
            label="Delete"
            title="Delete this endpoint?"
            confirmLabel="Delete endpoint"
            onConfirm={async () => {
              await ok(postage.DELETE('/api/webhooks/{id}', { params: { path: { id: webhook.id } } }));
              await client.invalidateQueries({ queryKey: keys.webhooks });
            }}
          >
            <p>
              <span className="mono break">{webhook.url}</span> stops receiving events, and its signing secret and
              delivery history are deleted. This is permanent.
            </p>
          </ConfirmButton>
        </div>
      )}
      {!webhook.active && <p className="hint">Inactive endpoints receive nothing, test events included.</p>}
      {test.isSuccess && (
        <p role="status" className={test.data.delivery.succeeded ? 'ok-text' : 'form-error'}>
          {test.data.delivery.succeeded
            ? `Delivered: HTTP ${test.data.delivery.status_code} in ${test.data.delivery.duration_ms} ms.`
            : `Not delivered: ${test.data.delivery.error ? deliveryFailure(test.data.delivery.error) : `HTTP ${test.data.delivery.status_code}`}.`}
        </p>
      )}
      <FormError error={test.error ?? toggle.error} />
      <h3>Recent deliveries</h3>
      <Deliveries id={webhook.id} active={webhook.active} canEdit={canEdit} />
    </section>
  );
}

export default function Webhooks() {
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const webhooks = useWebhooks();
  const canEdit = useCan('developer');
  const addButton = canEdit && (
    <button type="button" className="button button-primary" onClick={() => setCreating(true)}>
      Add endpoint
    </button>
  );
  return (
    <>
      <PageHeader
        title="Webhooks"
        description="Postage POSTs signed events about your shared-mode emails to these endpoints (Growth and Pro plans)."
        actions={!creating && !secret && addButton}
      />
      {secret && <SecretOnce label="signing secret" secret={secret} onDismiss={() => setSecret(null)} />}
      {creating && (
        <CreateWebhook
          onCancel={() => setCreating(false)}
          onCreated={(s) => {
            setCreating(false);
            setSecret(s);
          }}
        />
      )}
      <QueryList
        query={webhooks}
        what="webhooks"
        rowsOf={(d) => d.webhooks}
        rowKey={(w) => w.id}
        empty={
          !creating && (
            <Empty title="No endpoints yet" action={addButton}>
              {canEdit
                ? 'Add an HTTPS endpoint to hear when emails are delivered, bounce or draw complaints.'
                : 'A developer or admin of the account can add one.'}
            </Empty>
          )
        }
        render={(w) => <Endpoint webhook={w} onSecret={setSecret} />}
      />
      <section className="card" aria-labelledby="verify-title">
        <div className="card-head">
          <h2 id="verify-title">Verify each delivery</h2>
          <CopyButton value={VERIFY_SNIPPET} label="Copy code" />
        </div>
        <p>
          Each request carries the Standard Webhooks headers <code>webhook-id</code>, <code>webhook-timestamp</code> and{' '}
          <code>webhook-signature</code>, a signature of <code>id.timestamp.body</code> made with the endpoint’s signing
          secret. Verify the signature over the raw body and refuse a timestamp more than 5 minutes from your clock, so
          a delivery captured once cannot be played to you later: the SDKs’ verify helpers (TypeScript below, Python,
          Go) or any Standard Webhooks library do both. Read the event type from the signed body, not from the unsigned{' '}
          <code>X-Service-Event</code>; <code>webhook-id</code> is the same on every delivery of an event, replays
          included.
        </p>
        <p className="muted">
          <code>X-Service-Signature</code> (<code>sha256=</code> HMAC of the body) is the older scheme: it has no
          timestamp, so a captured delivery still verifies later. Do not rely on it alone.
        </p>
        <pre className="code" tabIndex={0}>
          <code>{VERIFY_SNIPPET}</code>
        </pre>
      </section>
    </>
  );
}
