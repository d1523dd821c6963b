// An erasure (docs/privacy.md, "Erasing an address"): `erase-<erasure id>`, started by
// POST /api/privacy/erasures. Its input and every step's input and result are the erasure's id and
// counts; the address stays sealed in the erasure row, read by the activities and wiped at the end.
// The suppression goes first, so a send to the address is refused from then on; then each kind of
// record, one activity each, in batches.
import { ActivityFailure } from '@temporalio/workflow';
import { erasure } from './activityProxies';

export interface EraseAddressInput {
  erasureId: string;
}

export async function eraseAddress(input: EraseAddressInput): Promise<{ status: 'completed' | 'failed' }> {
  const { erasureId } = input;
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
    return { status: 'failed' };
  }
  await erasure.finishErasure({ erasureId, status: 'completed' });
  return { status: 'completed' };
}
