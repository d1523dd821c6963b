// A send refused as a whole (single, batch, or a template's test send): counted by code, with
// Retry-After when the same request may pass in a moment, answered with the handler's typed
// `refuse` (so its row must document every code the use case can refuse with).
import type { SendRefusalCode } from '../../core/sending/sendMessage';
import type { RouteDeps } from './deps';
import type { Refusal, Refuse } from './operation';

export function refuseSend<C extends SendRefusalCode>(
  deps: Pick<RouteDeps, 'metrics'>,
  refuse: Refuse<NoInfer<C>>,
  failure: { code: C; detail: string },
): Refusal {
  deps.metrics.sendRefusals.inc({ code: failure.code });
  // In progress elsewhere, or (service_unavailable here) the account's template renders are all taken: a moment.
  const soon = failure.code === 'idempotency_key_in_progress' || failure.code === 'service_unavailable';
  return refuse(failure.code, failure.detail, soon ? { retryAfter: 1 } : {});
}
