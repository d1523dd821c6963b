// One tool of `postage mcp` as scripts/generateTools.mjs writes it from the contract: what the
// client sees (name, description, input schema) and how a call becomes an API request.

/** Where an argument goes in the request. */
export type ArgumentLocation = 'path' | 'query' | 'body';

export interface ToolSpec {
  /** The operationId in snake_case (`get_api_domains_name`). */
  name: string;
  /** The operation's summary and description, and the key it needs. */
  description: string;
  /** The least permission of a key that may call it. */
  permission: 'sending' | 'full_access';
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** The path template (`/api/domains/{name}`). */
  path: string;
  location: Record<string, ArgumentLocation>;
  /** What the success answer holds, as `Postage.request` reads it. */
  answer: 'json' | 'bytes' | 'none';
  /** The operation takes an Idempotency-Key: the server sends one, so a retried call never sends twice. */
  idempotent?: boolean;
  /** A JSON Schema object: the path and query parameters and the JSON body's fields. */
  inputSchema: { type: 'object'; properties: Record<string, object>; required?: string[]; [rule: string]: unknown };
}
