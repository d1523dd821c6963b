// One template: the draft's editor beside a preview the API renders (the saved draft or a
// published version, with variables given as JSON), publish, delete, a test send through the real
// pipeline, and the published versions. The preview's HTML runs in a sandboxed frame with nothing
// allowed, so a template's scripts never run and it cannot reach the dashboard.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError, ok, postage, type Template, type TestRecipient } from '../api';
import { keys, useDomains, useTemplate, useTemplatePreview, useTemplateVersions } from '../queries';
import { Badge, PageHeader } from '../components/page';
import { ConfirmButton, Field, FormError } from '../components/forms';
import { ErrorState, Loading } from '../components/states';
import { Time } from '../components/time';
import { DataTable } from '../components/DataTable';
import { useCan } from '../session';

/** How long typing in the variables waits before the preview asks the API again. */
const PREVIEW_DELAY_MS = 400;

const RECIPIENTS: [TestRecipient, string][] = [
  ['delivered', 'delivered: is delivered'],
  ['bounce', 'bounce: bounces hard'],
  ['complaint', 'complaint: draws a complaint'],
];

type Draft = { name: string; alias: string; subject: string; html: string; text: string };

/** The editor's fields for a saved template (no alias or text: empty fields). */
const draftOf = (t: Template): Draft => ({
  name: t.name,
  alias: t.alias ?? '',
  subject: t.draft.subject,
  html: t.draft.html,
  text: t.draft.text ?? '',
});

const sameDraft = (a: Draft, b: Draft) =>
  a.name === b.name && a.alias === b.alias && a.subject === b.subject && a.html === b.html && a.text === b.text;

/** A sample value per variable, as the variables box starts. */
const samplesFor = (names: string[]): Record<string, string> =>
  Object.fromEntries(names.map((n) => [n, `Sample ${n}`]));
const asJson = (values: Record<string, unknown>) => JSON.stringify(values, null, 2);

type Parsed = { values: Record<string, unknown>; error?: never } | { values?: never; error: string };

function parseVariables(text: string): Parsed {
  if (!text.trim()) return { values: {} };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    return { error: `Not valid JSON: ${err instanceof Error ? err.message : String(err)}` };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { error: 'Write a JSON object of names and values, such as {"name": "Ada"}.' };
  return { values: value as Record<string, unknown> };
}

function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return settled;
}

/** The API's message for one field of a failed request, if it is about that field. */
const fieldError = (error: unknown, name: string) => (error instanceof ApiError ? error.field(name) : undefined);

function DraftEditor({
  template,
  draft,
  onChange,
  dirty,
  canEdit,
}: {
  template: Template;
  draft: Draft;
  onChange: (d: Draft) => void;
  dirty: boolean;
  canEdit: boolean;
}) {
  const client = useQueryClient();
  const save = useMutation({
    mutationFn: () =>
      ok(
        postage.PATCH('/api/templates/{id}', {
          params: { path: { id: template.id } },
          body: {
            name: draft.name,
            alias: draft.alias || null,
            subject: draft.subject,
            html: draft.html,
            text: draft.text || null,
          },
        }),
      ),
    onSuccess: (saved) => {
      client.setQueryData(keys.template(template.id), saved);
      // The list (name, alias, state) and this template's preview read what was just saved.
      void client.invalidateQueries({ queryKey: keys.templates });
    },
  });
  const set = (field: keyof Draft) => (e: { target: { value: string } }) =>
    onChange({ ...draft, [field]: e.target.value });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  return (
    <form className="card form template-editor" onSubmit={submit} noValidate aria-labelledby="editor-title">
      <h2 id="editor-title">Draft</h2>
      <Field label="Name" name="name" error={save.error}>
        {(p) => <input {...p} required readOnly={!canEdit} maxLength={200} value={draft.name} onChange={set('name')} />}
      </Field>
      <Field
        label="Alias (optional)"
        name="alias"
        error={save.error}
        hint="Changes at once: sends naming the old alias are refused."
      >
        {(p) => (
          <input
            {...p}
            readOnly={!canEdit}
            autoComplete="off"
            spellCheck={false}
            value={draft.alias}
            onChange={set('alias')}
          />
        )}
      </Field>
      <Field label="Subject" name="subject" error={save.error}>
        {(p) => <input {...p} required readOnly={!canEdit} value={draft.subject} onChange={set('subject')} />}
      </Field>
      <Field
        label="HTML"
        name="html"
        error={save.error}
        hint="{{ name }} is HTML-escaped; {{ name | raw }} is inserted as it is."
      >
        {(p) => (
          <textarea
            {...p}
            className="code-input"
            required
            readOnly={!canEdit}
            rows={14}
            spellCheck={false}
            value={draft.html}
            onChange={set('html')}
          />
        )}
      </Field>
      <Field label="Text (optional)" name="text" error={save.error} hint="Empty: derived from the HTML.">
        {(p) => (
          <textarea
            {...p}
            className="code-input"
            readOnly={!canEdit}
            rows={5}
            value={draft.text}
            onChange={set('text')}
          />
        )}
      </Field>
      <FormError error={save.error} />
      {canEdit ? (
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={!dirty || save.isPending}>
            {save.isPending ? 'Saving…' : 'Save draft'}
          </button>
          <p className="hint" role="status">
            {dirty
              ? 'Unsaved edits: the preview, the test send and Publish use the saved draft.'
              : save.isSuccess
                ? 'Draft saved.'
                : ''}
          </p>
        </div>
      ) : (
        <p className="hint">
          Your role can read and preview templates; a developer or admin of the account edits them.
        </p>
      )}
    </form>
  );
}

