// The emails of an account notice (docs/reputation.md, "Warnings and pauses"), to the owner and
// each admin: what happened, the numbers, and what to do. Plain text, like the other system emails.
import type { SystemEmail } from './authEmails';
import type { AccountNotice } from './accountNotices';

const pct = (rate: number) => `${(rate * 100).toFixed(2)}%`;
const METRIC_NAME = { bounce_rate: 'hard-bounce rate', complaint_rate: 'complaint rate' } as const;
const GUIDE = 'the reputation guide (docs/reputation.md, "Warnings and pauses")';

export function accountNoticeEmail(
  to: string,
  notice: AccountNotice,
  context: { accountName: string; link: string },
): SystemEmail {
  const name = context.accountName;
  switch (notice.event) {
    case 'account.reputation_warning': {
      const p = notice.payload as AccountNotice<'account.reputation_warning'>['payload'];
      const metric = METRIC_NAME[p.metric];
      return {
        to,
        subject: `The ${metric} of ${name} on Postage is ${pct(p.rate)}: sending pauses at ${pct(p.pause_level)}`,
        text: `The ${metric} of ${name} over the last ${p.window_days} days is ${pct(p.rate)} (${p.events} of ${p.sends} sends), at or over the warning level of ${pct(p.warning_level)}. At ${pct(p.pause_level)} Postage pauses the account's sending.\n\nWhat to do now: stop sending to addresses that bounce or complain, send only to people who asked for your mail, and check where new addresses come from. Your rates and how they are counted are in ${GUIDE}.\n\nSign in: ${context.link}\n`,
      };
    }
    case 'account.sending_paused': {
      const p = notice.payload as AccountNotice<'account.sending_paused'>['payload'];
      return {
        to,
        subject: `Sending from ${name} on Postage is paused`,
        text: `Postage paused the sending of ${name}: ${p.reason}. Until the pause is lifted, sends are refused (403 sending_suspended); everything else (logs, webhooks, received mail) works as before.\n\nWhat to do: find and fix the cause (the list or the form that brought the addresses that bounce or complain), then reply to your Postage contact asking for a review: an operator lifts the pause. See ${GUIDE}.\n\nSign in: ${context.link}\n`,
      };
    }
    case 'account.sending_resumed':
      return {
        to,
        subject: `Sending from ${name} on Postage resumed`,
        text: `The pause on ${name}'s sending was lifted: it sends again. Keep an eye on its bounce and complaint rates (${GUIDE}).\n\nSign in: ${context.link}\n`,
      };
  }
}
