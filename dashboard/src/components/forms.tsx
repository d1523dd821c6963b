// Form parts: fields with the API's field errors inline, the form's own error, submit and cancel,
// copy buttons, a confirmation on the native <dialog> (focus handling and Escape come with it), and
// a secret shown once.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { ApiError } from '../api';

/** A form-level message from a failed request (field errors are shown by their fields). */
export function FormError({ error }: { error: unknown }) {
  if (!error) return null;
  const fieldErrors = error instanceof ApiError ? Object.entries(error.fieldErrors).filter(([f]) => f === '_body') : [];
  const hasOnlyFields =
    error instanceof ApiError && Object.keys(error.fieldErrors).length > 0 && fieldErrors.length === 0;
  if (hasOnlyFields) return null;
  const text =
    fieldErrors.length > 0
      ? fieldErrors.map(([, m]) => m.join(' ')).join(' ')
      : error instanceof Error
        ? error.message
        : 'Something went wrong.';
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
      {children({
        id,
        name,
        'aria-invalid': Boolean(message),
        ...(described ? { 'aria-describedby': described } : {}),
      })}
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

/** Cancel and submit for the create forms; the submit button says what is happening. */
export function FormActions({
  onCancel,
  pending,
  label,
  pendingLabel,
}: {
  onCancel: () => void;
  pending: boolean;
  label: string;
  pendingLabel: string;
}) {
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

/**
 * The end of a settings form that saves in place: the API's error, "Saved." until the next edit,
 * and the submit button for those who may change it (enabled once something changed).
 */
export function SaveActions({
  save,
  changed,
  canEdit,
  label,
}: {
  save: { error: unknown; isSuccess: boolean; isPending: boolean };
  changed: boolean;
  canEdit: boolean;
  label: string;
}) {
  return (
    <>
      <FormError error={save.error} />
      {save.isSuccess && !changed && (
        <p className="ok-text" role="status">
          Saved.
        </p>
      )}
      {canEdit && (
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={save.isPending || !changed}>
            {save.isPending ? 'Saving…' : label}
          </button>
        </div>
      )}
    </>
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
        void navigator.clipboard?.writeText(value).then(
          () => setCopied(true),
          () => setCopied(false),
        );
      }}
      aria-label={`${label}: ${value.length > 40 ? `${value.slice(0, 37)}…` : value}`}
    >
      {copied ? 'Copied' : label}
    </button>
  );
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
      <button
        type="button"
        className={`button${danger ? ' button-danger' : ''}${small ? ' button-small' : ''}`}
        onClick={() => dialog.current?.showModal()}
      >
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
export function SecretOnce({
  label,
  secret,
  onDismiss,
  children,
}: {
  label: string;
  secret: string;
  onDismiss: () => void;
  children?: ReactNode;
}) {
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