function Preview({
  template,
  variablesText,
  onVariablesText,
}: {
  template: Template;
  variablesText: string;
  onVariablesText: (text: string) => void;
}) {
  const [version, setVersion] = useState<number | undefined>(undefined);
  const versions = useTemplateVersions(template.id);
  const parsed = parseVariables(useDebounced(variablesText, PREVIEW_DELAY_MS));
  const preview = useTemplatePreview(template.id, version, parsed.values);
  const now = parseVariables(variablesText);
  const reads =
    version === undefined
      ? template.draft.variables
      : (versions.data?.versions.find((v) => v.version === version)?.variables ?? []);
  const missing = now.values ? reads.filter((n) => !(n in now.values)) : [];
  const renderError = preview.isError
    ? (fieldError(preview.error, 'variables') ??
      fieldError(preview.error, 'version') ??
      (preview.error instanceof Error ? preview.error.message : 'The preview failed.'))
    : undefined;
  const variablesError = now.error ?? renderError;
  return (
    <section className="card template-preview" aria-labelledby="preview-title">
      <div className="card-head">
        <h2 id="preview-title">Preview</h2>
        {preview.isFetching && (
          <span className="muted" role="status">
            Rendering…
          </span>
        )}
      </div>
      {versions.data && versions.data.versions.length > 0 && (
        <div className="field">
          <label htmlFor="preview-version">Render</label>
          <select
            id="preview-version"
            value={version ?? ''}
            onChange={(e) => setVersion(e.target.value ? Number(e.target.value) : undefined)}
          >
            <option value="">The saved draft</option>
            {versions.data.versions.map((v) => (
              <option key={v.version} value={v.version}>
                Version {v.version}
                {v.version === template.published_version ? ' (published)' : ''}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className={`field${variablesError ? ' field-invalid' : ''}`}>
        <label htmlFor="preview-variables">Variables (JSON)</label>
        <textarea
          id="preview-variables"
          className="code-input"
          rows={Math.min(8, Math.max(3, variablesText.split('\n').length))}
          spellCheck={false}
          value={variablesText}
          onChange={(e) => onVariablesText(e.target.value)}
          aria-invalid={Boolean(variablesError)}
          aria-describedby={`preview-variables-hint${variablesError ? ' preview-variables-error' : ''}`}
        />
        <p className="hint" id="preview-variables-hint">
          Used by the preview and the test send. {version === undefined ? 'The draft' : `Version ${version}`} reads:{' '}
          {reads.length ? reads.join(', ') : 'no variables'}.
        </p>
        {missing.length > 0 && (
          <button
            type="button"
            className="button button-small add-missing"
            onClick={() => onVariablesText(asJson({ ...now.values, ...samplesFor(missing) }))}
          >
            Add {missing.join(', ')}
          </button>
        )}
        {/* Polite: it follows typing, and a render error is no emergency. */}
        <p className="field-error" id="preview-variables-error" role="status">
          {variablesError}
        </p>
      </div>
      {preview.isPending && parsed.values && <Loading what="the preview" />}
      {preview.data && !preview.isError && (
        <div className={preview.isPlaceholderData ? 'preview-stale' : undefined}>
          <dl className="facts">
            <dt>Subject</dt>
            <dd className="break" data-testid="preview-subject">
              {preview.data.subject}
            </dd>
          </dl>
          <h3>HTML</h3>
          {/* sandbox="": no scripts, no forms, no same origin; srcdoc: nothing is fetched from Postage.
              Keyed by its HTML: a new frame per rendering, since changing srcdoc while the last one
              still loads can leave the old document showing. */}
          <iframe
            key={preview.data.html}
            className="preview-frame"
            title="HTML preview"
            sandbox=""
            srcDoc={preview.data.html}
          />
          <h3>Text</h3>
          <pre className="preview-text" data-testid="preview-text">
            {preview.data.text}
          </pre>
        </div>
      )}
    </section>
  );
}

function TestSend({ template, variablesText, dirty }: { template: Template; variablesText: string; dirty: boolean }) {
  const domains = useDomains();
  // Shared-mode domains that can send: test recipients are simulated by Postage's own pipeline.
  const senders = (domains.data?.domains ?? [])
    .filter((d) => d.sending_mode === 'shared' && d.can_send)
    .map((d) => `hello@${d.name}`);
  const [from, setFrom] = useState('');
  const [recipient, setRecipient] = useState<TestRecipient>('delivered');
  const sender = from || senders[0] || '';
  const variables = parseVariables(variablesText);
  const client = useQueryClient();
  const test = useMutation({
    mutationFn: () =>
      ok(
        postage.POST('/api/templates/{id}/test-send', {
          params: { path: { id: template.id } },
          body: { from_email: sender, recipient, variables: variables.values ?? {} },
        }),
      ),
    onSuccess: () => void client.invalidateQueries({ queryKey: keys.emails }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    test.mutate();
  };
  return (
    <section className="card" aria-labelledby="test-title">
      <h2 id="test-title">Send a test</h2>
      <p className="hint">
        Sends the saved draft{dirty ? ' (not your unsaved edits)' : ''}, rendered with the variables above, to a test
        address: the outcome is simulated and nothing leaves Postage. It counts toward this month’s sends.
      </p>
      {domains.isSuccess && senders.length === 0 ? (
        <p>
          A test needs a verified shared-mode domain to send from. <Link to="/domains">Add or verify a domain</Link>.
        </p>
      ) : (
        <form className="test-send" onSubmit={submit} aria-labelledby="test-title">
          <Field label="From" name="from_email" error={test.error}>
            {(p) => (
              <select {...p} value={sender} onChange={(e) => setFrom(e.target.value)}>
                {senders.map((s) => (
                  <option key={s}>{s}</option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Test recipient" name="recipient" error={test.error}>
            {(p) => (
              <select {...p} value={recipient} onChange={(e) => setRecipient(e.target.value as TestRecipient)}>
                {RECIPIENTS.map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <button
            type="submit"
            className="button button-primary"
            disabled={test.isPending || !sender || Boolean(variables.error)}
          >
            {test.isPending ? 'Sending…' : 'Send test'}
          </button>
        </form>
      )}
      {variables.error && <p className="hint">Fix the variables above to send a test.</p>}
      {fieldError(test.error, 'variables') && <p className="form-error">{fieldError(test.error, 'variables')}</p>}
      <FormError error={test.error} />
      {test.isSuccess && (
        <p role="status" className="ok-text">
          Sent to <span className="break">{test.data.recipient}</span>.{' '}
          <Link to={`/emails/${encodeURIComponent(test.data.message_id)}`}>Follow the test email</Link>
        </p>
      )}
    </section>
  );
}

function Versions({ template }: { template: Template }) {
  const versions = useTemplateVersions(template.id);
  let body;
  if (versions.isPending) body = <Loading what="versions" />;
  else if (versions.isError) body = <ErrorState error={versions.error} retry={() => void versions.refetch()} />;
  else if (versions.data.versions.length === 0)
    body = <p className="muted">Not published yet: sends that name this template are refused until you publish it.</p>;
  else
    body = (
      <DataTable
        rows={versions.data.versions}
        rowKey={(v) => String(v.version)}
        label="Published versions"
        columns={[
          {
            header: 'Version',
            cell: (v) =>
              v.version === template.published_version ? (
                <>
                  {v.version} <Badge tone="good">in use</Badge>
                </>
              ) : (
                v.version
              ),
          },
          { header: 'Published', cell: (v) => <Time iso={v.published_at} /> },
          { header: 'Subject', className: 'break', cell: (v) => v.subject },
        ]}
      />
    );
  return (
    <section className="card" aria-labelledby="versions-title">
      <h2 id="versions-title">Published versions</h2>
      {body}
    </section>
  );
}

function TemplatePage({ template }: { template: Template }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const [draft, setDraft] = useState(() => draftOf(template));
  const [variablesText, setVariablesText] = useState(() => asJson(samplesFor(template.draft.variables)));
  const dirty = !sameDraft(draft, draftOf(template));
  const canEdit = useCan('developer');
  const publish = useMutation({
    mutationFn: () => ok(postage.POST('/api/templates/{id}/publish', { params: { path: { id: template.id } } })),
    onSuccess: (published) => {
      client.setQueryData(keys.template(template.id), published);
      void client.invalidateQueries({ queryKey: keys.templates });
    },
  });
  return (
    <>
      <p className="breadcrumb">
        <Link to="/templates">Templates</Link> / {template.name}
      </p>
      <PageHeader
        title={template.name}
        description={
          <>
            {template.published_version === null ? (
              <Badge tone="neutral">Draft only</Badge>
            ) : (
              <Badge tone="good">Version {template.published_version} published</Badge>
            )}
            {template.has_unpublished_changes && template.published_version !== null && (
              <Badge tone="warn">Unpublished changes</Badge>
            )}{' '}
            {template.alias && (
              <>
                alias <code className="break">{template.alias}</code> ·{' '}
              </>
            )}
            updated <Time iso={template.updated_at} />
          </>
        }
        actions={
          canEdit && (
            <>
              <button
                type="button"
                className="button button-primary"
                onClick={() => publish.mutate()}
                disabled={!template.has_unpublished_changes || publish.isPending}
              >
                {publish.isPending ? 'Publishing…' : 'Publish'}
              </button>
              <ConfirmButton
                label="Delete"
                title={`Delete “${template.name}”?`}
                confirmLabel="Delete template"
                onConfirm={async () => {
                  await ok(postage.DELETE('/api/templates/{id}', { params: { path: { id: template.id } } }));
                  void navigate('/templates');
                  client.removeQueries({ queryKey: keys.template(template.id) });
                  await client.invalidateQueries({ queryKey: keys.templates });
                }}
              >
                <p>
                  Its draft and every published version are deleted. Sends that name it are refused from then on; emails
                  already sent keep their content. A template that a scheduled email uses cannot be deleted until that
                  email is sent or cancelled.
                </p>
              </ConfirmButton>
            </>
          )
        }
      />
      {publish.isSuccess && !dirty && (
        <div className="banner banner-good" role="status">
          Version {publish.data.published_version} is published: sends use it from now on.
        </div>
      )}
      <FormError error={publish.error} />
      <div className="template-workspace">
        <DraftEditor template={template} draft={draft} onChange={setDraft} dirty={dirty} canEdit={canEdit} />
        <Preview template={template} variablesText={variablesText} onVariablesText={setVariablesText} />
      </div>
      {canEdit && <TestSend template={template} variablesText={variablesText} dirty={dirty} />}
      <Versions template={template} />
    </>
  );
}

export default function TemplateDetail() {
  const { id = '' } = useParams();
  const template = useTemplate(id);
  if (template.isPending) return <Loading what="the template" />;
  if (template.isError) {
    if (template.error instanceof ApiError && template.error.status === 404)
      return <ErrorState error={new Error('There is no such template in your account: it may have been deleted.')} />;
    return <ErrorState error={template.error} retry={() => void template.refetch()} />;
  }
  // Keyed by id: the editor starts from the saved draft, and keeps its edits through refetches.
  return <TemplatePage key={template.data.id} template={template.data} />;
}
