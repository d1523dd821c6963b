import { deleteStagedMessage } from '../core/sending/staging';
import type { ResolvedActivityDeps } from './deps';

/** BYOC: the content goes as soon as the message is settled, whatever the outcome (docs/byoc.md, "How it works"). */
export function discardStagedMessage(deps: ResolvedActivityDeps) {
  return async function discardStagedMessage(input: { messageId: string }): Promise<void> {
    await deleteStagedMessage(deps.db, input.messageId);
  };
}
