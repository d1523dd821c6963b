// Erase an address (docs/privacy.md, "Erasing an address"): the request form and the account's
// erasures with their progress, by kind. Owners and admins only; no answer names the address, so
// neither does this page once the form is sent.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ok, postage, type Erasure } from '../api';
import { keys, useErasures } from '../queries';
import { Badge, PageHeader } from '../components/page';
import { Field, FormError } from '../components/forms';
import { Empty } from '../components/states';
import { Time } from '../components/time';
import { QueryList } from '../components/QueryList';
import { useCan } from '../session';

const STATUS: Record<Erasure['status'], [string, 'good' | 'bad' | 'info']> = {
  running: ['Running', 'info'],
  completed: ['Completed', 'good'],
  failed: ['Failed', 'bad'],
};

// By the generated schema: a new kind fails to compile until it has words here.
const KINDS: Record<keyof Erasure['removed'], string> = {
  suppressions: 'Suppression entries kept as a hash',
  scheduled_sends: 'Scheduled messages cancelled',
  webhook_deliveries: 'Webhook delivery records',
  engagement_events: 'Opens, clicks and replies',
  log_rows: 'Email log rows',
  received_messages: 'Received messages',
  audit_entries: 'Audit entries',
  exports: 'Exports of the address',
  live_events: 'Live events',
};

function Removed({ erasure }: { erasure: Erasure }) {
  const done = (Object.keys(KINDS) as (keyof Erasure['removed'])[]).filter((k) => erasure.removed[k] !== undefined);
  if (done.length === 0) return <span className="muted">Nothing yet</span>;
  return (
    <ul className="plain-list">
      {done.map((k) => (
        <li key={k}>
          {KINDS[k]}: {erasure.removed[k]}
        </li>
      ))}
    </ul>
  );
}

function ErasureForm() {
  const client = useQueryClient();
  const [address, setAddress] = useState('');
  const [understood, setUnderstood] = useState(false);
  const erase = useMutation({
    mutationFn: () => ok(postage.POST('/api/privacy/erasures', { body: { address } })),
    onSuccess: () => {
      setAddress('');
      setUnderstood(false);
      void client.invalidateQueries({ queryKey: keys.erasures });
    },
  });
  return (
    <form
      className="card form"
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        erase.mutate();
      }}
      noValidate
      aria-labelledby="erase-title"
    >
      <h2 id="erase-title">Erase an address</h2>
      <Field
        label="Email address"
        name="address"
        error={erase.error}
        hint="Its email log rows, timelines, webhook delivery records, opens and clicks, received mail and scheduled messages go; it stays on the suppression list as a hash, so it is never mailed again."
      >
        {(p) => <input {...p} type="email" required value={address} onChange={(e) => setAddress(e.target.value)} />}
      </Field>
      <label className="choice">
        <input type="checkbox" checked={understood} onChange={(e) => setUnderstood(e.target.checked)} />
        <span>I understand this cannot be undone</span>
      </label>
      <FormError error={erase.error} />
      <button type="submit" className="button button-danger" disabled={!understood || !address || erase.isPending}>
        Erase
      </button>
    </form>
  );
}

export default function Erasures() {
  const canErase = useCan('admin');
  return (
    <>
      <PageHeader
        title="Erase an address"
        description="Forget one person on request (GDPR article 17): every record of their address in this account is removed, and the address is never mailed again. The list below never shows the address."
      />
      {canErase ? <ErasureList /> : <p>Only the account’s owner and admins can erase an address.</p>}
    </>
  );
}

function ErasureList() {
  const list = useErasures();
  return (
    <>
      <ErasureForm />
      <h2>Erasures</h2>
      <QueryList
        query={list}
        what="erasures"
        rowsOf={(d) => d.erasures}
        rowKey={(e) => e.id}
        stacked
        empty={<Empty title="No erasures yet">An erasure you request appears here with its progress.</Empty>}
        columns={[
          { header: 'Requested', cell: (e) => <Time iso={e.requested_at} /> },
          { header: 'Status', cell: (e) => <Badge tone={STATUS[e.status][1]}>{STATUS[e.status][0]}</Badge> },
          { header: 'Removed', cell: (e) => <Removed erasure={e} /> },
          { header: 'Completed', cell: (e) => <Time iso={e.completed_at} /> },
          { header: 'Workflow', className: 'break', cell: (e) => <code>erase-{e.id}</code> },
        ]}
      />
    </>
  );
}
