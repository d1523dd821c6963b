// One inbound domain: the MX record to publish with its state, Verify (which says what DNS shows),
// delete with confirmation, and its rules: which addresses it receives and which webhook endpoints
// get them (all those subscribed to email.received, or the ones picked).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError, ok, postage, type InboundDomain, type InboundRule, type Webhook } from '../api';
import { keys, useInboundDomain, useInboundRules, useWebhooks } from '../queries';
import { Badge, PageHeader } from '../components/page';
import { ConfirmButton, CopyButton, Field, FormActions, FormError } from '../components/forms';
import { Empty, ErrorState, Loading } from '../components/states';
import { Time } from '../components/time';
import { QueryList } from '../components/QueryList';
import { InboundNav } from '../components/InboundNav';
import { useCan } from '../session';
import { INBOUND_DOMAIN_STATUS } from './statusTones';

/** What a rule receives, in words. */
function receives(rule: InboundRule): string {
  if (rule.kind === 'catch_all') return `Every other address at ${rule.domain}`;
  if (rule.kind === 'tag') {
    const base = rule.match.slice(0, -2);
    return `${base}@${rule.domain} and ${base}+anything@${rule.domain}`;
  }
  return `${rule.match}@${rule.domain}`;
}

const subscribedToReceived = (w: Webhook) => w.events.includes('email.received');

function EndpointPicker({
  webhooks,
  value,
  onChange,
  error,
}: {
  webhooks: Webhook[];
  value: string[] | null;
  onChange: (v: string[] | null) => void;
  error: unknown;
}) {
  const message = error instanceof ApiError ? error.field('endpoint_ids') : undefined;
  const subscribed = webhooks.filter(subscribedToReceived);
  return (
    <fieldset className="choices">
      <legend>Deliver to</legend>
      <label className="choice">
        <input type="radio" name="endpoints" checked={value === null} onChange={() => onChange(null)} />
        <span>
          <strong>Every endpoint subscribed to email.received</strong>
          <span className="muted small choice-description">
            Those active when each message arrives, including endpoints you add later.
          </span>
        </span>
      </label>
      <label className="choice">
        <input
          type="radio"
          name="endpoints"
          checked={value !== null}
          disabled={subscribed.length === 0}
          onChange={() => onChange([])}
        />
        <span>
          <strong>Only the endpoints I pick</strong>
          <span className="muted small choice-description">
            {subscribed.length === 0 ? (
              <>
                None of your endpoints is subscribed to email.received yet: <Link to="/webhooks">subscribe one</Link>.
              </>
            ) : (
              'Up to 10, each subscribed to email.received.'
            )}
          </span>
        </span>
      </label>
      {value !== null && (
        <div className="choices-nested">
          {subscribed.map((w) => (
            <label key={w.id} className="choice">
              <input
                type="checkbox"
                checked={value.includes(w.id)}
                onChange={(e) => onChange(e.target.checked ? [...value, w.id] : value.filter((id) => id !== w.id))}
              />
              <span className="mono break">
                {w.url}
                {!w.active && <span className="muted small"> (inactive)</span>}
              </span>
            </label>
          ))}
        </div>
      )}
      {message && <p className="field-error">{message}</p>}
    </fieldset>
  );
}

