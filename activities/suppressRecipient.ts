import { getLogRow } from '../core/sending/emailLog';
import { loadStagedMessage } from '../core/sending/staging';
import { suppressAddress } from '../core/accounts/suppressions';
import type { ResolvedActivityDeps } from './deps';

/**
 * Hard bounce or complaint on a real recipient: the address goes on the account's suppression list
 * (docs/sending.md, "Suppressions"). The address is read here (the log row, else the kept content)
 * and never returned.
 */
export function suppressRecipient(deps: ResolvedActivityDeps) {
  return async function suppressRecipient(input: {
    accountId: string;
    messageId: string;
    reason: 'bounce' | 'complaint';
  }): Promise<{ suppressed: boolean; recipientKnown: boolean }> {
    // The log row is the cheap read; the staged content (decrypted whole) only once the row has
    // been purged (after 14 days, while content is kept 90).
    const address =
      (await getLogRow(deps.db, input.messageId))?.recipient ??
      (await loadStagedMessage(deps.db, deps.config.secretKey, input.messageId))?.content.to.address;
    if (!address) {
      deps.logger.warn(
        { messageId: input.messageId },
        'cannot suppress: the message content and log row are both gone',
      );
      return { suppressed: false, recipientKnown: false };
    }
    const suppressed = await suppressAddress(deps.db, {
      accountId: input.accountId,
      address,
      reason: input.reason,
      sourceMessageId: input.messageId,
    });
    return { suppressed, recipientKnown: true };
  };
}
