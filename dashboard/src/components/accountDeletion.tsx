// The account's scheduled deletion as every page shows it: a banner saying when, with the owner's
// "Cancel deletion" (docs/privacy.md, "Deleting the account").
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ok, postage, type Session } from '../api';
import { keys, useAccountDeletion } from '../queries';
import { FormError } from './forms';

const day = new Intl.DateTimeFormat('en', { dateStyle: 'long', timeStyle: 'short' });

/** The date a deletion takes effect, as people read it. */
export const deletionDate = (iso: string) => day.format(new Date(iso));

/** Cancels the deletion; the banner and the page read the state again. */
export function CancelDeletionButton() {
  const client = useQueryClient();
  const cancel = useMutation({
    mutationFn: () => ok(postage.DELETE('/api/account/deletion')),
    onSuccess: (state) => client.setQueryData(keys.accountDeletion, state),
  });
  return (
    <>
      <button type="button" className="button button-small" disabled={cancel.isPending} onClick={() => cancel.mutate()}>
        {cancel.isPending ? 'Cancelling…' : 'Cancel deletion'}
      </button>
      <FormError error={cancel.error} />
    </>
  );
}

export function DeletionBanner({ account }: { account: Session['account'] }) {
  const deletion = useAccountDeletion();
  if (!deletion.data?.pending || !deletion.data.due_at) return null;
  return (
    <div className="banner banner-bad" role="alert">
      <span>
        <strong className="break">{account.name || account.email}</strong> will be deleted on{' '}
        {deletionDate(deletion.data.due_at)}, with everything it holds. It sends nothing until then.
        {account.role !== 'owner' && ' Only the owner can cancel.'}
      </span>
      {account.role === 'owner' && <CancelDeletionButton />}
    </div>
  );
}
