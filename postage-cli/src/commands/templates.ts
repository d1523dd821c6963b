// postage templates pull | push: each template as a folder of files, so templates live in the
// repository that sends them. <dir>/<alias, else name, else id>/ holds subject.liquid, html.liquid,
// text.liquid (absent when the template has no text: the API derives it from the HTML) and
// template.json (id, name, alias; the rest is for reading). push compares each folder with the
// template's current draft and writes only what differs (docs/cli.md, "Templates as files").
import fs from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import type { Postage, Template, UpdateTemplateRequest } from '@postage/sdk';
import type { CliContext } from '../context.js';
import { CliError, EXIT, table } from '../output.js';
import type { Run } from '../run.js';

const METADATA = 'template.json';

/** What a folder says a template is. */
interface LocalTemplate {
  folder: string;
  id: string | undefined;
  name: string;
  alias: string | null;
  subject: string;
  html: string;
  text: string | null;
}

interface PushResult {
  folder: string;
  id: string | undefined;
  state: 'new' | 'changed' | 'unchanged';
  changes: string[];
  published_version: number | null;
}

function folderName(template: Template, taken: Set<string>): string {
  const slug = template.name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  const name = [template.alias, slug].find((n): n is string => Boolean(n) && !taken.has(n!)) ?? template.id;
  taken.add(name);
  return name;
}

function writeTemplate(dir: string, template: Template): void {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'subject.liquid'), template.draft.subject);
  fs.writeFileSync(path.join(dir, 'html.liquid'), template.draft.html);
  if (template.draft.text === null) fs.rmSync(path.join(dir, 'text.liquid'), { force: true });
  else fs.writeFileSync(path.join(dir, 'text.liquid'), template.draft.text);
  const metadata = {
    id: template.id,
    name: template.name,
    alias: template.alias,
    published_version: template.published_version,
    variables: template.draft.variables,
  };
  fs.writeFileSync(path.join(dir, METADATA), `${JSON.stringify(metadata, null, 2)}\n`);
}

async function pull(ctx: CliContext, dir: string) {
  const client = ctx.client();
  const taken = new Set<string>();
  const pulled: { folder: string; id: string; name: string }[] = [];
  for await (const summary of client.templates.list()) {
    const template = await client.templates.get(summary.id);
    const folder = folderName(template, taken);
    writeTemplate(path.join(dir, folder), template);
    pulled.push({ folder, id: template.id, name: template.name });
  }
  return {
    json: { directory: dir, templates: pulled },
    text: `${table(
      ['FOLDER', 'ID', 'NAME'],
      pulled.map((t) => [t.folder, t.id, t.name]),
      'The account has no templates.',
    )}\n\nWrote ${pulled.length} template(s) to ${dir}.`,
  };
}

