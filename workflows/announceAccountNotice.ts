// An account notice (docs/reputation.md, "Warnings and pauses"): `account-notice-<notice id>`,
// started once per notice recorded (a warning, a pause, a resume). The owners and admins are
// emailed, the account's endpoints subscribed to the event get it (one attempt each, as every
// event), and the notice is marked announced. Ids only: the payload stays in the notice row.
import type { AccountNoticeEventType } from '../core/model/webhookEvents';
import { accountNotices } from './activityProxies';
import { announceAccountEvent } from './webhookFanout';

export interface AnnounceAccountNoticeInput {
  accountId: string;
  noticeId: string;
  event: AccountNoticeEventType;
}

export function accountNoticeWorkflowId(noticeId: string): string {
  return `account-notice-${noticeId}`;
}

export async function announceAccountNotice(input: AnnounceAccountNoticeInput): Promise<void> {
  await accountNotices.emailAccountNotice({ accountId: input.accountId, noticeId: input.noticeId });
  await announceAccountEvent(input.accountId, input.noticeId, input.event);
  await accountNotices.finishAccountNotice({ noticeId: input.noticeId });
}
