// Postage's own emails (verification, password reset) go through its own pipeline: the system
// account (the owner of SYSTEM_EMAIL_FROM's verified shared domain) sends them like any customer,
// with the same gates (suppression, quota), log and timeline. In `npm run dev` they land in the
// SES emulator's store.
import type { SystemEmail } from '../accounts/authEmails';
import { classifyRecipient, domainOf, parseMailbox } from '../model/addresses';
import { findDomain } from '../domains/domains';
import { PostageError } from '../platform/errors';
import { acceptMessage, type AcceptDeps } from './acceptMessage';
import { checkSendGates } from './sendGates';

export async function sendSystemEmail(deps: AcceptDeps, email: SystemEmail): Promise<{ messageId: string }> {
  const configured = deps.config.auth.systemEmailFrom;
  if (!configured) throw new PostageError('system_email_unconfigured', 'SYSTEM_EMAIL_FROM is not set: Postage cannot send its own emails');
  const from = parseMailbox(configured);
  if ('error' in from) throw new PostageError('system_email_unconfigured', `SYSTEM_EMAIL_FROM is not a mailbox (${from.error})`);
  const domain = await findDomain(deps.db, domainOf(from.address));
  if (!domain || domain.sendingMode !== 'shared') throw new PostageError('system_email_unconfigured', `SYSTEM_EMAIL_FROM's domain is not a shared domain of the system account`);

  const recipientKind = classifyRecipient(email.to, deps.config);
  if (recipientKind.kind === 'unknown_test') throw new PostageError('system_email_refused', 'not a test address this service knows');
  const gates = await checkSendGates(deps.db, { apiKey: { accountId: domain.accountId, domainScope: [] }, fromDomain: domain.name, recipient: email.to, recipientKind });
  if (!gates.ok) throw new PostageError('system_email_refused', `${gates.failure.code}: ${gates.failure.detail}`);

  const result = await acceptMessage(deps, {
    accountId: domain.accountId,
    monthlyLimit: gates.context.monthlyLimit,
    workflow: { mode: 'shared', kind: recipientKind.kind, ...(recipientKind.kind === 'test' ? { testOutcome: recipientKind.outcome } : {}) },
    content: { to: { address: email.to, name: '' }, from, subject: email.subject, text: email.text },
    attachments: [],
    response: (messageId) => ({ message_id: messageId }),
  });
  if (!result.ok) throw new PostageError('system_email_refused', `not queued: ${result.code}`);
  return { messageId: result.messageId };
}
