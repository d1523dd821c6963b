import { markLogRowSent } from '../core/sending/emailLog';
import type { ResolvedActivityDeps } from './deps';

/** Test recipients: records the synthetic `service-test-…` provider id; nothing was transmitted. */
export function recordSent(deps: ResolvedActivityDeps) {
  return async function recordSent(input: { messageId: string; providerMessageId: string }): Promise<void> {
    await markLogRowSent(deps.db, input.messageId, input.providerMessageId);
  };
}
