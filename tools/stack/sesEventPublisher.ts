// The part of SES the emulator does not play: event publishing. Watches what the local SES
// emulator accepted and, for SES mailbox-simulator recipients, publishes through the local SNS
// (tools/stack/localSns.ts) the notifications real SES would, shaped as SES's event publishing
// documents them, to the API's unmodified /provider/ses-events endpoint (signature, topic and
// certificate checks on). It first subscribes, as a real topic subscription starts.
//
// Simulator semantics (SES developer guide, "mailbox simulator"):
//   success, ooto      -> Delivery (the out-of-office reply itself is not simulated)
//   bounce             -> Bounce, Permanent / General
//   complaint          -> Delivery, then Complaint
//   suppressionlist    -> Bounce, Permanent / Suppressed (on SES's global suppression list)
// and, local only (SES's simulator has no such address), a `+delayed` label on any of them
// (`success+delayed@…`) publishes a DeliveryDelay first (docs/test-recipients.md).
import { randomUUID } from 'node:crypto';
import { parseMailbox } from '../../core/model/addresses';
import type { LocalSns } from './localSns';
import { sesEmulatorStore, type StoredEmail } from './sesEmulator';

type SimulatorEvent =
  | { eventType: 'DeliveryDelay' }
  | { eventType: 'Delivery' }
  | { eventType: 'Bounce'; bounceSubType: 'General' | 'Suppressed' }
  | { eventType: 'Complaint' };

const SIMULATED: ReadonlyMap<string, readonly SimulatorEvent[]> = new Map<string, readonly SimulatorEvent[]>([
  ['success', [{ eventType: 'Delivery' }]],
  ['ooto', [{ eventType: 'Delivery' }]],
  ['bounce', [{ eventType: 'Bounce', bounceSubType: 'General' }]],
  ['complaint', [{ eventType: 'Delivery' }, { eventType: 'Complaint' }]],
  ['suppressionlist', [{ eventType: 'Bounce', bounceSubType: 'Suppressed' }]],
]);

/** The label that makes the local publisher report a delay before the address's own events. */
export const DELAYED_LABEL = 'delayed';

/** The events SES publishes for a simulator address (`success+label@…` too), or none. */
export function simulatorEvents(address: string, simulatorDomain: string): readonly SimulatorEvent[] {
  const at = address.lastIndexOf('@');
  if (at < 0 || address.slice(at + 1).toLowerCase() !== simulatorDomain) return [];
  const [local, ...labels] = address.slice(0, at).toLowerCase().split('+');
  const events = SIMULATED.get(local!) ?? [];
  return events.length > 0 && labels.includes(DELAYED_LABEL) ? [{ eventType: 'DeliveryDelay' }, ...events] : events;
}

/** An SES event-publishing record (the fields Postage's handler reads, and the ones around them). */
export function sesEventRecord(
  event: SimulatorEvent,
  email: { sesMessageId: string; from: string; recipient: string; sentAt: Date },
  at: Date,
): Record<string, unknown> {
  const timestamp = at.toISOString();
  const mail = {
    timestamp: email.sentAt.toISOString(),
    source: email.from,
    sendingAccountId: '000000000000',
    messageId: email.sesMessageId,
    destination: [email.recipient],
    headersTruncated: false,
  };
  switch (event.eventType) {
    case 'DeliveryDelay':
      return {
        eventType: 'DeliveryDelay',
        mail,
        deliveryDelay: {
          timestamp,
          delayType: 'MailboxFull',
          expirationTime: new Date(at.getTime() + 14 * 3600_000).toISOString(),
          delayedRecipients: [
            {
              emailAddress: email.recipient,
              status: '4.2.2',
              diagnosticCode: `smtp; 452 4.2.2 The email account ${email.recipient} is over quota (local SES simulator)`,
            },
          ],
          reportingMTA: 'a8-70.smtp-out.amazonses.com',
        },
      };
    case 'Delivery':
      return {
        eventType: 'Delivery',
        mail,
        delivery: {
          timestamp,
          processingTimeMillis: at.getTime() - email.sentAt.getTime(),
          recipients: [email.recipient],
          smtpResponse: '250 2.6.0 Message received',
          reportingMTA: 'a8-70.smtp-out.amazonses.com',
        },
      };
    case 'Bounce':
      return {
        eventType: 'Bounce',
        mail,
        bounce: {
          bounceType: 'Permanent',
          bounceSubType: event.bounceSubType,
          bouncedRecipients: [
            {
              emailAddress: email.recipient,
              action: 'failed',
              status: '5.1.1',
              diagnosticCode: 'smtp; 550 5.1.1 user unknown',
            },
          ],
          timestamp,
          feedbackId: randomUUID(),
          reportingMTA: 'dsn; a8-70.smtp-out.amazonses.com',
        },
      };
    case 'Complaint':
      return {
        eventType: 'Complaint',
        mail,
        complaint: {
          complainedRecipients: [{ emailAddress: email.recipient }],
          timestamp,
          feedbackId: randomUUID(),
          userAgent: 'Amazon SES Mailbox Simulator',
          complaintFeedbackType: 'abuse',
          arrivalDate: timestamp,
        },
      };
  }
}

