// Templates: create, list (paged), read, edit the draft, publish, list versions, preview with
// variables, delete (refused while a scheduled message rendered from it waits). The `{id}` of
// every path is the template's id or its alias.
import { PostageError } from '../../../core/platform/errors';
import { createTemplatePreviewLimit } from '../../../core/templates/previewLimit';
import { RenderCapacityError, renderInPool } from '../../../core/templates/renderPool';
import { TemplateRenderError } from '../../../core/templates/templateLanguage';
import {
  createTemplate,
  deleteTemplate,
  findTemplate,
  listTemplateVersions,
  publishTemplate,
  requireTemplateId,
  templateDraft,
  templatePage,
  templateVersion,
  updateTemplate,
} from '../../../core/templates/templates';
import { SEND_REFUSAL_CODES, sendMessage, type SendRefusalCode } from '../../../core/sending/sendMessage';
import type { RouteDeps } from '../../http/deps';
import { sendValidationError } from '../../http/errors';
import { ANSWERED, operation, type Refusal, type Refuse } from '../../http/operation';
import { refusalAnswers } from '../../http/refusalAnswers';
import { perApp } from '../../http/perApp';
import { refuseSend } from '../../http/sendRefusal';
import { createSendRequestValidator } from '../../schemas/validateSendRequest';
import { presentTemplate, presentTemplateSummary, presentTemplateVersion } from '../../presenters/resources';
import {
  CreateTemplateRequest,
  Deleted,
  PreviewTemplateRequest,
  Template,
  TemplateList,
  TemplatePreview,
  TemplateTestSend,
  TemplateTestSendRequest,
  TemplateVersionList,
  UpdateTemplateRequest,
} from '../../schemas/management';
import { page, queryParameters } from '../../schemas/queryParameters';

const validateSend = perApp((deps) => createSendRequestValidator(deps.config));
const previewLimit = perApp((deps) => createTemplatePreviewLimit(deps.redis, deps.config.templates.previewsPerMinute));

/** Takes one preview or test send from the account's allowance; the 429 when it is spent. */
async function previewLimitRefusal(
  deps: RouteDeps,
  refuse: Refuse<'too_many_requests'>,
  accountId: string,
): Promise<Refusal | undefined> {
  const wait = await previewLimit(deps)(accountId);
  if (wait === undefined) return undefined;
  return refuse(
    'too_many_requests',
    `At most ${deps.config.templates.previewsPerMinute} template previews and test sends a minute per account; retry after the Retry-After delay.`,
    {
      retryAfter: wait,
    },
  );
}

/** What a test send may be refused with: a send's refusals but the idempotency key's (it has none), and the preview allowance. */
const TEST_SEND_REFUSALS = [
  ...SEND_REFUSAL_CODES.filter((code) => code !== 'idempotency_key_reused' && code !== 'idempotency_key_in_progress'),
  'too_many_requests',
] as Exclude<SendRefusalCode | 'too_many_requests', 'idempotency_key_reused' | 'idempotency_key_in_progress'>[];
/** The send request's field names, as this endpoint's body spells them. */
const TEST_SEND_FIELDS: Record<string, string> = {
  to: 'recipient',
  'template.variables': 'variables',
  'template.id': '_body',
};

