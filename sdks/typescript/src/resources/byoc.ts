import type { Caller } from '../caller.js';
import type { RequestOptions } from '../http.js';
import type { Byoc, ByocPolicy, ByocRequest, ByocSaved, ByocValidation, CloudFormationTemplate } from '../types.js';

/** Bring your own cloud: the account's AWS role (full-access key). */
export class ByocResource {
  constructor(private readonly caller: Caller) {}

  /** The configuration: role, region, ExternalId, validation state. */
  get(options?: RequestOptions): Promise<Byoc> {
    return this.caller.call('get', '/api/byoc', {}, options);
  }

  /** Validates and saves the role ARN and region (PUT /api/byoc; saved even when validation fails). */
  save(params: ByocRequest, options?: RequestOptions): Promise<ByocSaved> {
    return this.caller.call('put', '/api/byoc', { body: params }, options);
  }

  /** Validates the saved configuration again. */
  validate(options?: RequestOptions): Promise<ByocValidation> {
    return this.caller.call('post', '/api/byoc/validate', {}, options);
  }

  /** The trust policy and the permissions of Service-BYOC-Role. */
  policy(options?: RequestOptions): Promise<ByocPolicy> {
    return this.caller.call('get', '/api/byoc/policy', {}, options);
  }

  /** A CloudFormation template creating Service-BYOC-Role. */
  cloudformation(options?: RequestOptions): Promise<CloudFormationTemplate> {
    return this.caller.call('get', '/api/byoc/cloudformation', {}, options);
  }
}
