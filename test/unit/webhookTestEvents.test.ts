// Test events (docs/webhooks.md, "Events") carry the fields the real events of their type carry,
// so a receiver (and the SDKs, which read `occurred_at` typed) handles them the same way.
import { buildWebhookEnvelope } from '../../core/webhooks/webhookPayloads';
import { testEventPayload } from '../../core/webhooks/webhookTestEvents';

const at = new Date('2026-11-20T10:00:00.000Z');
const row = { message_id: 'm-1', recipient: 'ann@example.org', subject: 'Hi', bounce_type: null, failure_reason: null };
const engagement = {
  type: 'clicked' as const,
  at: at.toISOString(),
  machine: false,
  userAgent: 'UA',
  url: 'https://example.com/',
  linkIndex: 0,
};

test('the engagement test events carry every field of the real ones, with `occurred_at` when it happened', () => {
  const real = {
    'email.opened': buildWebhookEnvelope('email.opened', row, engagement),
    'email.clicked': buildWebhookEnvelope('email.clicked', row, engagement),
    'email.unsubscribed': buildWebhookEnvelope('email.unsubscribed', {
      ...row,
      unsubscribe: { topic: 'news', occurred_at: at.toISOString() },
    }),
  };
  for (const [type, envelope] of Object.entries(real)) {
    const test = testEventPayload(type as keyof typeof real, 'test.example', at);
    const missing = Object.keys(envelope.payload).filter((k) => k !== 'message_id' && !(k in test));
    expect({ type, missing }).toEqual({ type, missing: [] });
    expect(test.occurred_at).toBe(at.toISOString());
  }
});
