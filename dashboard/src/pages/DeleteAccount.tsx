// Deleting the account (docs/privacy.md, "Deleting the account"): what goes, the owner's
// confirmation by typing the account's name, and while it is pending the date and "Cancel
// deletion". Other members see the state only.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ok, postage, type Session } from '../api';
import { keys, useAccountDeletion } from '../queries';
import { PageHeader } from '../components/page';
import { Field, FormError } from '../components/forms';
import { ErrorState, Loading } from '../components/states';
import { CancelDeletionButton, deletionDate } from '../components/accountDeletion';
import { useSession } from '../session';

function WhatGoes() {
  return (
    <ul>
      <li>Sending stops at once: the API, the SMTP relay and scheduled messages refuse to send.</li>
      <li>
        After a grace period, everything is deleted: the email log, received mail, domains, API keys, webhooks,
        templates, suppressions and the audit log. Members who belong to no other account are deleted too.
      </li>
      <li>Until then you can cancel, and the account sends again at once. The owner and admins are emailed.</li>
    </ul>
  );
}

function ConfirmDeletion({ account }: { account: Session['account'] }) {
  const client = useQueryClient();
  const word = account.name || account.email;
  const [typed, setTyped] = useState('');
  const request = useMutation({
    mutationFn: () => ok(postage.POST('/api/account/deletion', { body: { confirm: typed } })),
    onSuccess: (state) => client.setQueryData(keys.accountDeletion, state),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    request.mutate();
  };
  return (
    <form onSubmit={submit} noValidate>
      <Field label={`Type ${word} to confirm`} name="confirm" error={request.error}>
        {(props) => (
          <input
            {...props}
            value={typed}
            autoComplete="off"
            spellCheck={false}
            onChange={(e) => setTyped(e.target.value)}
          />
        )}
      </Field>
      <FormError error={request.error} />
      <div className="form-actions">
        <button type="submit" className="button button-danger" disabled={typed !== word || request.isPending}>
          {request.isPending ? 'Scheduling…' : 'Delete account'}
        </button>
      </div>
    </form>
  );
}

function DangerZone({ account }: { account: Session['account'] }) {
  const deletion = useAccountDeletion();
  if (deletion.isPending) return <Loading what="the account's deletion" />;
  if (deletion.isError) return <ErrorState error={deletion.error} retry={() => void deletion.refetch()} />;
  if (deletion.data.pending && deletion.data.due_at)
    return (
      <>
        <p>
          <strong>This account will be deleted on {deletionDate(deletion.data.due_at)}.</strong> It sends nothing until
          then.
        </p>
        {account.role === 'owner' ? (
          <CancelDeletionButton />
        ) : (
          <p className="muted">Only the owner can cancel the deletion.</p>
        )}
      </>
    );
  return (
    <>
      <WhatGoes />
      {account.role === 'owner' ? (
        <ConfirmDeletion account={account} />
      ) : (
        <p className="muted">Only the owner can delete the account.</p>
      )}
    </>
  );
}

export default function DeleteAccountPage() {
  const session = useSession();
  if (!session.data) return null;
  return (
    <>
      <PageHeader title="Delete account" description="Delete this account and everything it holds." />
      <section className="card card-danger" aria-labelledby="delete-account-title">
        <h2 id="delete-account-title">Danger zone</h2>
        <DangerZone account={session.data.account} />
      </section>
    </>
  );
}