export const templateOperations = [
  operation({
    method: 'get',
    path: '/api/templates',
    summary: 'The account’s templates, newest first (without their content).',
    who: 'caller',
    role: 'viewer',
    scopedKey: 'same',
    query: queryParameters(page()),
    ok: [200, TemplateList, 'A page of templates.'],
    async handler({ deps, caller, query }) {
      const { cursor, limit } = query;
      const page = await templatePage(deps.db, caller.accountId, { limit, ...(cursor ? { cursor } : {}) });
      return { templates: page.rows.map(presentTemplateSummary), next_cursor: page.nextCursor };
    },
  }),
  operation({
    method: 'post',
    path: '/api/templates',
    summary: 'Create a template; its content is the draft until published.',
    who: 'caller',
    role: 'developer',
    scopedKey: 'account_wide',
    body: CreateTemplateRequest,
    ok: [201, Template, 'Created (not yet published).'],
    more: { 409: [{ codes: ['template_alias_exists'] }, 'Another template of the account has this alias.'] },
    async handler({ deps, res, caller, body }) {
      const template = await createTemplate(
        deps.db,
        {
          accountId: caller.accountId,
          name: body.name,
          alias: body.alias ?? null,
          content: { subject: body.subject, html: body.html, text: body.text ?? null },
        },
        caller.actor,
      );
      res.locals.outcome = 'template_created';
      return presentTemplate(template);
    },
  }),
  operation({
    method: 'get',
    path: '/api/templates/{id}',
    summary: 'One template, by id or alias, with its draft and the variables it reads.',
    who: 'caller',
    role: 'viewer',
    scopedKey: 'same',
    ok: [200, Template, 'The template.'],
    async handler({ deps, caller, params }) {
      return presentTemplate(await findTemplate(deps.db, caller.accountId, params.id));
    },
  }),
  operation({
    method: 'patch',
    path: '/api/templates/{id}',
    summary: 'Rename, change the alias (at once), or edit the draft (used by sends once published).',
    who: 'caller',
    role: 'developer',
    scopedKey: 'account_wide',
    body: UpdateTemplateRequest,
    ok: [200, Template, 'Changed.'],
    more: { 409: [{ codes: ['template_alias_exists'] }, 'Another template of the account has this alias.'] },
    async handler({ deps, caller, body, params }) {
      return presentTemplate(await updateTemplate(deps.db, caller.accountId, params.id, body, caller.actor));
    },
  }),
  operation({
    method: 'delete',
    path: '/api/templates/{id}',
    summary: 'Delete a template and its versions; messages already sent keep their content.',
    who: 'caller',
    role: 'developer',
    scopedKey: 'account_wide',
    ok: [200, Deleted, 'Deleted.'],
    more: { 409: [{ codes: ['template_in_use'] }, 'A scheduled message rendered from it still waits.'] },
    async handler({ deps, res, caller, params }) {
      await deleteTemplate(deps.db, caller.accountId, params.id, caller.actor);
      res.locals.outcome = 'template_deleted';
      return { success: true as const, warnings: [] };
    },
  }),
  operation({
    method: 'post',
    path: '/api/templates/{id}/publish',
    summary: 'Make the draft the published version that sends use (a draft equal to it publishes nothing new).',
    who: 'caller',
    role: 'developer',
    scopedKey: 'account_wide',
    ok: [200, Template, 'Published.'],
    async handler({ deps, res, caller, params }) {
      const template = await publishTemplate(deps.db, caller.accountId, params.id, caller.actor);
      res.locals.outcome = 'template_published';
      return presentTemplate(template);
    },
  }),
  operation({
    method: 'get',
    path: '/api/templates/{id}/versions',
    summary: 'Every published version, newest first.',
    who: 'caller',
    role: 'viewer',
    scopedKey: 'same',
    ok: [200, TemplateVersionList, 'The versions.'],
    async handler({ deps, caller, params }) {
      return {
        versions: (await listTemplateVersions(deps.db, caller.accountId, params.id)).map(presentTemplateVersion),
      };
    },
  }),
  operation({
    method: 'post',
    path: '/api/templates/{id}/preview',
    summary: 'Render the draft (or a published version) with variables, without sending: subject, HTML and text.',
    who: 'caller',
    role: 'viewer',
    scopedKey: 'same',
    body: PreviewTemplateRequest,
    ok: [200, TemplatePreview, 'The rendered message.'],
    more: {
      404: 'No template with this id or alias in the account, or it has no published version `version`.',
      429: [
        { codes: ['too_many_requests'] },
        'The account made its template previews and test sends of this minute (60 by default), or already has its template renders running or waiting (Retry-After).',
      ],
    },
    async handler({ deps, caller, params, body, refuse }) {
      const id = await requireTemplateId(deps.db, caller.accountId, params.id);
      const content =
        body.version === undefined
          ? await templateDraft(deps.db, id)
          : await templateVersion(deps.db, id, body.version);
      if (!content)
        throw new PostageError(
          'template_not_found',
          body.version === undefined
            ? `no template ${params.id} in this account`
            : `template ${params.id} has no version ${body.version}`,
        );
      const limited = await previewLimitRefusal(deps, refuse, caller.accountId);
      if (limited) return limited;
      try {
        return await renderInPool(caller.accountId, content, body.variables ?? {});
      } catch (err) {
        if (err instanceof TemplateRenderError) throw new PostageError('invalid_template', err.message, 'variables');
        if (!(err instanceof RenderCapacityError)) throw err;
        return refuse('too_many_requests', err.message, { retryAfter: err.retryAfterSeconds });
      }
    },
  }),
  operation({
    method: 'post',
    path: '/api/templates/{id}/test-send',
    summary:
      'Send the draft, rendered with variables, to a test recipient through the real pipeline (counted like any test send).',
    who: 'caller',
    role: 'developer',
    scopedKey: 'account_wide',
    body: TemplateTestSendRequest,
    ok: [200, TemplateTestSend, 'Queued; follow it in the email log.'],
    more: refusalAnswers(TEST_SEND_REFUSALS, {
      403: 'A management refusal, or a send gate: the sender domain cannot send.',
      422: 'The test recipient is on the suppression list.',
      429: '`usage_limit_exceeded`: the month’s sends are used up. `too_many_requests`: the account made its template previews and test sends of this minute (60 by default; Retry-After).',
      502: 'Nothing was queued or counted; retry.',
      503: 'Retry later (Retry-After: the database, or the account’s template renders all taken), or validate BYOC again.',
    }),
    async handler({ deps, res, caller, params, body, refuse }) {
      const id = await requireTemplateId(deps.db, caller.accountId, params.id); // another account's is a 404, like everywhere
      const parsed = validateSend(deps)({
        from_email: body.from_email,
        to: `${body.recipient}@${deps.config.testDomain}`,
        template: { id, variables: body.variables ?? {} },
      });
      const invalid = (errors: Record<string, string[]>): typeof ANSWERED => {
        res.locals.outcome = 'invalid_body';
        sendValidationError(
          res,
          Object.fromEntries(
            Object.entries(errors).map(([field, messages]) => [TEST_SEND_FIELDS[field] ?? field, messages]),
          ),
        );
        return ANSWERED;
      };
      if (!parsed.ok) return invalid(parsed.errors);
      const limited = await previewLimitRefusal(deps, refuse, caller.accountId);
      if (limited) return limited;
      const { idempotencyKey: _none, template, ...request } = parsed.request;
      const result = await sendMessage(deps, {
        request: { ...request, template: { ...template!, draft: true } },
        key: { accountId: caller.accountId, domainScope: caller.domainScope, test: caller.test },
      });
      switch (result.outcome) {
        case 'invalid':
          return invalid(result.errors);
        case 'refused':
          if (result.code === 'idempotency_key_reused' || result.code === 'idempotency_key_in_progress')
            throw new Error('a test send has no idempotency key, so none can be reused');
          return refuseSend(deps, refuse, { code: result.code, detail: result.detail });
        case 'replayed':
          throw new Error('a test send has no idempotency key, so nothing to replay');
        case 'unauthenticated':
          throw new Error('a test send names no API key, so none can have been revoked');
        case 'accepted':
          deps.metrics.sendsAccepted.inc({ mode: result.mode, kind: result.kind });
          res.locals.outcome = 'queued';
          return { message_id: result.messageId, recipient: `${body.recipient}@${deps.config.testDomain}` };
      }
    },
  }),
];
