// SES notifications (both SES formats) as SNS carries them, turned into outcomes with no address.
import { loadConfig } from '../../core/config';
import { parseSesEvent } from '../../core/sesEvents';

const mail = { messageId: '0100018c-ses-id', timestamp: '2026-11-20T10:00:00.000Z', destination: ['ann@example.org'] };

test('identity notifications: delivery, permanent and transient bounces, complaints', () => {
  expect(parseSesEvent(JSON.stringify({ notificationType: 'Delivery', mail, delivery: { timestamp: '2026-11-20T10:00:02.000Z', smtpResponse: '250 2.0.0 OK <ann@example.org>', recipients: ['ann@example.org'] } }))).toEqual({
    ok: true,
    sesMessageId: mail.messageId,
    outcome: { type: 'delivered', at: '2026-11-20T10:00:02.000Z', smtpResponse: '250 2.0.0 OK <[address]>' },
  });
  expect(parseSesEvent(JSON.stringify({ notificationType: 'Bounce', mail, bounce: { bounceType: 'Permanent', bounceSubType: 'General', timestamp: '2026-11-20T10:00:03.000Z', bouncedRecipients: [{ emailAddress: 'ann@example.org' }] } }))).toMatchObject({
    outcome: { type: 'bounced', bounceType: 'Permanent', bounceSubType: 'General', at: '2026-11-20T10:00:03.000Z' },
  });
  expect(parseSesEvent(JSON.stringify({ notificationType: 'Bounce', mail, bounce: { bounceType: 'Transient', bounceSubType: 'MailboxFull' } }))).toMatchObject({
    outcome: { type: 'bounced', bounceType: 'Transient', bounceSubType: 'MailboxFull', at: mail.timestamp },
  });
  expect(parseSesEvent(JSON.stringify({ notificationType: 'Complaint', mail, complaint: { complaintFeedbackType: 'abuse', timestamp: '2026-11-21T08:00:00.000Z' } }))).toMatchObject({
    outcome: { type: 'complained', at: '2026-11-21T08:00:00.000Z', feedbackType: 'abuse' },
  });
});

test('event publishing: rendering failures and rejections fail the message; other events carry no outcome', () => {
  expect(parseSesEvent(JSON.stringify({ eventType: 'Rendering Failure', mail, failure: { errorMessage: 'Attribute name is missing' } }))).toMatchObject({
    outcome: { type: 'failed', reason: 'Rendering failure: Attribute name is missing' },
  });
  expect(parseSesEvent(JSON.stringify({ eventType: 'Reject', mail, reject: { reason: 'Bad content' } }))).toMatchObject({ outcome: { type: 'failed', reason: 'Rejected by SES: Bad content' } });
  expect(parseSesEvent(JSON.stringify({ eventType: 'Open', mail }))).toEqual({ ok: false, ignored: 'event type Open carries no outcome' });
  expect(parseSesEvent('not json')).toMatchObject({ ok: false });
  expect(parseSesEvent(JSON.stringify({ notificationType: 'Delivery' }))).toEqual({ ok: false, ignored: 'no mail.messageId' });
});

test('by default the SNS signing certificate may only come from an SNS host, and no topic is accepted', () => {
  const { snsCertHostPattern, snsTopicArns } = loadConfig({ NODE_ENV: 'production', POSTAGE_SECRET_KEY: 'ab'.repeat(32), RELAY_AWS_ACCOUNT_ID: '210987654321' }).outcomes;
  const host = new RegExp(snsCertHostPattern);
  expect(['sns.us-east-1.amazonaws.com', 'sns.cn-north-1.amazonaws.com.cn'].every((h) => host.test(h))).toBe(true);
  expect(['sns.us-east-1.amazonaws.com.evil.example', 'evil.example', 'sns.us-east-1.amazonaws.com:8443', 's3.amazonaws.com'].some((h) => host.test(h))).toBe(false);
  expect(snsTopicArns).toEqual([]);
});
