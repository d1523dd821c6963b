// The email log (shared mode): filters (status, recipient, date) kept in the URL, newest first,
// cursor pages.
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { EmailFilters } from '../api';
import { useEmails } from '../queries';
import { Badge, PageHeader } from '../components/page';
import { Empty } from '../components/states';
import { Time } from '../components/time';
import { QueryList } from '../components/QueryList';
import { EMAIL_STATUS } from './statusTones';

const STATUSES = ['scheduled', 'canceled', 'queued', 'sent', 'delivered', 'bounced', 'complained', 'failed'] as const;

export default function Emails() {
  const [params, setParams] = useSearchParams();
  const [cursors, setCursors] = useState<string[]>([]); // cursors of the pages before this one
  const cursor = params.get('cursor') ?? '';
  const filters: EmailFilters = { limit: 25 };
  for (const key of ['recipient', 'tag', 'since', 'until', 'cursor'] as const)
    if (params.get(key)) filters[key] = params.get(key)!;
  const status = params.get('status');
  if (status) filters.status = status as EmailFilters['status'];
  const emails = useEmails(filters, { refetchInterval: 10_000 });
  const [form, setForm] = useState({
    status: params.get('status') ?? '',
    recipient: params.get('recipient') ?? '',
    tag: params.get('tag') ?? '',
    since: params.get('since') ?? '',
    until: params.get('until') ?? '',
  });
  const apply = (e: FormEvent) => {
    e.preventDefault();
    setCursors([]);
    setParams(Object.fromEntries(Object.entries(form).filter(([, v]) => v)));
  };
  const filtered = ['status', 'recipient', 'tag', 'since', 'until'].some((k) => params.get(k));
  const go = (next: string | null, back = false) => {
    const p = new URLSearchParams(params);
    if (back) {
      const previous = cursors.slice(0, -1);
      setCursors(previous);
      const c = cursors[cursors.length - 1];
      if (c) p.set('cursor', c);
      else p.delete('cursor');
    } else if (next) {
      setCursors([...cursors, cursor]);
      p.set('cursor', next);
    }
    setParams(p);
  };

  return (
    <>
      <PageHeader
        title="Emails"
        description="Every shared-mode email of the last 14 days, newest first. BYOC emails are not kept: see them in your own AWS account."
      />
      <form className="filters" onSubmit={apply} aria-label="Filter emails">
        <div className="field">
          <label htmlFor="f-status">Status</label>
          <select id="f-status" value={form.status} onChange={(e) => setForm({ ...form, status: e.target.value })}>
            <option value="">Any</option>
            {STATUSES.map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="f-recipient">Recipient</label>
          <input
            id="f-recipient"
            type="search"
            value={form.recipient}
            onChange={(e) => setForm({ ...form, recipient: e.target.value })}
            placeholder="part of an address"
          />
        </div>
        <div className="field">
          <label htmlFor="f-tag">Tag</label>
          <input
            id="f-tag"
            type="search"
            value={form.tag}
            onChange={(e) => setForm({ ...form, tag: e.target.value })}
            placeholder="name:value"
            pattern="[A-Za-z0-9_\-]+:[A-Za-z0-9_\-]+"
          />
        </div>
        <div className="field">
          <label htmlFor="f-since">From date</label>
          <input
            id="f-since"
            type="date"
            value={form.since}
            onChange={(e) => setForm({ ...form, since: e.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor="f-until">Before date</label>
          <input
            id="f-until"
            type="date"
            value={form.until}
            onChange={(e) => setForm({ ...form, until: e.target.value })}
          />
        </div>
        <button type="submit" className="button">
          Apply
        </button>
      </form>
      <QueryList
        query={emails}
        what="emails"
        rowsOf={(d) => d.emails}
        rowKey={(m) => m.message_id}
        empty={
          <Empty title={filtered ? 'No emails match' : 'No emails yet'}>
            {filtered
              ? 'Try other filters, or clear them.'
              : 'Send your first email with an API key (a test send to delivered@ the test domain works too); it shows up here within seconds.'}
          </Empty>
        }
        columns={[
          {
            header: 'Recipient',
            cell: (m) => (
              <>
                <Link to={`/emails/${m.message_id}`} className="break">
                  {m.recipient}
                </Link>
                {/* A test key's message is also kind `test`: one badge says which. */}
                {m.test ? <Badge tone="warn">Test</Badge> : m.kind !== 'real' && <Badge tone="info">{m.kind}</Badge>}
              </>
            ),
          },
          {
            header: 'Subject',
            className: 'truncate',
            cell: (m) => m.subject || <span className="muted">(no subject)</span>,
          },
          {
            header: 'Status',
            cell: (m) => (
              <>
                <Badge tone={EMAIL_STATUS[m.status]}>{m.status}</Badge>
                {m.status === 'scheduled' && m.scheduled_at && (
                  <span className="muted">
                    {' '}
                    <Time iso={m.scheduled_at} />
                  </span>
                )}
              </>
            ),
          },
          { header: 'Sent', cell: (m) => <Time iso={m.created_at} /> },
        ]}
        after={(d) => (
          <nav className="pager" aria-label="Pages">
            <button type="button" className="button" disabled={!cursor} onClick={() => go(null, true)}>
              Newer
            </button>
            <button type="button" className="button" disabled={!d.next_cursor} onClick={() => go(d.next_cursor)}>
              Older
            </button>
          </nav>
        )}
      />
    </>
  );
}