function AddRule({ domain, onDone }: { domain: InboundDomain; onDone: () => void }) {
  const [match, setMatch] = useState('');
  const [endpoints, setEndpoints] = useState<string[] | null>(null);
  const webhooks = useWebhooks();
  const client = useQueryClient();
  const add = useMutation({
    mutationFn: () =>
      ok(
        postage.POST('/api/inbound-domains/{name}/rules', {
          params: { path: { name: domain.name } },
          body: { match, ...(endpoints ? { endpoint_ids: endpoints } : {}) },
        }),
      ),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: keys.inboundDomain(domain.name) });
      void client.invalidateQueries({ queryKey: keys.inboundDomains, exact: true });
      onDone();
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    add.mutate();
  };
  return (
    <form className="card form" onSubmit={submit} noValidate aria-labelledby="add-rule-title">
      <h2 id="add-rule-title">Add a rule</h2>
      <Field
        label="Addresses"
        name="match"
        error={add.error}
        hint={
          <>
            <code>support</code> receives support@{domain.name}; <code>reply+*</code> receives reply@ and reply+
            <em>anything</em>@; <code>*</code> receives every address no other rule matches.
          </>
        }
      >
        {(p) => (
          <span className="input-suffix">
            <input
              {...p}
              required
              autoComplete="off"
              spellCheck={false}
              value={match}
              onChange={(e) => setMatch(e.target.value)}
              placeholder="support"
            />
            <span className="muted">@{domain.name}</span>
          </span>
        )}
      </Field>
      {webhooks.isError ? (
        <ErrorState error={webhooks.error} retry={() => void webhooks.refetch()} />
      ) : (
        <EndpointPicker
          webhooks={webhooks.data?.webhooks ?? []}
          value={endpoints}
          onChange={setEndpoints}
          error={add.error}
        />
      )}
      <FormError error={add.error} />
      <FormActions onCancel={onDone} pending={add.isPending} label="Add rule" pendingLabel="Adding…" />
    </form>
  );
}

function Rules({ domain }: { domain: InboundDomain }) {
  const rules = useInboundRules(domain.name);
  const webhooks = useWebhooks();
  const client = useQueryClient();
  const canEdit = useCan('developer');
  const [adding, setAdding] = useState(false);
  const urlOf = (id: string) => webhooks.data?.webhooks.find((w) => w.id === id)?.url ?? id;
  const addButton = canEdit && !adding && (
    <button type="button" className="button button-primary" onClick={() => setAdding(true)}>
      Add rule
    </button>
  );
  return (
    <section className="card" aria-labelledby="rules-title">
      <div className="card-head">
        <h2 id="rules-title">Rules</h2>
        {addButton}
      </div>
      <p className="hint">
        An exact address wins over a <code>+*</code> rule, which wins over <code>*</code>. Mail to an address no rule
        matches is refused.
      </p>
      {adding && <AddRule domain={domain} onDone={() => setAdding(false)} />}
      <QueryList
        query={rules}
        what="rules"
        rowsOf={(d) => d.rules}
        rowKey={(r) => r.id}
        stacked
        empty={
          !adding && (
            <Empty title="No rules yet">
              {canEdit
                ? 'Until a rule matches, every address here is refused. Add one, such as support or *.'
                : 'A developer or admin of the account can add one.'}
            </Empty>
          )
        }
        columns={[
          { header: 'Match', cell: (r) => <code>{r.match}</code> },
          { header: 'Receives', cell: (r) => <span className="break">{receives(r)}</span> },
          {
            header: 'Delivered to',
            cell: (r) =>
              r.endpoint_ids.length === 0 ? (
                'Every endpoint subscribed to email.received'
              ) : (
                <ul className="plain-list">
                  {r.endpoint_ids.map((id) => (
                    <li key={id} className="mono break">
                      {urlOf(id)}
                    </li>
                  ))}
                </ul>
              ),
          },
          { header: 'Added', cell: (r) => <Time iso={r.created_at} /> },
          ...(canEdit
            ? [
                {
                  header: 'Actions',
                  hiddenHeader: true,
                  cell: (r: InboundRule) => (
                    <ConfirmButton
                      small
                      label="Delete"
                      title={`Delete the rule ${r.match}?`}
                      confirmLabel="Delete rule"
                      onConfirm={async () => {
                        await ok(
                          postage.DELETE('/api/inbound-domains/{name}/rules/{id}', {
                            params: { path: { name: domain.name, id: r.id } },
                          }),
                        );
                        await client.invalidateQueries({ queryKey: keys.inboundDomain(domain.name) });
                        void client.invalidateQueries({ queryKey: keys.inboundDomains, exact: true });
                      }}
                    >
                      <p>
                        Mail to {receives(r)} is refused from now on, unless another rule matches it. Messages already
                        received stay.
                      </p>
                    </ConfirmButton>
                  ),
                },
              ]
            : []),
        ]}
      />
    </section>
  );
}

