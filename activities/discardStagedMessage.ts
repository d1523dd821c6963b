import { deleteStagedMessage } from '../core/sending/staging';
import type { ResolvedActivityDeps } from './deps';

/** BYOC: the content goes as soon as the message is settled, whatever the outcome (spec 1). */
export function discardStagedMessage(deps: ResolvedActivityDeps) {
  return async function discardStagedMessage(input: { messageId: string }): Promise<void> {
    await deleteStagedMessage(deps.db, input.messageId);
  };
}
