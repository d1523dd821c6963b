// template list|show (docs/templates.md): an account's templates, and one template's draft,
// variables and published versions. Operators read them here; customers edit them in the dashboard
// or the API.
import type { Command } from 'commander';
import { requireAccount } from '../../core/accounts/accounts';
import { findTemplate, listTemplateVersions, templatePage } from '../../core/templates/templates';
import { fields, formatDate, table, yesNo } from '../output';
import type { Run } from '../run';

export function registerTemplateCommands(program: Command, run: Run): void {
  const template = program
    .command('template')
    .description("an account's email templates (Liquid; sends use the published version)");

  template
    .command('list')
    .description('list the templates of an account, newest first')
    .argument('<account>', 'account id or email')
    .action(
      run(async (ctx, accountRef: string) => {
        const account = await requireAccount(ctx.db(), accountRef);
        const { rows } = await templatePage(ctx.db(), account.id, { limit: 1000 });
        return {
          json: rows,
          text: table(
            ['id', 'alias', 'name', 'published', 'unpublished changes', 'updated'],
            rows.map((t) => [
              t.id,
              t.alias ?? '',
              t.name,
              t.publishedVersion === null ? 'never' : `v${t.publishedVersion}`,
              yesNo(t.hasUnpublishedChanges),
              formatDate(t.updatedAt),
            ]),
            'The account has no templates.',
          ),
        };
      }),
    );

  template
    .command('show')
    .description("one template: its draft's subject, the variables it reads, and its published versions")
    .argument('<account>', 'account id or email')
    .argument('<template>', 'template id or alias')
    .action(
      run(async (ctx, accountRef: string, ref: string) => {
        const account = await requireAccount(ctx.db(), accountRef);
        const found = await findTemplate(ctx.db(), account.id, ref);
        const versions = await listTemplateVersions(ctx.db(), account.id, found.id);
        return {
          json: {
            ...found,
            versions: versions.map(({ version, subject, variables, publishedAt }) => ({
              version,
              subject,
              variables,
              publishedAt,
            })),
          },
          text: [
            fields([
              ['id', found.id],
              ['alias', found.alias ?? ''],
              ['name', found.name],
              ['published version', found.publishedVersion ?? 'never'],
              ['unpublished changes', yesNo(found.hasUnpublishedChanges)],
              ['draft subject', found.draft.subject],
              ['draft variables', found.draft.variables.join(', ') || '(none)'],
              ['draft text part', found.draft.text === null ? 'derived from the HTML' : 'its own'],
            ]),
            '',
            table(
              ['version', 'published', 'subject', 'variables'],
              versions.map((v) => [`v${v.version}`, formatDate(v.publishedAt), v.subject, v.variables.join(', ')]),
              'Never published.',
            ),
          ].join('\n'),
        };
      }),
    );
}
