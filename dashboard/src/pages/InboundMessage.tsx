// One received message: who sent it to which address (header and envelope), the sender checks, the
// message it answers (linked to the email log), its threading headers, its attachments with their
// download links, its text, and its HTML, shown only in a sandboxed frame: `sandbox=""` (no
// scripts, forms, popups or same-origin access) with the HTML as `srcdoc` behind a Content Security
// Policy that loads nothing (no remote images: opening the page tells the sender nothing). The raw
// message downloads as .eml; delete removes it and its attachments.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Fragment } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError, ok, postage, type InboundMessage as Message } from '../api';
import { keys, useInboundMessage } from '../queries';
import { Badge, PageHeader } from '../components/page';
import { ConfirmButton, FormError } from '../components/forms';
import { ErrorState, Loading } from '../components/states';
import { Time } from '../components/time';
import { DataTable } from '../components/DataTable';
import { VERDICT_TONE, formatSize, mailbox } from '../components/inbound';
import { useCan } from '../session';

/** Nothing is fetched, nothing runs: images only when they are inside the message (data: URLs). */
const FRAME_POLICY = "default-src 'none'; img-src data:; style-src 'unsafe-inline'; font-src data:";

/** The message's HTML behind its own policy (the frame also inherits the dashboard's). */
export function framedHtml(html: string): string {
  return `<!doctype html><meta http-equiv="Content-Security-Policy" content="${FRAME_POLICY}"><meta name="referrer" content="no-referrer"><base target="_blank">${html}`;
}

const CHECK_TEXT: Record<keyof Message['authentication'], string> = {
  spf: 'SPF (the sending server may send for the envelope sender’s domain)',
  dkim: 'DKIM (a signature of the sender’s domain)',
  dmarc: 'DMARC (the From domain’s policy, aligned with SPF or DKIM)',
  arc: 'ARC (a forwarder’s record of earlier checks)',
  spam: 'Spam scan (Amazon SES)',
  virus: 'Virus scan (Amazon SES)',
};

function Mailboxes({ list }: { list: Message['to'] }) {
  if (list.length === 0) return <span className="muted">—</span>;
  return (
    <ul className="plain-list">
      {list.map((m, i) => (
        <li key={`${m.address}-${i}`} className="break">
          {mailbox(m)}
        </li>
      ))}
    </ul>
  );
}

