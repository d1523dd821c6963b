// The account's messages waiting for their turn at SES, the pace and the expected wait
// (docs/sending.md, "Pace and fair shares"), read from Redis where the queues live.
import { sendingQueues } from '../../../core/sending/sendingQueue';
import { sesPacerFor } from '../../../core/sending/sesPacing';
import { operation } from '../../http/operation';
import { presentSendingQueue } from '../../presenters/resources';
import { SendingQueues } from '../../schemas/management';

/** Redis usually comes back within seconds (its client reconnects on its own). */
const RETRY_AFTER_SECONDS = 5;

export const sendingQueueOperations = [
  operation({
    method: 'get',
    path: '/api/sending/queue',
    summary:
      'This account’s messages waiting for their turn at SES, the pace and the expected wait: at the shared SES account and, with BYOC, at its own.',
    description:
      'Every call to SES waits for its turn: each SES account is called at its own send rate, shared equally between the accounts with messages waiting, and one-off sends go ahead of batches and scheduled releases (docs/sending.md, "Pace and fair shares"). Only this account’s own messages are counted.',
    who: 'caller',
    role: 'viewer',
    scopedKey: 'account_wide',
    ok: [200, SendingQueues, 'The queues.'],
    more: {
      503: 'Our database, or the store holding the queues, is unreachable; retry (Retry-After).',
    },
    async handler({ deps, req, caller, refuse }) {
      const pacer = sesPacerFor(deps.redis, deps.config);
      const queues = await sendingQueues({ db: deps.db, pacer }, caller.accountId);
      if (!queues.ok) {
        req.log.warn({ err: queues.unavailable }, 'sending queues unavailable (Redis)');
        return refuse('service_unavailable', 'The sending queues cannot be read now; retry shortly.', {
          retryAfter: RETRY_AFTER_SECONDS,
        });
      }
      return {
        shared: presentSendingQueue(queues.shared),
        byoc: queues.byoc ? presentSendingQueue(queues.byoc) : null,
      };
    },
  }),
];
