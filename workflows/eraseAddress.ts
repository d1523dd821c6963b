// An erasure (docs/privacy.md, "Erasing an address"): `erase-<erasure id>`, started by
// POST /api/privacy/erasures. Its input is ids (the erasure's, its account's), every step's input
// and result the erasure's id and counts; the address stays sealed in the erasure row, read by the
// activities and wiped at the end. The suppression goes first, so a send to the address is refused
// from then on; then each kind of record, one activity each, in batches. At the end, completed or failed, the account's endpoints
// subscribed to `privacy.erasure_completed` get the erasure's id, status and counts (one attempt each).
import { ActivityFailure } from '@temporalio/workflow';
import { erasure } from './activityProxies';
import { announceAccountEvent } from './webhookFanout';

export interface EraseAddressInput {
  erasureId: string;
  /** Whose endpoints hear of its end. */
  accountId: string;
}

export async function eraseAddress(input: EraseAddressInput): Promise<{ status: 'completed' | 'failed' }> {
  const { erasureId, accountId } = input;
  try {
    await erasure.hashSuppression({ erasureId });
    await erasure.cancelScheduledSends({ erasureId });
    // Deliveries and engagement are found through the log rows: before them.
    await erasure.eraseWebhookDeliveries({ erasureId });
    await erasure.eraseEngagement({ erasureId });
    await erasure.eraseLogRows({ erasureId });
    await erasure.eraseReceivedMail({ erasureId });
    await erasure.eraseAuditMentions({ erasureId });
    await erasure.eraseExports({ erasureId });
    await erasure.eraseRedisTraces({ erasureId });
  } catch (err) {
    if (!(err instanceof ActivityFailure)) throw err;
    await erasure.finishErasure({ erasureId, status: 'failed' });
    await announceAccountEvent(accountId, erasureId, 'privacy.erasure_completed');
    return { status: 'failed' };
  }
  await erasure.finishErasure({ erasureId, status: 'completed' });
  await announceAccountEvent(accountId, erasureId, 'privacy.erasure_completed');
  return { status: 'completed' };
}
