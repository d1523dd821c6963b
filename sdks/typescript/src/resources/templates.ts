import type { Caller } from '../caller.js';
import type { RequestOptions } from '../http.js';
import { Paginator } from '../pagination.js';
import type {
  CreateTemplateRequest,
  Deleted,
  PreviewTemplateRequest,
  Template,
  TemplateList,
  TemplateListParams,
  TemplatePreview,
  TemplateSummary,
  TemplateTestSend,
  TemplateTestSendRequest,
  TemplateVersionList,
  UpdateTemplateRequest,
} from '../types.js';

/** Stored templates (full-access key). `id` is a template's id or its alias everywhere. */
export class Templates {
  constructor(private readonly caller: Caller) {}

  /** Creates a template; its content is the draft until published. */
  create(params: CreateTemplateRequest, options?: RequestOptions): Promise<Template> {
    return this.caller.call('post', '/api/templates', { body: params }, options);
  }

  /** Every template, newest first (without content), page after page. */
  list(params: TemplateListParams = {}, options?: RequestOptions): Paginator<TemplateSummary, TemplateList> {
    const { cursor, ...filters } = params;
    return new Paginator(
      (next) => this.listPage({ ...filters, ...(next ? { cursor: next } : {}) }, options),
      (page) => page.templates,
      cursor,
    );
  }

  /** One page of templates. */
  listPage(params: TemplateListParams = {}, options?: RequestOptions): Promise<TemplateList> {
    return this.caller.call('get', '/api/templates', { query: params }, options);
  }

  /** One template, with its draft and the variables it reads. */
  get(id: string, options?: RequestOptions): Promise<Template> {
    return this.caller.call('get', '/api/templates/{id}', { path: { id } }, options);
  }

  /** Renames it, changes its alias, or edits the draft. */
  update(id: string, params: UpdateTemplateRequest, options?: RequestOptions): Promise<Template> {
    return this.caller.call('patch', '/api/templates/{id}', { path: { id }, body: params }, options);
  }

  /** Deletes it and its versions (409 `template_in_use` while a scheduled message rendered from it waits). */
  delete(id: string, options?: RequestOptions): Promise<Deleted> {
    return this.caller.call('delete', '/api/templates/{id}', { path: { id } }, options);
  }

  /** Makes the draft the published version that sends use. */
  publish(id: string, options?: RequestOptions): Promise<Template> {
    return this.caller.call('post', '/api/templates/{id}/publish', { path: { id } }, options);
  }

  /** Every published version, newest first. */
  versions(id: string, options?: RequestOptions): Promise<TemplateVersionList> {
    return this.caller.call('get', '/api/templates/{id}/versions', { path: { id } }, options);
  }

  /** Renders the draft (or `version`) with `variables`, without sending. */
  preview(id: string, params: PreviewTemplateRequest = {}, options?: RequestOptions): Promise<TemplatePreview> {
    return this.caller.call('post', '/api/templates/{id}/preview', { path: { id }, body: params }, options);
  }

  /** Sends the rendered draft to a test recipient (`delivered`, `bounce` or `complaint`) through the real pipeline. */
  testSend(id: string, params: TemplateTestSendRequest, options?: RequestOptions): Promise<TemplateTestSend> {
    return this.caller.call('post', '/api/templates/{id}/test-send', { path: { id }, body: params }, options);
  }
}
