// Templates: the list (published version or draft only, unpublished changes, last change) with
// cursor pages, and "New template" (name, alias, subject, HTML, optional text). Creating leads
// to the template's page, where it is edited, previewed, tested and published.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { ok, postage } from '../api';
import { keys, useTemplates } from '../queries';
import { Badge, PageHeader } from '../components/page';
import { Field, FormActions, FormError } from '../components/forms';
import { Empty } from '../components/states';
import { Time } from '../components/time';
import { QueryList } from '../components/QueryList';
import { useCan } from '../session';

const STARTER_HTML = '<h1>Hello {{ name }}</h1>\n<p>Thanks for your order.</p>';

function CreateTemplate({ onCancel }: { onCancel: () => void }) {
  const [form, setForm] = useState({ name: '', alias: '', subject: '', html: STARTER_HTML, text: '' });
  const client = useQueryClient();
  const navigate = useNavigate();
  const create = useMutation({
    mutationFn: () =>
      ok(
        postage.POST('/api/templates', {
          // Empty optional fields are left out: an empty alias or text is "none", not "".
          body: {
            name: form.name,
            subject: form.subject,
            html: form.html,
            ...(form.alias ? { alias: form.alias } : {}),
            ...(form.text ? { text: form.text } : {}),
          },
        }),
      ),
    onSuccess: (template) => {
      void client.invalidateQueries({ queryKey: keys.templates });
      void navigate(`/templates/${encodeURIComponent(template.id)}`);
    },
  });
  const set = (field: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [field]: e.target.value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate();
  };
  return (
    <form className="card form" onSubmit={submit} noValidate aria-labelledby="create-template-title">
      <h2 id="create-template-title">New template</h2>
      <Field label="Name" name="name" error={create.error} hint="For people, such as “Order receipt”.">
        {(p) => <input {...p} required maxLength={200} value={form.name} onChange={set('name')} />}
      </Field>
      <Field
        label="Alias (optional)"
        name="alias"
        error={create.error}
        hint="Sends can name the template by it: lower-case letters, digits and “-”, such as order-receipt."
      >
        {(p) => (
          <input
            {...p}
            autoComplete="off"
            spellCheck={false}
            value={form.alias}
            onChange={set('alias')}
            placeholder="order-receipt"
          />
        )}
      </Field>
      <Field label="Subject" name="subject" error={create.error} hint="One line; {{ name }} inserts a variable.">
        {(p) => (
          <input {...p} required value={form.subject} onChange={set('subject')} placeholder="Your order, {{ name }}" />
        )}
      </Field>
      <Field
        label="HTML"
        name="html"
        error={create.error}
        hint="Liquid: {{ name }} is HTML-escaped; {{ name | raw }} is inserted as it is."
      >
        {(p) => (
          <textarea
            {...p}
            className="code-input"
            required
            rows={8}
            spellCheck={false}
            value={form.html}
            onChange={set('html')}
          />
        )}
      </Field>
      <Field
        label="Text (optional)"
        name="text"
        error={create.error}
        hint="The plain-text part. Empty: derived from the HTML."
      >
        {(p) => <textarea {...p} className="code-input" rows={4} value={form.text} onChange={set('text')} />}
      </Field>
      <FormError error={create.error} />
      <FormActions onCancel={onCancel} pending={create.isPending} label="Create template" pendingLabel="Creating…" />
    </form>
  );
}

export default function Templates() {
  const [creating, setCreating] = useState(false);
  const [cursors, setCursors] = useState<string[]>([]); // the cursors of this page and the ones before it
  const cursor = cursors[cursors.length - 1];
  const templates = useTemplates(cursor);
  const canEdit = useCan('developer');
  const newButton = canEdit && (
    <button type="button" className="button button-primary" onClick={() => setCreating(true)}>
      New template
    </button>
  );
  return (
    <>
      <PageHeader
        title="Templates"
        description="Stored emails with Liquid variables. Sends use a template’s published version: edit the draft, preview it, send a test, then publish."
        actions={!creating && newButton}
      />
      {creating && <CreateTemplate onCancel={() => setCreating(false)} />}
      <QueryList
        query={templates}
        what="templates"
        rowsOf={(d) => d.templates}
        rowKey={(t) => t.id}
        empty={
          !creating && (
            <Empty title="No templates yet" action={newButton}>
              {canEdit ? (
                <>Write an email once, with variables such as {'{{ name }}'}, and send it by its id or alias.</>
              ) : (
                'A developer or admin of the account can write one.'
              )}
            </Empty>
          )
        }
        columns={[
          {
            header: 'Name',
            className: 'break',
            cell: (t) => (
              <>
                <Link to={`/templates/${encodeURIComponent(t.id)}`}>{t.name}</Link>
                {/* A never-published template is all draft: "Draft only" says it already. */}
                {t.has_unpublished_changes && t.published_version !== null && (
                  <>
                    {' '}
                    <Badge tone="warn">Unpublished changes</Badge>
                  </>
                )}
              </>
            ),
          },
          // (Not broken mid-word: an alias is one token to copy; the table scrolls instead.)
          { header: 'Alias', className: 'mono', cell: (t) => t.alias ?? <span className="muted">—</span> },
          {
            header: 'Published',
            cell: (t) =>
              t.published_version === null ? (
                <Badge tone="neutral">Draft only</Badge>
              ) : (
                `Version ${t.published_version}`
              ),
          },
          { header: 'Updated', cell: (t) => <Time iso={t.updated_at} /> },
        ]}
        after={(d) =>
          (cursor || d.next_cursor) && (
            <nav className="pager" aria-label="Pages">
              <button
                type="button"
                className="button"
                disabled={!cursor}
                onClick={() => setCursors((c) => c.slice(0, -1))}
              >
                Previous
              </button>
              <button
                type="button"
                className="button"
                disabled={!d.next_cursor}
                onClick={() => {
                  const next = d.next_cursor;
                  if (next) setCursors((c) => [...c, next]);
                }}
              >
                Next
              </button>
            </nav>
          )
        }
      />
    </>
  );
}
