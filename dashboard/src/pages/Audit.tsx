// The audit log (read-only): every change to the account, who made it (a member, one of the
// account's API keys, Postage support, Postage itself) and when, newest first. Filters by action
// (or a family, such as api_key), by member or key, and by date are kept in the URL; "Load more"
// appends the next page.
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import type { AuditEntry, AuditFilters } from '../api';
import { useApiKeys, useAudit, useMembers } from '../queries';
import { PageHeader } from '../components/page';
import { Empty } from '../components/states';
import { Time } from '../components/time';
import { ActorName } from '../components/actor';
import { QueryList } from '../components/QueryList';

/** Suggestions for the action filter: the families, then a few common actions. */
const ACTIONS = [
  'api_key',
  'domain',
  'member',
  'template',
  'webhook',
  'suppression',
  'byoc',
  'account',
  'api_key.create',
  'api_key.revoke',
  'member.invite',
  'member.join',
  'member.remove',
  'member.role_change',
  'domain.add',
  'domain.delete',
  'template.publish',
];

const FILTERS = ['action', 'actor', 'since', 'until'] as const;

/** Identifiers that say nothing to a reader when the entry names the thing otherwise (its email). */
const REDUNDANT_WITH_EMAIL = new Set(['user_id', 'invitation_id', 'previous_owner']);

function shown(value: unknown): string | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  // A change (account.update): "no → yes".
  if (typeof value === 'object' && !Array.isArray(value) && Object.keys(value).sort().join() === 'from,to') {
    const change = value as { from: unknown; to: unknown };
    return `${shown(change.from) ?? '—'} → ${shown(change.to) ?? '—'}`;
  }
  if (Array.isArray(value))
    return value.length
      ? value.map((v) => (typeof v === 'object' ? JSON.stringify(v) : String(v))).join(', ')
      : undefined;
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value as string | number);
}

/** An entry's details as name and value pairs, in the order the API gives them. */
function summarizeDetails(details: AuditEntry['details']): [string, string][] {
  const pairs: [string, string][] = [];
  for (const [name, value] of Object.entries(details)) {
    if ('email' in details && REDUNDANT_WITH_EMAIL.has(name)) continue;
    const text = shown(value);
    if (text === undefined) continue;
    pairs.push([name.replace(/_/g, ' '), text.length > 160 ? `${text.slice(0, 157)}…` : text]);
  }
  return pairs;
}

function Details({ details }: { details: AuditEntry['details'] }) {
  const pairs = summarizeDetails(details);
  if (pairs.length === 0) return <span className="muted">—</span>;
  return (
    <dl className="audit-details">
      {pairs.map(([name, value]) => (
        <div key={name}>
          <dt>{name}</dt>
          <dd className="break">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export default function Audit() {
  const [params, setParams] = useSearchParams();
  const filters: AuditFilters = {};
  for (const key of FILTERS) if (params.get(key)) filters[key] = params.get(key)!;
  const audit = useAudit(filters);
  const members = useMembers();
  const apiKeys = useApiKeys();
  const [form, setForm] = useState<Record<(typeof FILTERS)[number], string>>({
    action: params.get('action') ?? '',
    actor: params.get('actor') ?? '',
    since: params.get('since') ?? '',
    until: params.get('until') ?? '',
  });
  const apply = (e: FormEvent) => {
    e.preventDefault();
    setParams(Object.fromEntries(Object.entries(form).filter(([, v]) => v.trim())));
  };
  const filtered = FILTERS.some((k) => params.get(k));
  const set = (key: (typeof FILTERS)[number]) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));

  return (
    <>
      <PageHeader
        title="Audit log"
        description="Every change to this account, who made it and when, newest first. Sending email is in the email log instead."
      />
      <form className="filters audit-filters" onSubmit={apply} aria-label="Filter the audit log">
        <div className="field">
          <label htmlFor="a-action">Action</label>
          <input
            id="a-action"
            type="search"
            list="a-actions"
            autoComplete="off"
            spellCheck={false}
            value={form.action}
            onChange={set('action')}
            placeholder="such as api_key"
          />
          <datalist id="a-actions">
            {ACTIONS.map((a) => (
              <option key={a} value={a} />
            ))}
          </datalist>
        </div>
        <div className="field">
          <label htmlFor="a-actor">By</label>
          <select id="a-actor" value={form.actor} onChange={set('actor')}>
            <option value="">Anyone</option>
            {members.data && members.data.members.length > 0 && (
              <optgroup label="Members">
                {members.data.members.map((m) => (
                  <option key={m.user_id} value={`user:${m.user_id}`}>
                    {m.name && m.name !== m.email ? `${m.name} (${m.email})` : m.email}
                  </option>
                ))}
              </optgroup>
            )}
            {apiKeys.data && apiKeys.data.api_keys.length > 0 && (
              <optgroup label="API keys">
                {apiKeys.data.api_keys.map((k) => (
                  <option key={k.id} value={`key:${k.id}`}>
                    {k.name} ({k.prefix}…)
                  </option>
                ))}
              </optgroup>
            )}
            {/* A filter from a link for someone no longer listed. */}
            {form.actor &&
              !members.data?.members.some((m) => `user:${m.user_id}` === form.actor) &&
              !apiKeys.data?.api_keys.some((k) => `key:${k.id}` === form.actor) && (
                <option value={form.actor}>{form.actor}</option>
              )}
          </select>
        </div>
        <div className="field">
          <label htmlFor="a-since">From date</label>
          <input id="a-since" type="date" value={form.since} onChange={set('since')} />
        </div>
        <div className="field">
          <label htmlFor="a-until">Before date</label>
          <input id="a-until" type="date" value={form.until} onChange={set('until')} />
        </div>
        <button type="submit" className="button">
          Apply
        </button>
      </form>
      <QueryList
        query={audit}
        what="the audit log"
        rowsOf={(d) => d.pages.flatMap((p) => p.entries)}
        rowKey={(e) => e.id}
        stacked
        empty={
          <Empty title={filtered ? 'No entries match' : 'Nothing recorded yet'}>
            {filtered
              ? 'Try other filters, or clear them.'
              : 'Changes to domains, keys, webhooks, templates and the team appear here as they are made.'}
          </Empty>
        }
        columns={[
          { header: 'When', cell: (e) => <Time iso={e.created_at} /> },
          { header: 'Who', cell: (e) => <ActorName actor={e.actor} /> },
          { header: 'Action', cell: (e) => <code className="audit-action">{e.action}</code> },
          { header: 'Details', cell: (e) => <Details details={e.details} /> },
        ]}
        after={() =>
          audit.hasNextPage && (
            <nav className="pager" aria-label="More entries">
              <button
                type="button"
                className="button"
                disabled={audit.isFetchingNextPage}
                onClick={() => void audit.fetchNextPage()}
              >
                {audit.isFetchingNextPage ? 'Loading more…' : 'Load more'}
              </button>
            </nav>
          )
        }
      />
    </>
  );
}
