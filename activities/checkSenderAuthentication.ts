import { Context } from '@temporalio/activity';
import { checkAndStoreVerdicts } from '../core/inbound/senderAuthentication';
import type { ResolvedActivityDeps } from './deps';

/**
 * SPF, DKIM, DMARC and ARC of a message the MX listener received (core/inbound/senderAuthentication.ts),
 * within a hard 10 s deadline that stops the hashing too, DNS through DNS_SERVERS; failures are
 * `temperror`, never a failed step. Retried while PostgreSQL fails; a message whose checks were
 * begun three times (their worker died on them) gets `temperror` unchecked. `skipped` when the
 * message has verdicts already (SES receiving's own) or is gone.
 */
export function checkSenderAuthentication(deps: ResolvedActivityDeps) {
  return async function checkSenderAuthentication(input: { inboundId: string }): Promise<'checked' | 'skipped'> {
    return checkAndStoreVerdicts(deps.db, input.inboundId, {
      dnsServers: deps.config.dns.servers,
      signal: Context.current().cancellationSignal,
    });
  };
}
