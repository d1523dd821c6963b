// The package required as CommonJS (the `require` condition): the same client, errors and webhook
// verification, working without the ES-module build.
const assert = require('node:assert/strict');
const { createHmac } = require('node:crypto');
const http = require('node:http');
const { test } = require('node:test');
const {
  Postage,
  PostageApiError,
  PostageConnectionError,
  WebhookVerificationError,
  verifyWebhook,
  ErrorCode,
} = require('@postage/sdk');

test('require gives the CommonJS build (a client that sends, typed errors, retries)', async () => {
  assert.match(require.resolve('@postage/sdk'), /dist[\\/]cjs[\\/]index\.js$/);
  const seen = [];
  const server = http.createServer((req, res) => {
    seen.push(req.headers['idempotency-key']);
    res.writeHead(seen.length === 1 ? 502 : 422, { 'Content-Type': 'application/json' });
    res.end(
      JSON.stringify(
        seen.length === 1
          ? { success: false, error: 'queue_error', detail: 'later' }
          : { success: false, error: 'recipient_suppressed', detail: 'suppressed' },
      ),
    );
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const postage = new Postage({ apiKey: 'pk_x', baseUrl: `http://127.0.0.1:${server.address().port}` });
    await assert.rejects(
      postage.emails.send({ from_email: 'a@example.com', to: 'b@example.org', message: 'x' }),
      (err) => {
        assert.ok(err instanceof PostageApiError);
        assert.equal(err.status, 422);
        assert.equal(err.code, ErrorCode.RecipientSuppressed);
        return true;
      },
    );
    assert.equal(seen.length, 2, 'the 502 was retried, the 422 was not');
    assert.equal(seen[0], seen[1], 'with the same idempotency key');
  } finally {
    server.close();
  }
  const nowhere = new Postage({ apiKey: 'pk_x', baseUrl: 'http://127.0.0.1:9', maxRetries: 0 });
  await assert.rejects(nowhere.me.get(), PostageConnectionError);
});

test('require gives webhook verification', async () => {
  const secret = `whsec_${Buffer.from('thirty-two bytes of signing key..').toString('base64')}`;
  const body = Buffer.from(
    JSON.stringify({
      event_type: 'email.complained',
      payload: { message_id: 'm-9', recipient: 'x@example.org', status: 'complaint' },
    }),
  );
  const id = 'msg_0123456789abcdef0123456789abcdef';
  const timestamp = String(Math.floor(Date.now() / 1000));
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const headers = {
    'webhook-id': id,
    'webhook-timestamp': timestamp,
    'webhook-signature': `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`,
  };
  const event = await verifyWebhook(body, headers, secret);
  assert.equal(event.type, 'email.complained');
  assert.equal(event.messageId, 'm-9');
  const tampered = Buffer.from(body);
  tampered[10] ^= 1;
  await assert.rejects(verifyWebhook(tampered, headers, secret), WebhookVerificationError);
  // X-Service-Signature alone: only with the opt-in.
  const serviceOnly = { 'x-service-signature': `sha256=${createHmac('sha256', secret).update(body).digest('hex')}` };
  await assert.rejects(verifyWebhook(body, serviceOnly, secret), WebhookVerificationError);
  assert.equal((await verifyWebhook(body, serviceOnly, secret, { insecureSignatureOnly: true })).messageId, 'm-9');
});
