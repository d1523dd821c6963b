// API keys: create (name, permission, domain scope, networks, expiry) with the secret shown once,
// the list with who made each key and its last use, revoke with confirmation. Viewers only read
// the list.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Fragment, useState, type FormEvent } from 'react';
import { ApiError, ok, postage, type ApiKey } from '../api';
import { keys, useApiKeys, useDomains } from '../queries';
import { Badge, PageHeader } from '../components/page';
import { ConfirmButton, Field, FormError, SecretOnce, FormActions } from '../components/forms';
import { Empty } from '../components/states';
import { Time } from '../components/time';
import { QueryList } from '../components/QueryList';
import { ActorName } from '../components/actor';
import { useCan } from '../session';

/** The networks typed in the form: one a line or separated by commas, blanks dropped. */
function networkEntries(text: string): string[] {
  return text.split(/[\s,]+/).filter(Boolean);
}

/** A range that may wrap after a colon: a long IPv6 range breaks between its groups (not in `::`). */
function NetworkRange({ range }: { range: string }) {
  return range.split(/(?<=:)(?![:/])/).map((part, i) => (
    <Fragment key={i}>
      {part}
      <wbr />
    </Fragment>
  ));
}

function CreateKey({
  onCreated,
  onCancel,
}: {
  onCreated: (secret: string, key: ApiKey) => void;
  onCancel: () => void;
}) {
  const [name, setName] = useState('');
  const [permission, setPermission] = useState<'sending' | 'full_access'>('sending');
  const [scope, setScope] = useState<string[]>([]);
  const [networks, setNetworks] = useState('');
  const [expires, setExpires] = useState('');
  const [test, setTest] = useState(false);
  const domains = useDomains();
  const client = useQueryClient();
  const create = useMutation({
    mutationFn: () =>
      ok(
        postage.POST('/api/api-keys', {
          body: {
            name,
            permission,
            domains: scope,
            networks: networkEntries(networks),
            test,
            expires_at: expires ? new Date(`${expires}T00:00:00Z`).toISOString() : null,
          },
        }),
      ),
    onSuccess: (res) => {
      void client.invalidateQueries({ queryKey: keys.apiKeys });
      onCreated(res.secret, res.api_key);
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate();
  };
  return (
    <form className="card form" onSubmit={submit} noValidate aria-labelledby="create-key-title">
      <h2 id="create-key-title">Create an API key</h2>
      <Field label="Name" name="name" error={create.error} hint="What uses it, such as “production app”.">
        {(p) => <input {...p} required maxLength={100} value={name} onChange={(e) => setName(e.target.value)} />}
      </Field>
      <Field label="Permission" name="permission" error={create.error}>
        {(p) => (
          <select {...p} value={permission} onChange={(e) => setPermission(e.target.value as typeof permission)}>
            <option value="sending">Sending: send email and read the account summary</option>
            <option value="full_access">Full access: also manage domains, keys, webhooks and settings</option>
          </select>
        )}
      </Field>
      <fieldset className="choices">
        <legend>Domains it may send from</legend>
        {domains.data?.domains.length ? (
          domains.data.domains.map((d) => (
            <label key={d.name} className="choice">
              <input
                type="checkbox"
                checked={scope.includes(d.name)}
                onChange={(e) => setScope((s) => (e.target.checked ? [...s, d.name] : s.filter((n) => n !== d.name)))}
              />
              <span>{d.name}</span>
            </label>
          ))
        ) : (
          <p className="hint">No domains yet: the key will be able to send from every domain you add.</p>
        )}
        <p className="hint">None ticked: every domain of the account.</p>
        {create.error instanceof ApiError && create.error.field('domains') && (
          <p className="field-error">{create.error.field('domains')}</p>
        )}
      </fieldset>
      <Field
        label="Allowed networks (optional)"
        name="networks"
        error={create.error}
        hint={
          <>
            One IPv4 or IPv6 range (<code>203.0.113.0/24</code>, <code>2001:db8::/32</code>) or address per line, or
            separated by commas. Empty: anywhere. From anywhere else the key is refused. A key’s networks cannot be
            changed once it is made: make a new key instead.
          </>
        }
      >
        {(p) => (
          <textarea
            {...p}
            rows={3}
            spellCheck={false}
            autoCapitalize="off"
            autoCorrect="off"
            className="code-input"
            value={networks}
            onChange={(e) => setNetworks(e.target.value)}
          />
        )}
      </Field>
      <Field
        label="Expires on (optional)"
        name="expires_at"
        error={create.error}
        hint="Midnight UTC at the start of that day. Empty: never."
      >
        {(p) => <input {...p} type="date" value={expires} onChange={(e) => setExpires(e.target.value)} />}
      </Field>
      <label className="choice">
        <input type="checkbox" name="test" checked={test} onChange={(e) => setTest(e.target.checked)} />
        <span>Test key</span>
      </label>
      <p className="hint">
        Its sends are simulated: nothing reaches a mailbox, whatever the recipient; they are marked Test in the email
        log and count apart from the monthly quota.
      </p>
      <FormError error={create.error} />
      <FormActions onCancel={onCancel} pending={create.isPending} label="Create key" pendingLabel="Creating…" />
    </form>
  );
}

const STATE_TONE = { active: 'good', revoked: 'neutral', expired: 'warn' } as const;

export default function ApiKeys() {
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<{ value: string; name: string } | null>(null);
  const client = useQueryClient();
  const apiKeys = useApiKeys();
  const canEdit = useCan('developer');
  const newKeyButton = canEdit && (
    <button type="button" className="button button-primary" onClick={() => setCreating(true)}>
      Create API key
    </button>
  );
  return (
    <>
      <PageHeader
        title="API keys"
        description="Keys authenticate your requests (X-API-Key header). Sending keys can only send; full-access keys can manage the account."
        actions={!creating && !secret && newKeyButton}
      />
      {secret && (
        <SecretOnce label="API key" secret={secret.value} onDismiss={() => setSecret(null)}>
          <p>
            Key <strong>{secret.name}</strong> is ready. Send it as the <code>X-API-Key</code> header.
          </p>
        </SecretOnce>
      )}
      {creating && (
        <CreateKey
          onCancel={() => setCreating(false)}
          onCreated={(value, key) => {
            setCreating(false);
            setSecret({ value, name: key.name });
          }}
        />
      )}
      <QueryList
        query={apiKeys}
        what="API keys"
        rowsOf={(d) => d.api_keys}
        rowKey={(k) => k.id}
        stacked
        empty={
          !creating && (
            <Empty title="No API keys yet" action={newKeyButton}>
              {canEdit
                ? 'Create a key for your application to send email with.'
                : 'A developer or admin of the account can create one.'}
            </Empty>
          )
        }
        columns={[
          {
            header: 'Name',
            cell: (k) => (
              <>
                <span className="break key-name">{k.name}</span>
                {k.test && (
                  <>
                    {' '}
                    <Badge tone="warn">Test</Badge>
                  </>
                )}
              </>
            ),
          },
          { header: 'Key', className: 'mono', cell: (k) => `${k.prefix}…` },
          { header: 'Permission', cell: (k) => (k.permission === 'full_access' ? 'Full access' : 'Sending') },
          // Domains and networks in one column: the table has no room for both at 1280 px.
          {
            header: 'Allowed',
            cell: (k) => (
              <div className="key-limits">
                {k.domains.length ? <span>{k.domains.join(', ')}</span> : <span className="muted">All domains</span>}
                {k.networks.length ? (
                  <ul className="plain-list mono network-list" aria-label="Networks">
                    {k.networks.map((n) => (
                      <li key={n}>
                        <NetworkRange range={n} />
                      </li>
                    ))}
                  </ul>
                ) : (
                  <span className="muted">Anywhere</span>
                )}
              </div>
            ),
          },
          { header: 'Created by', cell: (k) => <ActorName actor={k.created_by} /> },
          { header: 'Last used', cell: (k) => <Time iso={k.last_used_at} empty="never" /> },
          {
            header: 'State',
            cell: (k) => (
              <>
                <Badge tone={STATE_TONE[k.state]}>
                  {k.state === 'active'
                    ? k.expires_at
                      ? 'Active, expires'
                      : 'Active'
                    : k.state === 'revoked'
                      ? 'Revoked'
                      : 'Expired'}
                </Badge>
                {k.state === 'active' && k.expires_at && (
                  <>
                    {' '}
                    <Time iso={k.expires_at} />
                  </>
                )}
              </>
            ),
          },
          {
            header: 'Actions',
            hiddenHeader: true,
            cell: (k) => (
              <>
                {canEdit && k.state === 'active' && (
                  <ConfirmButton
                    small
                    label="Revoke"
                    title={`Revoke “${k.name}”?`}
                    confirmLabel="Revoke key"
                    onConfirm={async () => {
                      await ok(postage.DELETE('/api/api-keys/{id}', { params: { path: { id: k.id } } }));
                      await client.invalidateQueries({ queryKey: keys.apiKeys });
                    }}
                  >
                    <p>Requests with {k.prefix}… are refused from the next one on. This cannot be undone.</p>
                  </ConfirmButton>
                )}
              </>
            ),
          },
        ]}
      />
    </>
  );
}
