import { getLogRow } from '../core/emailLog';
import { loadStagedMessage } from '../core/staging';
import { suppressAddress } from '../core/suppressions';
import type { ResolvedActivityDeps } from './deps';

/**
 * Hard bounce or complaint on a real recipient: the address goes on the account's suppression
 * list (spec 2.10). The address is read here (kept content, else the log row) and never returned.
 */
export function suppressRecipient(deps: ResolvedActivityDeps) {
  return async function suppressRecipient(input: { accountId: string; messageId: string; reason: 'bounce' | 'complaint' }): Promise<{ suppressed: boolean; recipientKnown: boolean }> {
    const staged = await loadStagedMessage(deps.db, deps.config.secretKey, input.messageId);
    const address = staged?.content.to.address ?? (await getLogRow(deps.db, input.messageId))?.recipient;
    if (!address) {
      deps.logger.warn({ messageId: input.messageId }, 'cannot suppress: the message content and log row are both gone');
      return { suppressed: false, recipientKnown: false };
    }
    const suppressed = await suppressAddress(deps.db, { accountId: input.accountId, address, reason: input.reason, sourceMessageId: input.messageId });
    return { suppressed, recipientKnown: true };
  };
}
