// Small building blocks every page uses: states (loading, empty, error), fields with inline API
// errors, buttons, copy, relative times, badges, and a confirmation dialog on the native <dialog>
// (which brings focus handling and Escape with it).
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { ApiError, type MessageDelivery, type WebhookDelivery } from '../api';

export function Loading({ what }: { what: string }) {
  return (
    <div className="state" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" /> Loading {what}…
    </div>
  );
}

export function ErrorState({ error, retry }: { error: unknown; retry?: () => void }) {
  const message = error instanceof Error ? error.message : 'Something went wrong.';
  return (
    <div className="state state-error" role="alert">
      <p>{message}</p>
      {retry && (
        <button type="button" className="button" onClick={retry}>
          Try again
        </button>
      )}
    </div>
  );
}

export function Empty({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <div className="state state-empty">
      <h3>{title}</h3>
      <p>{children}</p>
      {action}
    </div>
  );
}

/** A form-level message from a failed request (field errors are shown by their fields). */
export function FormError({ error }: { error: unknown }) {
  if (!error) return null;
  const fieldErrors = error instanceof ApiError ? Object.entries(error.fieldErrors).filter(([f]) => f === '_body') : [];
  const hasOnlyFields = error instanceof ApiError && Object.keys(error.fieldErrors).length > 0 && fieldErrors.length === 0;
  if (hasOnlyFields) return null;
  const text = fieldErrors.length > 0 ? fieldErrors.map(([, m]) => m.join(' ')).join(' ') : error instanceof Error ? error.message : 'Something went wrong.';
  return (
    <p className="form-error" role="alert">
      {text}
    </p>
  );
}