export default function InboundDomainDetail() {
  const { name = '' } = useParams();
  const client = useQueryClient();
  const navigate = useNavigate();
  const domain = useInboundDomain(name);
  const canEdit = useCan('developer');
  const verify = useMutation({
    mutationFn: () => ok(postage.POST('/api/inbound-domains/{name}/verify', { params: { path: { name } } })),
    onSuccess: (result) => {
      client.setQueryData(keys.inboundDomain(name), result.inbound_domain);
      void client.invalidateQueries({ queryKey: keys.inboundDomains, exact: true });
    },
  });

  if (domain.isPending) return <Loading what="the inbound domain" />;
  if (domain.isError) {
    if (domain.error instanceof ApiError && domain.error.status === 404)
      return <ErrorState error={new Error(`There is no inbound domain ${name} in your account.`)} />;
    return <ErrorState error={domain.error} retry={() => void domain.refetch()} />;
  }
  const d = domain.data;
  const [label, tone] = INBOUND_DOMAIN_STATUS[d.status];
  return (
    <>
      <p className="breadcrumb">
        <Link to="/inbound/domains">Inbound domains</Link> / {d.name}
      </p>
      <PageHeader
        title={d.name}
        description={
          <>
            <Badge tone={tone}>{label}</Badge> On{' '}
            <Link to={`/domains/${encodeURIComponent(d.domain)}`}>{d.domain}</Link> · last checked{' '}
            <Time iso={d.checked_at} empty="never" />
          </>
        }
        actions={
          canEdit && (
            <>
              <button
                type="button"
                className="button button-primary"
                onClick={() => verify.mutate()}
                disabled={verify.isPending}
              >
                {verify.isPending ? 'Checking DNS…' : 'Verify'}
              </button>
              <ConfirmButton
                label="Delete"
                title={`Stop receiving at ${d.name}?`}
                confirmLabel="Delete inbound domain"
                onConfirm={async () => {
                  await ok(postage.DELETE('/api/inbound-domains/{name}', { params: { path: { name: d.name } } }));
                  await client.invalidateQueries({ queryKey: keys.inboundDomains });
                  void navigate('/inbound/domains');
                }}
              >
                <p>
                  Mail to {d.name} is refused from now on and its {d.rule_count === 1 ? 'rule is' : 'rules are'}{' '}
                  deleted. Messages already received stay until they expire.
                </p>
              </ConfirmButton>
            </>
          )
        }
      />
      <InboundNav />
      {verify.isSuccess && (
        <div className={`banner ${verify.data.ok ? 'banner-good' : ''}`} role="status">
          {verify.data.ok
            ? `The MX record of ${d.name} points to Postage.`
            : verify.data.found.length === 0
              ? `No MX record found for ${d.name} yet. DNS changes can take up to 48 hours to show.`
              : `The MX records of ${d.name} point elsewhere (${verify.data.found.join(', ')}): publish ${verify.data.expected}.`}
        </div>
      )}
      <FormError error={verify.error} />
      <section className="card" aria-labelledby="mx-title">
        <h2 id="mx-title">MX record</h2>
        <p className="hint">
          Publish this at your DNS provider. It is what routes mail for {d.name} to Postage: receiving starts as soon as
          it does, and Verify only tells you whether DNS shows it yet.
          {d.name === d.domain && ' Other mail to this domain (such as a mailbox provider’s) stops arriving there.'}
        </p>
        <div className="table-wrap" tabIndex={0}>
          <table className="records">
            <thead>
              <tr>
                <th scope="col">Type</th>
                <th scope="col">Name</th>
                <th scope="col">Value</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {d.records.map((r) => (
                <tr key={`${r.type}-${r.name}`}>
                  <td data-label="Type">{r.type}</td>
                  <td className="mono" data-label="Name">
                    <span className="break">{r.name}</span> <CopyButton value={r.name} label="Copy name" />
                  </td>
                  <td className="mono" data-label="Value">
                    <span className="break">{r.value}</span> <CopyButton value={r.value} label="Copy value" />
                  </td>
                  <td data-label="Status">
                    <Badge tone={INBOUND_DOMAIN_STATUS[r.status][1]}>
                      {r.status === 'verified' ? 'Found' : 'Not found yet'}
                    </Badge>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <Rules domain={d} />
    </>
  );
}
