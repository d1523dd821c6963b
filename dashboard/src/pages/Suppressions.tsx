// The suppression list: search, add, remove (with confirmation), pages.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { api, type Suppression } from '../api';
import { Badge, ConfirmButton, Empty, ErrorState, Field, FormError, Loading, PageHeader, Time } from '../components/ui';

const REASON = { bounce: 'Hard bounce', complaint: 'Complaint', manual: 'Added by hand' } as const;

export default function Suppressions() {
  const client = useQueryClient();
  const [search, setSearch] = useState('');
  const [applied, setApplied] = useState('');
  const [cursor, setCursor] = useState<string | undefined>(undefined);
  const [address, setAddress] = useState('');
  const query = new URLSearchParams({ limit: '25', ...(applied ? { search: applied } : {}), ...(cursor ? { cursor } : {}) });
  const list = useQuery({
    queryKey: ['suppressions', query.toString()],
    queryFn: () => api<{ suppressions: Suppression[]; next_cursor: string | null }>('GET', `/api/suppressions?${query}`),
    placeholderData: keepPreviousData,
  });
  const add = useMutation({
    mutationFn: () => api('POST', '/api/suppressions', { address }),
    onSuccess: () => {
      setAddress('');
      void client.invalidateQueries({ queryKey: ['suppressions'] });
    },
  });
  return (
    <>
      <PageHeader title="Suppressions" description="Postage refuses to send to these addresses (422 recipient_suppressed). Hard bounces and complaints are added automatically." />
      <div className="two-columns">
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
            {(p) => <input {...p} type="email" required value={address} onChange={(e) => setAddress(e.target.value)} />}
          </Field>
          <FormError error={add.error} />
          <button type="submit" className="button button-primary" disabled={add.isPending}>
            Add
          </button>
        </form>
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
      {list.isPending && <Loading what="suppressions" />}
      {list.isError && <ErrorState error={list.error} retry={() => void list.refetch()} />}
      {list.data && list.data.suppressions.length === 0 && (
        <Empty title={applied ? 'No address matches' : 'No suppressed addresses'}>
          {applied ? 'Try another search.' : 'Good news: nothing has bounced hard or drawn a complaint. Addresses you add by hand appear here too.'}
        </Empty>
      )}
      {list.data && list.data.suppressions.length > 0 && (
        <>
          <div className="table-wrap" tabIndex={0}>
            <table>
              <thead>
                <tr>
                  <th scope="col">Address</th>
                  <th scope="col">Reason</th>
                  <th scope="col">Since</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.data.suppressions.map((s) => (
                  <tr key={s.address}>
                    <td className="break">{s.address}</td>
                    <td>
                      <Badge tone={s.reason === 'manual' ? 'neutral' : 'bad'}>{REASON[s.reason]}</Badge>
                    </td>
                    <td>
                      <Time iso={s.created_at} />
                    </td>
                    <td>
                      <ConfirmButton
                        small
                        label="Remove"
                        title={`Send to ${s.address} again?`}
                        confirmLabel="Remove from list"
                        onConfirm={async () => {
                          await api('DELETE', `/api/suppressions/${encodeURIComponent(s.address)}`);
                          await client.invalidateQueries({ queryKey: ['suppressions'] });
                        }}
                      >
                        <p>{s.reason === 'manual' ? 'Postage will send to this address again.' : 'It bounced hard or complained before: sending to it again can hurt your reputation.'}</p>
                      </ConfirmButton>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <nav className="pager" aria-label="Pages">
            <button type="button" className="button" disabled={!cursor} onClick={() => setCursor(undefined)}>
              First page
            </button>
            <button type="button" className="button" disabled={!list.data.next_cursor} onClick={() => setCursor(list.data.next_cursor ?? undefined)}>
              Next
            </button>
          </nav>
        </>
      )}
    </>
  );
}