interface FieldProps {
  label: string;
  name: string;
  error?: unknown;
  hint?: ReactNode;
  children: (props: { id: string; name: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactNode;
}

/** A labelled control with its hint and the API's message for this field. */
export function Field({ label, name, error, hint, children }: FieldProps) {
  const id = useId();
  const message = error instanceof ApiError ? error.field(name) : undefined;
  const described = [hint ? `${id}-hint` : '', message ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className={`field${message ? ' field-invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children({ id, name, 'aria-invalid': Boolean(message), ...(described ? { 'aria-describedby': described } : {}) })}
      {hint && (
        <p className="hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {message && (
        <p className="field-error" id={`${id}-error`}>
          {message}
        </p>
      )}
    </div>
  );
}

export function CopyButton({ value, label = 'Copy' }: { value: string; label?: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(t);
  }, [copied]);
  return (
    <button
      type="button"
      className="button button-small"
      onClick={() => {
        void navigator.clipboard?.writeText(value).then(() => setCopied(true), () => setCopied(false));
      }}
      aria-label={`${label}: ${value.length > 40 ? `${value.slice(0, 37)}…` : value}`}
    >
      {copied ? 'Copied' : label}
    </button>
  );
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
  ['second', 1000],
];
const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const exact = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'long' });

export function formatRelative(iso: string, now = Date.now()): string {
  const diff = new Date(iso).getTime() - now;
  for (const [unit, ms] of UNITS) {
    if (Math.abs(diff) >= ms || unit === 'second') return relative.format(Math.round(diff / ms), unit);
  }
  return '';
}

/** "3 minutes ago", with the exact time on hover and for assistive technology. */
export function Time({ iso, empty = '—' }: { iso: string | null | undefined; empty?: string }) {
  if (!iso) return <span className="muted">{empty}</span>;
  const full = exact.format(new Date(iso));
  return (
    <time dateTime={iso} title={full}>
      {formatRelative(iso)}
      <span className="visually-hidden"> ({full})</span>
    </time>
  );
}

export function Badge({ tone, children }: { tone: 'good' | 'bad' | 'warn' | 'neutral' | 'info'; children: ReactNode }) {
  return <span className={`badge badge-${tone}`}>{children}</span>;
}

/** A button that asks first, in a modal dialog. */
export function ConfirmButton({
  label,
  title,
  children,
  confirmLabel,
  onConfirm,
  danger = true,
  small = false,
}: {
  label: string;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => Promise<unknown>;
  danger?: boolean;
  small?: boolean;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const titleId = useId();
  return (
    <>
      <button type="button" className={`button${danger ? ' button-danger' : ''}${small ? ' button-small' : ''}`} onClick={() => dialog.current?.showModal()}>
        {label}
      </button>
      <dialog ref={dialog} aria-labelledby={titleId} className="dialog">
        <h2 id={titleId}>{title}</h2>
        <div className="dialog-body">{children}</div>
        <FormError error={error} />
        <div className="dialog-actions">
          <button type="button" className="button" onClick={() => dialog.current?.close()}>
            Cancel
          </button>
          <button
            type="button"
            className={`button ${danger ? 'button-danger' : 'button-primary'}`}
            disabled={busy}
            onClick={() => {
              setBusy(true);
              setError(null);
              onConfirm()
                .then(() => dialog.current?.close())
                .catch((err: unknown) => setError(err))
                .finally(() => setBusy(false));
            }}
          >
            {busy ? 'Working…' : confirmLabel}
          </button>
        </div>
      </dialog>
    </>
  );
}

/**
 * A secret shown once: copy it, then dismiss it. Dismissing drops it from the page's state, so
 * it is not left in the DOM.
 */
export function SecretOnce({ label, secret, onDismiss, children }: { label: string; secret: string; onDismiss: () => void; children?: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div className="secret" role="region" aria-label={`New ${label}`} tabIndex={-1} ref={ref}>
      <p className="secret-warning">
        <strong>Copy this {label} now.</strong> It is shown only this once: Postage cannot show it again.
      </p>
      {children}
      <div className="secret-value">
        <code data-testid="secret-value">{secret}</code>
        <CopyButton value={secret} label="Copy secret" />
      </div>
      <button type="button" className="button button-primary" onClick={onDismiss}>
        I have stored it
      </button>
    </div>
  );
}

export function PageHeader({ title, description, actions }: { title: string; description?: ReactNode; actions?: ReactNode }) {
  return (
    <header className="page-header">
      <div>
        <h1>{title}</h1>
        {description && <p className="lead">{description}</p>}
      </div>
      {actions && <div className="page-actions">{actions}</div>}
    </header>
  );
}

/** Cancel and submit for the create forms; the submit button says what is happening. */
export function FormActions({ onCancel, pending, label, pendingLabel }: { onCancel: () => void; pending: boolean; label: string; pendingLabel: string }) {
  return (
    <div className="form-actions">
      <button type="button" className="button" onClick={onCancel}>
        Cancel
      </button>
      <button type="submit" className="button button-primary" disabled={pending}>
        {pending ? pendingLabel : label}
      </button>
    </div>
  );
}

/** A webhook delivery's outcome: the status code (or "no answer") and the error, if any. */
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

function DeliveryResult({ succeeded, statusCode, error }: { succeeded: boolean; statusCode: number | null; error: string | null }) {
  return (
    <>
      <Badge tone={succeeded ? 'good' : 'bad'}>{statusCode ?? 'no answer'}</Badge>
      {error && <span className="muted"> {deliveryFailure(error)}</span>}
    </>
  );
}

/** What a deliveries table shows of one attempt: the fields both listings share, and `url` (a message's) or `test` (an endpoint's). */
type DeliveryRow = Pick<WebhookDelivery, 'event_type' | 'status_code' | 'succeeded' | 'duration_ms' | 'error' | 'attempted_at'> & Partial<Pick<MessageDelivery, 'url'> & Pick<WebhookDelivery, 'test'>>;

/** Webhook delivery attempts, newest first as given: an endpoint's, or a message's (with the endpoint column). */
export function DeliveriesTable({ deliveries, label, withEndpoint = false }: { deliveries: DeliveryRow[]; label?: string; withEndpoint?: boolean }) {
  return (
    <div className="table-wrap" tabIndex={0}>
      <table aria-label={label}>
        <thead>
          <tr>
            <th scope="col">Event</th>
            {withEndpoint && <th scope="col">Endpoint</th>}
            <th scope="col">Result</th>
            <th scope="col">Duration</th>
            <th scope="col">When</th>
          </tr>
        </thead>
        <tbody>
          {deliveries.map((d, i) => (
            <tr key={`${d.attempted_at}-${i}`}>
              <td className="mono">
                {d.event_type}
                {d.test && <Badge tone="info">test</Badge>}
              </td>
              {withEndpoint && <td className="mono break">{d.url}</td>}
              <td>
                <DeliveryResult succeeded={d.succeeded} statusCode={d.status_code} error={d.error} />
              </td>
              <td>{d.duration_ms} ms</td>
              <td>
                <Time iso={d.attempted_at} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
