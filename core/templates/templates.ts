// Templates (docs/templates.md), an account resource: a name, an optional alias unique in the
// account, and a draft (subject, HTML, optional text, each a Liquid template). Edits change the
// draft; publishing copies it into the next version, which sends use. Versions are kept. A template
// a scheduled message was rendered from cannot be deleted while the message waits.
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { recordAudit } from '../platform/audit';
import type { Db } from '../platform/db';
import { PostageError } from '../platform/errors';
import { isUuid } from '../platform/ids';
import { decodeCursor, encodeCursor } from '../platform/pagination';
import { checkTemplateContent, draftVariables } from './templateAnalysis';

/** An alias: lower-case letters, digits and `-`, usable in place of the id (so never shaped like one). */
export const TEMPLATE_ALIAS = '^[a-z0-9-]{1,64}$';
const aliasPattern = new RegExp(TEMPLATE_ALIAS);

export interface TemplateContent {
  subject: string;
  html: string;
  text: string | null;
}

export interface TemplateVersion extends TemplateContent {
  version: number;
  variables: string[];
  publishedAt: Date;
}

/** A template as lists show it: without its content (a page of them parses nothing). */
export interface TemplateSummary {
  id: string;
  accountId: string;
  name: string;
  alias: string | null;
  publishedVersion: number | null;
  /** The draft differs from the published version (always true before the first publish). */
  hasUnpublishedChanges: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export interface Template extends TemplateSummary {
  draft: TemplateContent & { variables: string[] };
}

interface TemplateRow {
  id: string;
  account_id: string;
  name: string;
  alias: string | null;
  subject: string;
  html: string;
  text: string | null;
  published_version: number | null;
  created_at: Date;
  updated_at: Date;
  p_subject: string | null;
  p_html: string | null;
  p_text: string | null;
}

interface VersionRow {
  version: number;
  subject: string;
  html: string;
  text: string | null;
  variables: string[];
  published_at: Date;
}

function toSummary(row: TemplateRow): TemplateSummary {
  return {
    id: row.id,
    accountId: row.account_id,
    name: row.name,
    alias: row.alias,
    publishedVersion: row.published_version,
    hasUnpublishedChanges:
      row.published_version === null ||
      row.p_subject !== row.subject ||
      row.p_html !== row.html ||
      row.p_text !== row.text,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** `strict`: a draft whose variables cannot be listed is an error (publishing stores them). */
async function toTemplate(row: TemplateRow, strict = false): Promise<Template> {
  const draft = { subject: row.subject, html: row.html, text: row.text };
  return { ...toSummary(row), draft: { ...draft, variables: await draftVariables(row.account_id, draft, strict) } };
}

const toVersion = (row: VersionRow): TemplateVersion => ({
  version: row.version,
  subject: row.subject,
  html: row.html,
  text: row.text,
  variables: row.variables,
  publishedAt: row.published_at,
});

/** The templates with their published version's content beside the draft (to tell whether they differ). */
function templatesWithPublished(db: Db | Knex.Transaction) {
  return db('templates as t')
    .leftJoin(
      'template_versions as v',
      (j) => void j.on('v.template_id', 't.id').andOn('v.version', 't.published_version'),
    )
    .select<TemplateRow[]>('t.*', 'v.subject as p_subject', 'v.html as p_html', 'v.text as p_text');
}

function checkAlias(alias: string | null | undefined): void {
  if (alias === undefined || alias === null) return;
  if (!aliasPattern.test(alias) || isUuid(alias))
    throw new PostageError(
      'invalid_alias',
      'An alias is 1 to 64 lower-case letters, digits or `-`, and not shaped like a template id.',
      'alias',
    );
}

/** The one 404 for a template: an id or alias of another account reads like one that exists nowhere. */
const templateNotFound = (ref: string) => new PostageError('template_not_found', `no template ${ref} in this account`);

const isAliasTaken = (err: unknown) => (err as { code?: string; constraint?: string }).code === '23505';

/** The template `ref` (its id or alias) in the account, or a 404 that does not say whether another account has it. */
export async function findTemplate(db: Db | Knex.Transaction, accountId: string, ref: string): Promise<Template> {
  const row = await templatesWithPublished(db)
    .where('t.account_id', accountId)
    .andWhere(isUuid(ref) ? { 't.id': ref } : { 't.alias': ref })
    .first();
  if (!row) throw templateNotFound(ref);
  return toTemplate(row);
}

/** The id of template `ref` (id or alias) in the account, undefined when it has none: a lookup that reads (and parses) no content. */
export async function findTemplateId(db: Db, accountId: string, ref: string): Promise<string | undefined> {
  const row = await db('templates')
    .where({ account_id: accountId, ...(isUuid(ref) ? { id: ref } : { alias: ref }) })
    .first<{ id: string } | undefined>('id');
  return row?.id;
}

/** findTemplateId, or the same 404 as findTemplate: for the operations that need only the id. */
export async function requireTemplateId(db: Db, accountId: string, ref: string): Promise<string> {
  const id = await findTemplateId(db, accountId, ref);
  if (!id) throw templateNotFound(ref);
  return id;
}

export async function createTemplate(
  db: Db,
  input: { accountId: string; name: string; alias?: string | null; content: TemplateContent },
  actor: string,
): Promise<Template> {
  checkAlias(input.alias);
  await checkTemplateContent(input.accountId, input.content);
  const id = randomUUID();
  try {
    await db.transaction(async (trx) => {
      await trx('templates').insert({
        id,
        account_id: input.accountId,
        name: input.name,
        alias: input.alias ?? null,
        ...input.content,
      });
      await recordAudit(trx, {
        accountId: input.accountId,
        actor,
        action: 'template.create',
        details: { template_id: id },
      });
    });
  } catch (err) {
    if (isAliasTaken(err))
      throw new PostageError(
        'template_alias_exists',
        `the alias ${String(input.alias)} is already used by a template of this account`,
      );
    throw err;
  }
  return findTemplate(db, input.accountId, id);
}

export async function templatePage(
  db: Db,
  accountId: string,
  opts: { cursor?: string; limit: number },
): Promise<{ rows: TemplateSummary[]; nextCursor: string | null }> {
  const after = opts.cursor === undefined ? undefined : decodeCursor(opts.cursor);
  const query = templatesWithPublished(db).where('t.account_id', accountId);
  if (after) query.andWhereRaw('(t.created_at, t.id) < (?::timestamptz, ?::uuid)', [after.at, after.id]);
  const rows = await query
    .orderBy([
      { column: 't.created_at', order: 'desc' },
      { column: 't.id', order: 'desc' },
    ])
    .limit(opts.limit + 1)
    .select(db.raw('t.created_at::text AS cursor_at'));
  const last = rows[opts.limit - 1] as (TemplateRow & { cursor_at: string }) | undefined;
  return {
    rows: rows.slice(0, opts.limit).map(toSummary),
    nextCursor: rows.length > opts.limit && last ? encodeCursor(last.cursor_at, last.id) : null,
  };
}

/** Name and alias change at once; subject, HTML and text change the draft only. */
export async function updateTemplate(
  db: Db,
  accountId: string,
  ref: string,
  changes: { name?: string; alias?: string | null; subject?: string; html?: string; text?: string | null },
  actor: string,
): Promise<Template> {
  const id = await requireTemplateId(db, accountId, ref);
  checkAlias(changes.alias);
  await checkTemplateContent(accountId, {
    ...(changes.subject !== undefined ? { subject: changes.subject } : {}),
    ...(changes.html !== undefined ? { html: changes.html } : {}),
    ...(typeof changes.text === 'string' ? { text: changes.text } : {}),
  });
  const update = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
  try {
    await db.transaction(async (trx) => {
      await trx('templates')
        .where({ id })
        .update({ ...update, updated_at: trx.fn.now() });
      await recordAudit(trx, {
        accountId,
        actor,
        action: 'template.update',
        details: { template_id: id, fields: Object.keys(update) },
      });
    });
  } catch (err) {
    if (isAliasTaken(err))
      throw new PostageError(
        'template_alias_exists',
        `the alias ${String(changes.alias)} is already used by a template of this account`,
      );
    throw err;
  }
  return findTemplate(db, accountId, id);
}

/** The draft becomes the next version, which sends use from now on. A draft equal to the published version publishes nothing new. */
export async function publishTemplate(db: Db, accountId: string, ref: string, actor: string): Promise<Template> {
  const id = await requireTemplateId(db, accountId, ref);
  // Analysed before the lock is taken; under it the analysis is remembered (unless the draft changed meanwhile).
  const before = await templatesWithPublished(db).where('t.id', id).first();
  if (before) await toTemplate(before, true);
  await db.transaction(async (trx) => {
    // Locked, so two publishes of one template number their versions one after the other.
    const row = await templatesWithPublished(trx).where('t.id', id).forUpdate('t').first();
    if (!row) throw templateNotFound(ref);
    const template = await toTemplate(row, true);
    if (!template.hasUnpublishedChanges) return;
    const version = (template.publishedVersion ?? 0) + 1;
    const { subject, html, text, variables } = template.draft;
    await trx('template_versions').insert({
      template_id: id,
      version,
      subject,
      html,
      text,
      variables: JSON.stringify(variables),
    });
    await trx('templates').where({ id }).update({ published_version: version, updated_at: trx.fn.now() });
    await recordAudit(trx, { accountId, actor, action: 'template.publish', details: { template_id: id, version } });
  });
  return findTemplate(db, accountId, id);
}

/** Every published version, newest first. */
export async function listTemplateVersions(db: Db, accountId: string, ref: string): Promise<TemplateVersion[]> {
  const id = await requireTemplateId(db, accountId, ref);
  const rows = await db('template_versions')
    .where({ template_id: id })
    .orderBy('version', 'desc')
    .select<VersionRow[]>('*');
  return rows.map(toVersion);
}

/** One version of a template, or the published one (`version` undefined); undefined when there is none. */
export async function templateVersion(
  db: Db,
  templateId: string,
  version?: number,
): Promise<TemplateVersion | undefined> {
  const query = db('template_versions').where({ template_id: templateId });
  if (version === undefined)
    query.andWhere('version', db('templates').where({ id: templateId }).select('published_version'));
  else query.andWhere({ version });
  const row = await query.first<VersionRow | undefined>();
  return row ? toVersion(row) : undefined;
}

/** A template's draft content (a test send renders it), without its variables. */
export async function templateDraft(db: Db, templateId: string): Promise<TemplateContent | undefined> {
  return db('templates').where({ id: templateId }).first<TemplateContent | undefined>('subject', 'html', 'text');
}

/** Refused (409 template_in_use) while a scheduled message rendered from it waits. */
export async function deleteTemplate(db: Db, accountId: string, ref: string, actor: string): Promise<void> {
  const id = await requireTemplateId(db, accountId, ref);
  await db.transaction(async (trx) => {
    const waiting = await trx('scheduled_sends')
      .where({ template_id: id, state: 'scheduled' })
      .count<{ n: string }[]>({ n: '*' })
      .first();
    if (Number(waiting?.n ?? 0) > 0) {
      throw new PostageError(
        'template_in_use',
        `${String(waiting?.n)} scheduled message(s) use this template; cancel them or wait until they are sent, then delete it`,
      );
    }
    await trx('templates').where({ id }).delete();
    await recordAudit(trx, { accountId, actor, action: 'template.delete', details: { template_id: id } });
  });
}
