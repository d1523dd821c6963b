// Inbound domains (docs/inbound.md): the names that receive mail, each with the state of its MX
// record and its number of rules, and "Add inbound domain" (a verified shared-mode domain or a
// subdomain of one). Adding leads to the inbound domain's page: its MX record and its rules.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { ok, postage } from '../api';
import { keys, useDomains, useInboundDomains } from '../queries';
import { Badge, PageHeader } from '../components/page';
import { Empty } from '../components/states';
import { Field, FormError, FormActions } from '../components/forms';
import { Time } from '../components/time';
import { QueryList } from '../components/QueryList';
import { InboundNav } from '../components/InboundNav';
import { useCan } from '../session';
import { INBOUND_DOMAIN_STATUS } from './statusTones';

function AddInboundDomain({ onCancel }: { onCancel: () => void }) {
  const [name, setName] = useState('');
  const client = useQueryClient();
  const navigate = useNavigate();
  const domains = useDomains();
  // Suggestions: the verified shared-mode domains, and a reply subdomain of the first.
  const verified = (domains.data?.domains ?? [])
    .filter((d) => d.sending_mode === 'shared' && d.status === 'verified')
    .map((d) => d.name);
  const add = useMutation({
    mutationFn: () => ok(postage.POST('/api/inbound-domains', { body: { name } })),
    onSuccess: (domain) => {
      void client.invalidateQueries({ queryKey: keys.inboundDomains });
      void navigate(`/inbound/domains/${encodeURIComponent(domain.name)}`);
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    add.mutate();
  };
  return (
    <form className="card form" onSubmit={submit} noValidate aria-labelledby="add-inbound-title">
      <h2 id="add-inbound-title">Receive mail at a domain</h2>
      <Field
        label="Domain"
        name="name"
        error={add.error}
        hint={
          verified.length > 0
            ? `One of your verified shared-mode domains, or a subdomain of one (such as reply.${verified[0]}). BYOC domains cannot receive.`
            : 'Add and verify a shared-mode domain first: inbound domains are one of them, or a subdomain of one.'
        }
      >
        {(p) => (
          <input
            {...p}
            required
            autoComplete="off"
            spellCheck={false}
            list="inbound-suggestions"
            value={name}
            onChange={(e) => setName(e.target.value)}
            placeholder={verified[0] ? `reply.${verified[0]}` : 'reply.example.com'}
          />
        )}
      </Field>
      <datalist id="inbound-suggestions">
        {verified
          .flatMap((d) => [d, `reply.${d}`])
          .map((d) => (
            <option key={d} value={d} />
          ))}
      </datalist>
      <FormError error={add.error} />
      <FormActions onCancel={onCancel} pending={add.isPending} label="Add inbound domain" pendingLabel="Adding…" />
    </form>
  );
}

export default function InboundDomains() {
  const [adding, setAdding] = useState(false);
  const domains = useInboundDomains();
  const canEdit = useCan('developer');
  const addButton = canEdit && (
    <button type="button" className="button button-primary" onClick={() => setAdding(true)}>
      Add inbound domain
    </button>
  );
  return (
    <>
      <PageHeader
        title="Inbound"
        description="Receive email at your domains: Postage stores each message and posts it, signed, to your webhook endpoints as email.received."
        actions={!adding && addButton}
      />
      <InboundNav />
      {adding && <AddInboundDomain onCancel={() => setAdding(false)} />}
      <QueryList
        query={domains}
        what="inbound domains"
        rowsOf={(d) => d.inbound_domains}
        rowKey={(d) => d.name}
        empty={
          !adding && (
            <Empty title="No inbound domains yet" action={addButton}>
              {canEdit
                ? 'Add one of your verified shared-mode domains (or a subdomain such as reply.example.com), publish its MX record, then add rules saying where its addresses go.'
                : 'A developer or admin of the account can add one.'}
            </Empty>
          )
        }
        columns={[
          {
            header: 'Inbound domain',
            cell: (d) => (
              <Link to={`/inbound/domains/${encodeURIComponent(d.name)}`} className="break">
                {d.name}
              </Link>
            ),
          },
          { header: 'Domain', cell: (d) => <span className="break">{d.domain}</span> },
          {
            header: 'MX record',
            cell: (d) => <Badge tone={INBOUND_DOMAIN_STATUS[d.status][1]}>{INBOUND_DOMAIN_STATUS[d.status][0]}</Badge>,
          },
          { header: 'Rules', cell: (d) => d.rule_count },
          { header: 'Added', cell: (d) => <Time iso={d.created_at} /> },
        ]}
      />
    </>
  );
}