function readOptional(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

function readLocal(dir: string, folder: string): LocalTemplate {
  const at = path.join(dir, folder);
  const metadataText = readOptional(path.join(at, METADATA));
  let metadata: { id?: string; name?: string; alias?: string | null } = {};
  try {
    if (metadataText) metadata = JSON.parse(metadataText) as typeof metadata;
  } catch (err) {
    throw new CliError(`${path.join(at, METADATA)} is not JSON (${(err as Error).message})`, EXIT.usage);
  }
  const subject = readOptional(path.join(at, 'subject.liquid'));
  const html = readOptional(path.join(at, 'html.liquid'));
  if (subject === undefined || html === undefined)
    throw new CliError(`${at} needs subject.liquid and html.liquid`, EXIT.usage);
  return {
    folder,
    id: metadata.id,
    name: metadata.name ?? folder,
    alias: metadata.alias ?? null,
    subject,
    html,
    text: readOptional(path.join(at, 'text.liquid')) ?? null,
  };
}

function readLocalTemplates(dir: string): LocalTemplate[] {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch (err) {
    throw new CliError(
      `cannot read ${dir} (${(err as Error).message}): run \`postage templates pull ${dir}\` first`,
      EXIT.usage,
    );
  }
  return entries
    .filter((e) => e.isDirectory() && !e.name.startsWith('.'))
    .map((e) => readLocal(dir, e.name))
    .sort((a, b) => a.folder.localeCompare(b.folder));
}

/** The fields whose local value differs from the template's current draft and name. */
function changesOf(local: LocalTemplate, current: Template): UpdateTemplateRequest {
  const update: UpdateTemplateRequest = {};
  if (local.name !== current.name) update.name = local.name;
  if (local.alias !== current.alias) update.alias = local.alias;
  if (local.subject !== current.draft.subject) update.subject = local.subject;
  if (local.html !== current.draft.html) update.html = local.html;
  if (local.text !== current.draft.text) update.text = local.text;
  return update;
}

async function pushNew(
  client: Postage,
  dir: string,
  local: LocalTemplate,
  dryRun: boolean,
): Promise<Template | undefined> {
  if (dryRun) return undefined;
  const created = await client.templates.create({
    name: local.name,
    alias: local.alias,
    subject: local.subject,
    html: local.html,
    text: local.text,
  });
  // The id goes into the folder at once, so the next push updates this template instead of making another.
  writeTemplate(path.join(dir, local.folder), created);
  return created;
}

async function pushOne(client: Postage, dir: string, local: LocalTemplate, flags: PushFlags): Promise<PushResult> {
  const dryRun = Boolean(flags.dryRun);
  if (!local.id) {
    const created = await pushNew(client, dir, local, dryRun);
    const published = created && flags.publish ? await client.templates.publish(created.id) : created;
    return {
      folder: local.folder,
      id: created?.id,
      state: 'new',
      changes: ['subject', 'html', 'text', 'name'],
      published_version: published?.published_version ?? null,
    };
  }
  const current = await client.templates.get(local.id);
  const update = changesOf(local, current);
  const changes = Object.keys(update);
  let template = current;
  if (!dryRun && changes.length) template = await client.templates.update(local.id, update);
  if (!dryRun && flags.publish && template.has_unpublished_changes) template = await client.templates.publish(local.id);
  return {
    folder: local.folder,
    id: local.id,
    state: changes.length ? 'changed' : 'unchanged',
    changes,
    published_version: template.published_version,
  };
}

interface PushFlags {
  dryRun?: boolean;
  publish?: boolean;
}

async function push(ctx: CliContext, dir: string, flags: PushFlags) {
  const client = ctx.client();
  const results: PushResult[] = [];
  for (const local of readLocalTemplates(dir)) results.push(await pushOne(client, dir, local, flags));
  const changed = results.filter((r) => r.state !== 'unchanged').length;
  const summary = flags.dryRun
    ? `Dry run: ${changed} template(s) would change; nothing was written.`
    : changed
      ? `Pushed ${changed} template(s)${flags.publish ? ' and published them' : ' as drafts (publish with --publish)'}.`
      : 'Nothing to change.';
  return {
    json: { dry_run: Boolean(flags.dryRun), templates: results },
    text: `${table(
      ['FOLDER', 'STATE', 'CHANGES', 'PUBLISHED'],
      results.map((r) => [
        r.folder,
        r.state,
        r.state === 'changed' ? r.changes.join(',') : '',
        r.published_version ?? '-',
      ]),
      `No template folders in ${dir}.`,
    )}\n\n${summary}`,
  };
}

export function registerTemplatesCommands(program: Command, run: Run): void {
  const templates = program.command('templates').description('templates as files (full_access key)');
  templates
    .command('pull <dir>')
    .description('write each template as <dir>/<alias or name>/ (subject/html/text.liquid, template.json)')
    .action(run(pull));
  templates
    .command('push <dir>')
    .description('show what differs from the account’s drafts, then write it (a new draft; --publish publishes it)')
    .option('--dry-run', 'only show what would change')
    .option('--publish', 'publish each template whose draft differs from its published version')
    .action(run(push));
}
