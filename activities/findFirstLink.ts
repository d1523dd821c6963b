import { loadStagedMessage } from '../core/sending/staging';
import { firstTrackableLink } from '../core/tracking/rewriteHtml';
import type { ResolvedActivityDeps } from './deps';

/**
 * The first link tracking would rewrite in the message's HTML, for the `clicked@` test recipient's
 * click (docs/test-recipients.md); null without HTML or a link. Only the URL leaves the activity.
 */
export function findFirstLink(deps: ResolvedActivityDeps) {
  return async function findFirstLink(input: { messageId: string }): Promise<{ url: string | null }> {
    const staged = await loadStagedMessage(deps.db, deps.config.secretKey, input.messageId);
    const html = staged?.content.html;
    return { url: html === undefined ? null : ((await firstTrackableLink(html)) ?? null) };
  };
}
