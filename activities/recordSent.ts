import { markLogRowSent } from '../core/emailLog';
import type { ActivityDeps } from './deps';

/** Records the provider message id (synthetic `service-test-…` for test recipients). */
export function recordSent(deps: ActivityDeps) {
  return async function recordSent(input: { messageId: string; providerMessageId: string }): Promise<void> {
    await markLogRowSent(deps.db, input.messageId, input.providerMessageId);
  };
}
