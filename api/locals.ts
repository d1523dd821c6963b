// What the middleware chain leaves on res.locals for later steps and for the request log line.
import type { ApiKey } from '../core/accounts/apiKeys';

declare module 'express-serve-static-core' {
  interface Locals {
    /** Set by authenticate(). */
    apiKey?: ApiKey;
    /** The key's public prefix (`pk_<lookup id>`), safe to log. */
    keyPrefix?: string;
    /** How the request ended, for the log line: `queued`, `invalid_body`, an error code... */
    outcome?: string;
    /** Set once a message is accepted. */
    messageId?: string;
  }
}

export {};
