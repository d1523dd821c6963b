// The suppression list: search, add, remove (with confirmation), pages.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ok, postage, topicOf, type Suppression } from '../api';
import { keys, useSuppressions } from '../queries';
import { Badge, PageHeader } from '../components/page';
import { ConfirmButton, Field, FormError } from '../components/forms';
import { Empty } from '../components/states';
import { Time } from '../components/time';
import { QueryList } from '../components/QueryList';
import { useCan } from '../session';

// By the generated enum: a new reason fails to compile until it has words here.
const REASON: Record<Suppression['reason'], [string, 'bad' | 'warn' | 'neutral']> = {
  bounce: ['Hard bounce', 'bad'],
  complaint: ['Complaint', 'bad'],
  manual: ['Added by hand', 'neutral'],
  unsubscribed: ['Unsubscribed', 'warn'],
  erased: ['Erased', 'neutral'],
};

/** An erased address's entry (docs/privacy.md): kept as a keyed hash, lifted only by naming the address. */
const ERASED = '[erased]';

export default function Suppressions() {
  const client = useQueryClient();
  const [search, setSearch] = useState('');
  const [applied, setApplied] = useState('');
  const [cursor, setCursor] = useState<string | undefined>(undefined);
  const [address, setAddress] = useState('');
  const list = useSuppressions(applied, cursor);
  const canEdit = useCan('developer');
  const add = useMutation({
    mutationFn: () => ok(postage.POST('/api/suppressions', { body: { address } })),
    onSuccess: () => {
      setAddress('');
      void client.invalidateQueries({ queryKey: keys.suppressions });
    },
  });
  return (
    <>
      <PageHeader
        title="Suppressions"
        description="Postage refuses to send to these addresses (422 recipient_suppressed). Hard bounces, complaints and unsubscribes are added automatically; an unsubscribe from a topic stops only that topic's mail."
      />
      <div className={canEdit ? 'two-columns' : undefined}>
        {canEdit && (
          <form
            className="card form"
            onSubmit={(e: FormEvent) => {
              e.preventDefault();
              add.mutate();
            }}
            noValidate
            aria-labelledby="add-suppression-title"
          >
            <h2 id="add-suppression-title">Suppress an address</h2>
            <Field label="Email address" name="address" error={add.error}>
              {(p) => (
                <input {...p} type="email" required value={address} onChange={(e) => setAddress(e.target.value)} />
              )}
            </Field>
            <FormError error={add.error} />
            <button type="submit" className="button button-primary" disabled={add.isPending}>
              Add
            </button>
          </form>
        )}
        <form
          className="card form"
          role="search"
          onSubmit={(e: FormEvent) => {
            e.preventDefault();
            setCursor(undefined);
            setApplied(search);
          }}
        >
          <h2>Search</h2>
          <div className="field">
            <label htmlFor="s-search">Address contains</label>
            <input id="s-search" type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
          </div>
          <button type="submit" className="button">
            Search
          </button>
        </form>
      </div>
      <QueryList
        query={list}
        what="suppressions"
        rowsOf={(d) => d.suppressions}
        rowKey={(s) => `${s.address} ${topicOf(s) ?? ''}`}
        empty={
          <Empty title={applied ? 'No address matches' : 'No suppressed addresses'}>
            {applied
              ? 'Try another search.'
              : 'Good news: nothing has bounced hard or drawn a complaint. Addresses you add by hand appear here too.'}
          </Empty>
        }
        columns={[
          { header: 'Address', className: 'break', cell: (s) => s.address },
          {
            header: 'Reason',
            cell: (s) => <Badge tone={REASON[s.reason]?.[1] ?? 'neutral'}>{REASON[s.reason]?.[0] ?? s.reason}</Badge>,
          },
          {
            header: 'Topic',
            cell: (s) => topicOf(s) ?? <span className="muted">All mail</span>,
          },
          { header: 'Since', cell: (s) => <Time iso={s.created_at} /> },
          {
            header: 'Actions',
            hiddenHeader: true,
            cell: (s) =>
              canEdit &&
              s.address !== ERASED && (
                <ConfirmButton
                  small
                  label="Remove"
                  title={`Send to ${s.address} again?`}
                  confirmLabel="Remove from list"
                  onConfirm={async () => {
                    await ok(
                      postage.DELETE('/api/suppressions/{address}', {
                        params: {
                          path: { address: s.address },
                          // The entry of this row: its topic's, or the all-mail one.
                          ...(topicOf(s) !== null ? { query: { topic: topicOf(s)! } } : {}),
                        },
                      }),
                    );
                    await client.invalidateQueries({ queryKey: keys.suppressions });
                  }}
                >
                  <p>
                    {s.reason === 'manual'
                      ? 'Postage will send to this address again.'
                      : s.reason === 'unsubscribed'
                        ? 'The recipient unsubscribed: send to them again only if they asked for it.'
                        : 'It bounced hard or complained before: sending to it again can hurt your reputation.'}
                  </p>
                </ConfirmButton>
              ),
          },
        ]}
        after={(d) => (
          <nav className="pager" aria-label="Pages">
            <button type="button" className="button" disabled={!cursor} onClick={() => setCursor(undefined)}>
              First page
            </button>
            <button
              type="button"
              className="button"
              disabled={!d.next_cursor}
              onClick={() => setCursor(d.next_cursor ?? undefined)}
            >
              Next
            </button>
          </nav>
        )}
      />
    </>
  );
}
