// Domains: the list with each one's state, and "Add domain" (the mode is chosen once, with what
// each mode means). Adding leads to the domain's page with its records.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { api, type Domain } from '../api';
import { Badge, Empty, ErrorState, Field, FormError, Loading, PageHeader, Time, FormActions } from '../components/ui';
import { DOMAIN_STATUS } from './statusTones';

function AddDomain({ onCancel }: { onCancel: () => void }) {
  const [name, setName] = useState('');
  const [mode, setMode] = useState<'shared' | 'byoc'>('shared');
  const client = useQueryClient();
  const navigate = useNavigate();
  const add = useMutation({
    mutationFn: () => api<Domain>('POST', '/api/domains', { name, sending_mode: mode }),
    onSuccess: (domain) => {
      void client.invalidateQueries({ queryKey: ['domains'] });
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
      <Field label="Domain" name="name" error={add.error} hint="The domain you send from, such as mail.example.com (BYOC: the root domain, such as example.com).">
        {(p) => <input {...p} required autoComplete="off" spellCheck={false} value={name} onChange={(e) => setName(e.target.value)} placeholder="mail.example.com" />}
      </Field>
      <fieldset className="choices">
        <legend>Sending mode (cannot be changed later)</legend>
        <label className="choice">
          <input type="radio" name="mode" value="shared" checked={mode === 'shared'} onChange={() => setMode('shared')} />
          <span>
            <strong>Shared</strong>: Postage sends through its own Amazon SES account. You get the email log and webhooks. Needs the Growth or Pro plan.
          </span>
        </label>
        <label className="choice">
          <input type="radio" name="mode" value="byoc" checked={mode === 'byoc'} onChange={() => setMode('byoc')} />
          <span>
            <strong>BYOC</strong>: email goes out through Amazon SES in your own AWS account; Postage never stores its content. Set up BYOC first.
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
  const domains = useQuery({ queryKey: ['domains'], queryFn: () => api<{ domains: Domain[] }>('GET', '/api/domains') });
  return (
    <>
      <PageHeader
        title="Domains"
        description="The domains you send from. Each needs its ownership and DKIM records published before it can send."
        actions={
          !adding && (
            <button type="button" className="button button-primary" onClick={() => setAdding(true)}>
              Add domain
            </button>
          )
        }
      />
      {adding && <AddDomain onCancel={() => setAdding(false)} />}
      {domains.isPending && <Loading what="domains" />}
      {domains.isError && <ErrorState error={domains.error} retry={() => void domains.refetch()} />}
      {domains.data && domains.data.domains.length === 0 && !adding && (
        <Empty
          title="No domains yet"
          action={
            <button type="button" className="button button-primary" onClick={() => setAdding(true)}>
              Add your first domain
            </button>
          }
        >
          Add the domain your emails come from; Postage shows the DNS records to publish.
        </Empty>
      )}
      {domains.data && domains.data.domains.length > 0 && (
        <div className="table-wrap" tabIndex={0}>
          <table>
            <thead>
              <tr>
                <th scope="col">Domain</th>
                <th scope="col">Mode</th>
                <th scope="col">Status</th>
                <th scope="col">Added</th>
              </tr>
            </thead>
            <tbody>
              {domains.data.domains.map((d) => (
                <tr key={d.name}>
                  <td>
                    <Link to={`/domains/${encodeURIComponent(d.name)}`}>{d.name}</Link>
                  </td>
                  <td>{d.sending_mode === 'shared' ? 'Shared' : 'BYOC'}</td>
                  <td>
                    <Badge tone={DOMAIN_STATUS[d.status][1]}>{DOMAIN_STATUS[d.status][0]}</Badge>
                  </td>
                  <td>
                    <Time iso={d.created_at} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
