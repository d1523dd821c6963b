// The account's data retention (docs/privacy.md, "How long data is kept"): how many days the
// email log, shared content and received mail are kept, each from 1 to the plan's bound; empty
// keeps the default. Owners and admins change it; every member reads it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ok, postage, type Retention } from '../api';
import { keys, useRetention } from '../queries';
import { PageHeader } from '../components/page';
import { Field, SaveActions } from '../components/forms';
import { ErrorState, Loading } from '../components/states';
import { useCan } from '../session';

type Kind = keyof Retention;

const KINDS: { kind: Kind; label: string; what: string }[] = [
  { kind: 'email_log', label: 'Email log', what: 'Each message’s log entry and its timeline (opens and clicks too).' },
  { kind: 'content', label: 'Message content', what: 'Shared-mode messages’ content and attachments.' },
  { kind: 'received', label: 'Received mail', what: 'Received messages, their attachments and parsed content.' },
];

/** The form's text per kind: the choice, or empty for the default. */
const draftOf = (r: Retention): Record<Kind, string> => ({
  email_log: r.email_log.chosen?.toString() ?? '',
  content: r.content.chosen?.toString() ?? '',
  received: r.received.chosen?.toString() ?? '',
});

/** Empty is the default (null); anything else goes as typed, for the API to judge. */
const choiceOf = (text: string): number | null => (text.trim() === '' ? null : Number(text));

export default function RetentionPage() {
  const state = useRetention();
  if (state.isPending) return <Loading what="data retention" />;
  if (state.isError) return <ErrorState error={state.error} retry={() => void state.refetch()} />;
  return <RetentionForm saved={state.data} />;
}

function RetentionForm({ saved }: { saved: Retention }) {
  const client = useQueryClient();
  const canEdit = useCan('admin');
  const [draft, setDraft] = useState(() => draftOf(saved));
  const save = useMutation({
    mutationFn: () =>
      ok(
        postage.PUT('/api/account/retention', {
          body: {
            email_log: choiceOf(draft.email_log),
            content: choiceOf(draft.content),
            received: choiceOf(draft.received),
          },
        }),
      ),
    onSuccess: (next) => {
      client.setQueryData(keys.retention, next);
      setDraft(draftOf(next));
    },
  });
  const changed = KINDS.some(({ kind }) => draft[kind] !== draftOf(saved)[kind]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  return (
    <>
      <PageHeader
        title="Data retention"
        description="How long Postage keeps this account’s data before the hourly purge deletes it. A shorter time takes effect at the next purge; a longer one cannot bring back what is already gone."
      />
      <form className="card form" onSubmit={submit} noValidate aria-labelledby="retention-title">
        <h2 id="retention-title">Days kept</h2>
        <p className="hint">
          From 1 day to your plan’s most; leave a field empty to keep the default.
          {!canEdit && ' Only admins and owners can change these.'}
        </p>
        {KINDS.map(({ kind, label, what }) => (
          <Field
            key={kind}
            label={label}
            name={kind}
            error={save.error}
            hint={
              <>
                {what} Kept now: <strong>{saved[kind].days} days</strong> (default {saved[kind].default}, at most{' '}
                {saved[kind].max}).
              </>
            }
          >
            {(p) => (
              <input
                {...p}
                type="number"
                inputMode="numeric"
                min={1}
                max={saved[kind].max}
                step={1}
                value={draft[kind]}
                placeholder={`${saved[kind].default} (default)`}
                onChange={(e) => setDraft((d) => ({ ...d, [kind]: e.target.value }))}
                disabled={!canEdit}
              />
            )}
          </Field>
        ))}
        <SaveActions save={save} changed={changed} canEdit={canEdit} label="Save retention" />
      </form>
    </>
  );
}
