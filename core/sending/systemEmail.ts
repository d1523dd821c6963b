// Postage's own emails (verification, password reset) go through its own pipeline: the system
// account (the owner of SYSTEM_EMAIL_FROM's verified shared domain) sends them like any customer,
// with the same gates (suppression, quota), log and timeline. In `npm run dev` they land in the
// SES emulator's store. The system account is never suspended by the reputation monitor (that
// would stop every verification and reset email); its rates are metrics with an alert instead.
import { createHash } from 'node:crypto';
import type { SystemEmail } from '../accounts/authEmails';
import { classifyRecipient, domainOf, parseMailbox, type Mailbox } from '../model/addresses';
import { findDomain, type Domain } from '../domains/domains';
import type { Config } from '../platform/config';
import type { Db } from '../platform/db';
import { PostageError } from '../platform/errors';
import { reputationRates, type ReputationRates } from '../providerEvents/reputation';
import type { AcceptDeps } from './acceptMessage';
import { sendMessage } from './sendMessage';

/** The sender and the shared domain of Postage's own emails (SYSTEM_EMAIL_FROM), whose owner is the system account. */
async function systemSender(db: Db, config: Config): Promise<{ from: Mailbox; domain: Domain }> {
  const configured = config.auth.systemEmailFrom;
  if (!configured)
    throw new PostageError(
      'system_email_unconfigured',
      'SYSTEM_EMAIL_FROM is not set: Postage cannot send its own emails',
    );
  const from = parseMailbox(configured);
  if ('error' in from)
    throw new PostageError('system_email_unconfigured', `SYSTEM_EMAIL_FROM is not a mailbox (${from.error})`);
  const domain = await findDomain(db, domainOf(from.address));
  if (!domain || domain.sendingMode !== 'shared')
    throw new PostageError(
      'system_email_unconfigured',
      `SYSTEM_EMAIL_FROM's domain is not a shared domain of the system account`,
    );
  return { from, domain };
}

/** The system account's id, or undefined when SYSTEM_EMAIL_FROM names none. */
export async function systemAccountId(db: Db, config: Config): Promise<string | undefined> {
  if (!config.auth.systemEmailFrom) return undefined;
  return systemSender(db, config).then(
    ({ domain }) => domain.accountId,
    () => undefined,
  );
}

/** The system account's rates over the reputation window (its metrics), or undefined when there is no system account. */
export async function systemAccountReputation(db: Db, config: Config): Promise<ReputationRates | undefined> {
  const accountId = await systemAccountId(db, config);
  return accountId ? reputationRates(db, accountId, config.reputation.windowDays) : undefined;
}

/**
 * Sends one of Postage's own emails. `idempotencyKey`: an email that must go once however often the
 * caller runs (a retried activity); the same key again answers the first send's id.
 */
export async function sendSystemEmail(
  deps: AcceptDeps,
  email: SystemEmail,
  opts: { idempotencyKey?: string } = {},
): Promise<{ messageId: string }> {
  const { from, domain } = await systemSender(deps.db, deps.config);

  const recipientKind = classifyRecipient(email.to, deps.config);
  if (recipientKind.kind === 'unknown_test')
    throw new PostageError('system_email_refused', 'not a test address this service knows');
  // The same use case as a customer's send, with the system account as an unscoped key and, unless
  // the caller gives one, no idempotency key (a repeated request is a new email, as for the user asking again).
  const requestHash = createHash('sha256').update(JSON.stringify(email)).digest('hex');
  const result = await sendMessage(deps, {
    ...(opts.idempotencyKey ? { idempotency: { key: opts.idempotencyKey, requestHash } } : {}),
    key: { accountId: domain.accountId, domainScope: [] },
    request: {
      to: { address: email.to, name: '' },
      recipientKind,
      from,
      fromDomain: domain.name,
      subject: email.subject,
      text: email.text,
      attachments: [],
    },
  });
  if (result.outcome === 'accepted') return { messageId: result.messageId };
  if (result.outcome === 'replayed') return { messageId: String((result.body as { message_id?: unknown }).message_id) };
  if (result.outcome === 'refused' && result.step === 'gates')
    throw new PostageError('system_email_refused', `${result.code}: ${result.detail}`);
  throw new PostageError(
    'system_email_refused',
    `not queued: ${result.outcome === 'refused' ? result.code : result.outcome}`,
  );
}