export default function InboundMessage() {
  const { id = '' } = useParams();
  const message = useInboundMessage(id);
  const client = useQueryClient();
  const navigate = useNavigate();
  const canEdit = useCan('developer');
  const remove = useMutation({
    mutationFn: () => ok(postage.DELETE('/api/inbound/{id}', { params: { path: { id } } })),
  });
  if (message.isPending) return <Loading what="the message" />;
  if (message.isError) {
    const gone = message.error instanceof ApiError && message.error.status === 404;
    return (
      <ErrorState
        error={
          gone
            ? new Error(
                'This message is not in your account: it may have been deleted, or be past the retention period.',
              )
            : message.error
        }
        retry={gone ? undefined : () => void message.refetch()}
      />
    );
  }
  const m = message.data;
  const checks = (Object.keys(CHECK_TEXT) as (keyof typeof CHECK_TEXT)[]).filter((k) => m.authentication[k]);
  return (
    <>
      <p className="breadcrumb">
        <Link to="/inbound">Inbound</Link> / {m.id}
      </p>
      <PageHeader
        title={m.subject || '(no subject)'}
        description={
          <>
            From <span className="break">{mailbox(m.from) || m.envelope.from || '(no sender)'}</span> ·{' '}
            <Time iso={m.received_at} />
          </>
        }
        actions={
          <>
            <a className="button" href={`/api/inbound/${encodeURIComponent(m.id)}/raw`} download={`${m.id}.eml`}>
              Download .eml
            </a>
            {canEdit && (
              <ConfirmButton
                label="Delete"
                title="Delete this message?"
                confirmLabel="Delete message"
                onConfirm={async () => {
                  await remove.mutateAsync();
                  await client.invalidateQueries({ queryKey: keys.inbound });
                  void navigate('/inbound');
                }}
              >
                <p>The message, its content and its attachments are deleted now; their download links stop working.</p>
              </ConfirmButton>
            )}
          </>
        }
      />
      <FormError error={remove.error} />
      <section className="card" aria-labelledby="facts-title">
        <h2 id="facts-title" className="visually-hidden">
          Details
        </h2>
        <dl className="facts">
          <dt>From</dt>
          <dd className="break">{mailbox(m.from) || <span className="muted">(no From header)</span>}</dd>
          <dt>To</dt>
          <dd>
            <Mailboxes list={m.to} />
          </dd>
          {m.cc.length > 0 && (
            <>
              <dt>Cc</dt>
              <dd>
                <Mailboxes list={m.cc} />
              </dd>
            </>
          )}
          {m.reply_to.length > 0 && (
            <>
              <dt>Reply to</dt>
              <dd>
                <Mailboxes list={m.reply_to} />
              </dd>
            </>
          )}
          <dt>Delivered to</dt>
          <dd className="break">
            {m.envelope.to} <span className="muted small">(envelope sender {m.envelope.from || '<>'})</span>
          </dd>
          <dt>Inbound domain</dt>
          <dd>
            <Link to={`/inbound/domains/${encodeURIComponent(m.domain)}`}>{m.domain}</Link>
          </dd>
          {m.message_id && (
            <>
              <dt>In reply to</dt>
              <dd>
                <Link to={`/emails/${m.message_id}`} className="mono break">
                  {m.message_id}
                </Link>{' '}
                <span className="muted small">(an email you sent with Postage)</span>
              </dd>
            </>
          )}
          <dt>Size</dt>
          <dd>
            {formatSize(m.size)} · {m.source === 'ses' ? 'via Amazon SES receiving' : 'via Postage’s MX'}
          </dd>
          <dt>Message-ID</dt>
          <dd className="mono break">{m.headers.message_id ?? <span className="muted">—</span>}</dd>
          {m.headers.in_reply_to && (
            <>
              <dt>In-Reply-To</dt>
              <dd className="mono break">{m.headers.in_reply_to}</dd>
            </>
          )}
          {m.headers.references.length > 0 && (
            <>
              <dt>References</dt>
              <dd className="mono break">{m.headers.references.join(' ')}</dd>
            </>
          )}
          <dt>Id</dt>
          <dd className="mono break">{m.id}</dd>
        </dl>
      </section>
      <section className="card" aria-labelledby="checks-title">
        <h2 id="checks-title">Sender checks</h2>
        <p className="hint">
          Anyone can write any From address: trust the sender only as far as these checks go. A temporary error means
          DNS could not be read when the message arrived.
        </p>
        <dl className="facts">
          {checks.map((k) => (
            <Fragment key={k}>
              <dt>{CHECK_TEXT[k]}</dt>
              <dd>
                <Badge tone={VERDICT_TONE[m.authentication[k]!]}>{m.authentication[k]}</Badge>
              </dd>
            </Fragment>
          ))}
        </dl>
      </section>
      <section className="card" aria-labelledby="attachments-title">
        <h2 id="attachments-title">Attachments</h2>
        {m.attachments.length === 0 ? (
          <p className="muted">None.</p>
        ) : (
          <>
            <p className="hint">
              Each downloads as a file, whatever it claims to be; links work until{' '}
              <Time iso={m.attachments[0]!.expires_at} /> (open this page again for new ones). Open files only from
              senders you trust.
            </p>
            <DataTable
              rows={m.attachments}
              rowKey={(a) => a.id}
              label="Attachments"
              stacked
              columns={[
                {
                  header: 'File',
                  cell: (a) => (
                    <a href={a.download_url} download={a.filename} rel="noreferrer" className="break">
                      {a.filename || '(no name)'}
                    </a>
                  ),
                },
                {
                  header: 'Type',
                  cell: (a) => (
                    <>
                      <span className="mono break">{a.content_type}</span>
                      {a.declared_content_type !== a.content_type && (
                        <span className="muted small"> (declared {a.declared_content_type})</span>
                      )}
                    </>
                  ),
                },
                { header: 'Size', cell: (a) => formatSize(a.size) },
                {
                  header: 'SHA-256',
                  cell: (a) => (
                    <span className="mono" title={a.sha256}>
                      {a.sha256.slice(0, 12)}…
                    </span>
                  ),
                },
              ]}
            />
          </>
        )}
      </section>
      <section className="card" aria-labelledby="text-title">
        <h2 id="text-title">Text</h2>
        {m.text === null ? (
          <p className="muted">The message has no text part.</p>
        ) : (
          <pre className="preview-text" tabIndex={0}>
            {m.text}
          </pre>
        )}
      </section>
      <section className="card" aria-labelledby="html-title">
        <h2 id="html-title">HTML</h2>
        {m.html === null ? (
          <p className="muted">The message has no HTML part.</p>
        ) : (
          <>
            <p className="hint">Shown without scripts, forms or remote content (images from the web are not loaded).</p>
            {/* sandbox="": no scripts, forms, popups or same origin; srcdoc: nothing is fetched.
                Keyed by its HTML: a new frame per message. */}
            <iframe
              key={m.id}
              className="preview-frame"
              title="HTML of the message"
              sandbox=""
              referrerPolicy="no-referrer"
              srcDoc={framedHtml(m.html)}
            />
          </>
        )}
      </section>
    </>
  );
}
