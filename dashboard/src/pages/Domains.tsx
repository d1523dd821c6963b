// Domains: the list with each one's state, and "Add domain" (the mode is chosen once, with what
// each mode means). Adding leads to the domain's page with its records.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { ok, postage } from '../api';
import { keys, useDomains } from '../queries';
import { Badge, PageHeader } from '../components/page';
import { Empty } from '../components/states';
import { Field, FormError, FormActions } from '../components/forms';
import { Time } from '../components/time';
import { DOMAIN_STATUS } from './statusTones';
import { QueryList } from '../components/QueryList';
import { useCan } from '../session';

function AddDomain({ onCancel }: { onCancel: () => void }) {
  const [name, setName] = useState('');
  const [mode, setMode] = useState<'shared' | 'byoc'>('shared');
  const client = useQueryClient();
  const navigate = useNavigate();
  const add = useMutation({
    mutationFn: () => ok(postage.POST('/api/domains', { body: { name, sending_mode: mode } })),
    onSuccess: (domain) => {
      void client.invalidateQueries({ queryKey: keys.domains });
      void navigate(`/domains/${encodeURIComponent(domain.name)}`);
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    add.mutate();
  };
  return (
    <form className="card form" onSubmit={submit} noValidate aria-labelledby="add-domain-title">
      <h2 id="add-domain-title">Add a domain</h2>
      <Field
        label="Domain"
        name="name"
        error={add.error}
        hint="The domain you send from, such as mail.example.com (BYOC: the root domain, such as example.com)."
      >
        {(p) => (
          <input
            {...p}
            required
            autoComplete="off"
            spellCheck={false}
            value={name}
            onChange={(e) => setName(e.target.value)}
            placeholder="mail.example.com"
          />
        )}
      </Field>
      <fieldset className="choices">
        <legend>Sending mode (cannot be changed later)</legend>
        <label className="choice">
          <input
            type="radio"
            name="mode"
            value="shared"
            checked={mode === 'shared'}
            onChange={() => setMode('shared')}
          />
          <span>
            <strong>Shared</strong>: Postage sends through its own Amazon SES account. You get the email log and
            webhooks. Needs the Growth or Pro plan.
          </span>
        </label>
        <label className="choice">
          <input type="radio" name="mode" value="byoc" checked={mode === 'byoc'} onChange={() => setMode('byoc')} />
          <span>
            <strong>BYOC</strong>: email goes out through Amazon SES in your own AWS account; Postage never stores its
            content. Set up BYOC first.
          </span>
        </label>
      </fieldset>
      <FormError error={add.error} />
      <FormActions onCancel={onCancel} pending={add.isPending} label="Add domain" pendingLabel="Adding…" />
    </form>
  );
}

export default function Domains() {
  const [adding, setAdding] = useState(false);
  const domains = useDomains();
  const canEdit = useCan('developer');
  return (
    <>
      <PageHeader
        title="Domains"
        description="The domains you send from. Each needs its ownership and DKIM records published before it can send."
        actions={
          canEdit &&
          !adding && (
            <button type="button" className="button button-primary" onClick={() => setAdding(true)}>
              Add domain
            </button>
          )
        }
      />
      {adding && <AddDomain onCancel={() => setAdding(false)} />}
      <QueryList
        query={domains}
        what="domains"
        rowsOf={(d) => d.domains}
        rowKey={(d) => d.name}
        empty={
          !adding && (
            <Empty
              title="No domains yet"
              action={
                canEdit && (
                  <button type="button" className="button button-primary" onClick={() => setAdding(true)}>
                    Add your first domain
                  </button>
                )
              }
            >
              {canEdit
                ? 'Add the domain your emails come from; Postage shows the DNS records to publish.'
                : 'A developer or admin of the account can add one.'}
            </Empty>
          )
        }
        columns={[
          { header: 'Domain', cell: (d) => <Link to={`/domains/${encodeURIComponent(d.name)}`}>{d.name}</Link> },
          { header: 'Mode', cell: (d) => (d.sending_mode === 'shared' ? 'Shared' : 'BYOC') },
          {
            header: 'Status',
            cell: (d) => <Badge tone={DOMAIN_STATUS[d.status][1]}>{DOMAIN_STATUS[d.status][0]}</Badge>,
          },
          { header: 'Added', cell: (d) => <Time iso={d.created_at} /> },
        ]}
      />
    </>
  );
}
