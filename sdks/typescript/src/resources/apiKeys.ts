import type { Caller } from '../caller.js';
import type { RequestOptions } from '../http.js';
import type { ApiKey, ApiKeyList, CreateApiKeyRequest, CreatedApiKey } from '../types.js';

/** API keys (full-access key). */
export class ApiKeys {
  constructor(private readonly caller: Caller) {}

  /** The account's keys (never their secrets), with when each was last used. */
  list(options?: RequestOptions): Promise<ApiKeyList> {
    return this.caller.call('get', '/api/api-keys', {}, options);
  }

  /** Creates a key; its secret is in this answer only. */
  create(params: CreateApiKeyRequest, options?: RequestOptions): Promise<CreatedApiKey> {
    return this.caller.call('post', '/api/api-keys', { body: params }, options);
  }

  /** Revokes a key (by id or `pk_` prefix); its next request gets 401. */
  revoke(id: string, options?: RequestOptions): Promise<ApiKey> {
    return this.caller.call('delete', '/api/api-keys/{id}', { path: { id } }, options);
  }

  /** The same as `revoke` (DELETE /api/api-keys/{id}). */
  delete(id: string, options?: RequestOptions): Promise<ApiKey> {
    return this.revoke(id, options);
  }
}
