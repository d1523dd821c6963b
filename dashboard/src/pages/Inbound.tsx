// Received email (docs/inbound.md): filters (inbound domain, sender, recipient, dates) kept in the
// URL, newest first, cursor pages; each row says who sent it to which address and how its sender
// checks came out.
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { InboundFilters } from '../api';
import { useInboundDomains, useInboundMessages } from '../queries';
import { PageHeader } from '../components/page';
import { Empty } from '../components/states';
import { Time } from '../components/time';
import { QueryList } from '../components/QueryList';
import { InboundNav } from '../components/InboundNav';
import { Verdicts } from '../components/inbound';

const FILTERS = ['domain', 'from', 'to', 'since', 'until'] as const;

export default function Inbound() {
  const [params, setParams] = useSearchParams();
  const [cursors, setCursors] = useState<string[]>([]); // cursors of the pages before this one
  const cursor = params.get('cursor') ?? '';
  const filters: InboundFilters = { limit: 25 };
  for (const key of [...FILTERS, 'cursor'] as const) if (params.get(key)) filters[key] = params.get(key)!;
  const messages = useInboundMessages(filters, { refetchInterval: 10_000 });
  const domains = useInboundDomains();
  const [form, setForm] = useState<Record<(typeof FILTERS)[number], string>>({
    domain: params.get('domain') ?? '',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
    since: params.get('since') ?? '',
    until: params.get('until') ?? '',
  });
  const apply = (e: FormEvent) => {
    e.preventDefault();
    setCursors([]);
    setParams(Object.fromEntries(Object.entries(form).filter(([, v]) => v)));
  };
  const filtered = FILTERS.some((k) => params.get(k));
  const go = (next: string | null, back = false) => {
    const p = new URLSearchParams(params);
    if (back) {
      const c = cursors[cursors.length - 1];
      setCursors(cursors.slice(0, -1));
      if (c) p.set('cursor', c);
      else p.delete('cursor');
    } else if (next) {
      setCursors([...cursors, cursor]);
      p.set('cursor', next);
    }
    setParams(p);
  };
  const hasDomains = (domains.data?.inbound_domains.length ?? 0) > 0;

  return (
    <>
      <PageHeader
        title="Inbound"
        description="Email received at your inbound domains, newest first. Messages and their attachments are deleted after the content retention period (90 days unless your operator set another)."
      />
      <InboundNav />
      <form className="filters" onSubmit={apply} aria-label="Filter received email">
        <div className="field">
          <label htmlFor="f-domain">Inbound domain</label>
          <select id="f-domain" value={form.domain} onChange={(e) => setForm({ ...form, domain: e.target.value })}>
            <option value="">Any</option>
            {(domains.data?.inbound_domains ?? []).map((d) => (
              <option key={d.name}>{d.name}</option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="f-from">Sender</label>
          <input
            id="f-from"
            type="search"
            value={form.from}
            onChange={(e) => setForm({ ...form, from: e.target.value })}
            placeholder="part of an address"
          />
        </div>
        <div className="field">
          <label htmlFor="f-to">Recipient</label>
          <input
            id="f-to"
            type="search"
            value={form.to}
            onChange={(e) => setForm({ ...form, to: e.target.value })}
            placeholder="part of an address"
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
        query={messages}
        what="received email"
        rowsOf={(d) => d.data}
        rowKey={(m) => m.id}
        stacked
        empty={
          <Empty
            title={filtered ? 'No received email matches' : 'No email received yet'}
            action={
              !filtered &&
              !hasDomains && (
                <Link className="button button-primary" to="/inbound/domains">
                  Set up an inbound domain
                </Link>
              )
            }
          >
            {filtered
              ? 'Try other filters, or clear them.'
              : hasDomains
                ? 'Mail sent to your inbound domains shows up here within seconds, once their MX records point to Postage and a rule matches the address.'
                : 'Add an inbound domain, publish its MX record and add a rule: mail to it then shows up here.'}
          </Empty>
        }
        columns={[
          {
            header: 'From',
            className: 'sender',
            cell: (m) => (
              <>
                <Link to={`/inbound/messages/${m.id}`} className="break">
                  {m.from?.name || m.from?.address || m.envelope.from || '(no sender)'}
                </Link>
                {m.from?.name && <span className="muted small break sender-address">{m.from.address}</span>}
              </>
            ),
          },
          { header: 'To', className: 'recipient', cell: (m) => <span className="break">{m.envelope.to}</span> },
          {
            header: 'Subject',
            className: 'truncate',
            cell: (m) => (
              <>
                {m.subject || <span className="muted">(no subject)</span>}
                {m.attachment_count > 0 && (
                  <span className="muted small">
                    {' '}
                    · {m.attachment_count} {m.attachment_count === 1 ? 'attachment' : 'attachments'}
                  </span>
                )}
              </>
            ),
          },
          { header: 'Checks', cell: (m) => <Verdicts authentication={m.authentication} /> },
          { header: 'Received', cell: (m) => <Time iso={m.received_at} /> },
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