export interface SesEventPublisher {
  stop(): void;
}

export async function startSesEventPublisher(opts: {
  sesEndpoint: string;
  sns: LocalSns;
  /** The API's /provider/ses-events URL. */
  endpoint: string;
  simulatorDomain: string;
  /** Between SES accepting a message and its first event (the next one follows as long again). */
  delayMs: number;
  log: (line: string) => void;
  pollMs?: number;
}): Promise<SesEventPublisher> {
  const post = async (body: string, type: string): Promise<{ status: number; text: string }> => {
    const res = await fetch(opts.endpoint, {
      method: 'POST',
      headers: {
        'Content-Type': 'text/plain; charset=UTF-8',
        'x-amz-sns-message-type': type,
        'x-amz-sns-topic-arn': opts.sns.topicArn,
      },
      body,
      signal: AbortSignal.timeout(15_000),
    });
    return { status: res.status, text: await res.text() };
  };

  // Subscribe first, as SNS does: the endpoint confirms by visiting the SubscribeURL.
  const subscription = opts.sns.subscriptionConfirmation();
  const deadline = Date.now() + 30_000;
  for (;;) {
    const answer = await post(subscription.body, 'SubscriptionConfirmation').catch((err: unknown) => ({
      status: 0,
      text: String(err),
    }));
    if (answer.status === 200 && opts.sns.confirmations.includes(subscription.token)) break;
    if (Date.now() > deadline)
      throw new Error(
        `the API did not confirm the local SNS subscription: HTTP ${answer.status} ${answer.text.slice(0, 200)}`,
      );
    await new Promise((r) => setTimeout(r, 500));
  }
  opts.log(`subscription to ${opts.sns.topicArn} confirmed by ${opts.endpoint}`);

  // Each poll asks only for what arrived since the newest second seen: the emulator keeps every
  // message, and reading the whole store twice a second grows with a session's sends. Messages of
  // that second come again; `seen` (pruned to that second) skips them.
  const seen = new Map<string, number>();
  let since = 0;
  const timers = new Set<NodeJS.Timeout>();
  let stopped = false;

  /** SNS retries a failed delivery; three tries a few seconds apart are enough locally. */
  const publish = async (record: Record<string, unknown>, what: string, attempt = 1): Promise<void> => {
    const answer = await post(opts.sns.notification(record), 'Notification').catch((err: unknown) => ({
      status: 0,
      text: String(err),
    }));
    opts.log(`${what} -> HTTP ${answer.status} ${answer.text.slice(0, 120)}`);
    if (answer.status >= 200 && answer.status < 300) return;
    if (attempt < 3 && !stopped) schedule(2000 * attempt, () => publish(record, what, attempt + 1));
  };
  const schedule = (ms: number, task: () => Promise<void>) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      void task();
    }, ms);
    timers.add(timer);
  };

  const handle = (email: StoredEmail) => {
    for (const to of email.destination.to) {
      // Stored as the message header had it (`Ann <success@…>` or `success@…`).
      const mailbox = parseMailbox(to);
      if ('error' in mailbox) continue;
      const recipient = mailbox.address;
      simulatorEvents(recipient, opts.simulatorDomain).forEach((event, i) => {
        schedule(opts.delayMs * (i + 1), async () => {
          const record = sesEventRecord(
            event,
            { sesMessageId: email.messageId, from: email.from, recipient, sentAt: new Date(email.at * 1000) },
            new Date(),
          );
          await publish(record, `${event.eventType} of ${email.messageId} (${recipient})`);
        });
      });
    }
  };

  const poll = async () => {
    try {
      for (const email of await sesEmulatorStore(opts.sesEndpoint, since)) {
        if (seen.has(email.messageId)) continue;
        seen.set(email.messageId, email.at);
        handle(email);
        since = Math.max(since, email.at);
      }
      for (const [id, at] of seen) if (at < since) seen.delete(id);
    } catch (err) {
      opts.log(`could not read the SES emulator's store: ${String(err)}`);
    }
    if (!stopped) schedule(opts.pollMs ?? 500, poll);
  };
  await poll();

  return {
    stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
