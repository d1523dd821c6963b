// A scheduled email's actions on its page: move it to another time (in the browser's time zone),
// or cancel it (the month's count is given back). Both answer 409 once it has left.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ok, postage } from '../api';
import { keys } from '../queries';
import { ConfirmButton, Field, FormError } from '../components/forms';

/** `2026-12-01T09:00` in the browser's time zone, for a datetime-local input. */
function localInputValue(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function ScheduledActions({ messageId, scheduledAt }: { messageId: string; scheduledAt: string }) {
  const client = useQueryClient();
  const [when, setWhen] = useState(localInputValue(scheduledAt));
  const refresh = () => client.invalidateQueries({ queryKey: keys.email(messageId) });
  const reschedule = useMutation({
    mutationFn: () =>
      ok(
        postage.PATCH('/api/emails/{message_id}', {
          params: { path: { message_id: messageId } },
          body: { scheduled_at: new Date(when).toISOString() },
        }),
      ),
    onSuccess: () => void refresh(),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    reschedule.mutate();
  };
  return (
    <section className="card" aria-labelledby="schedule-title">
      <h2 id="schedule-title">Scheduled</h2>
      <form className="inline-form" onSubmit={submit} aria-label="Reschedule">
        <Field label="Send at" name="scheduled_at" error={reschedule.error}>
          {(p) => (
            <input {...p} type="datetime-local" required value={when} onChange={(e) => setWhen(e.target.value)} />
          )}
        </Field>
        <button type="submit" className="button" disabled={reschedule.isPending}>
          {reschedule.isPending ? 'Saving…' : 'Reschedule'}
        </button>
        <ConfirmButton
          label="Cancel email"
          title="Cancel this email?"
          confirmLabel="Cancel email"
          onConfirm={async () => {
            await ok(postage.POST('/api/emails/{message_id}/cancel', { params: { path: { message_id: messageId } } }));
            await client.invalidateQueries({ queryKey: ['emails'] });
          }}
        >
          <p>It will not be sent. Its count is given back to this month’s allowance and its content is deleted now.</p>
        </ConfirmButton>
      </form>
      {reschedule.isSuccess && (
        <p role="status" className="ok-text">
          Rescheduled.
        </p>
      )}
      <FormError error={reschedule.error} />
    </section>
  );
}
