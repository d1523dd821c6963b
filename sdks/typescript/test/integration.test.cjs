// @postage/sdk required as CommonJS, against the real API: a send seen through to its outcome, the
// refusals as error values, and the log listed by tag.
const assert = require('node:assert/strict');
const { randomUUID } = require('node:crypto');
const { test } = require('node:test');
const { Postage, PostageApiError, ErrorCode } = require('@postage/sdk');

function env(name) {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set (see sdks/README.md, "The test contract")`);
  return value;
}
const baseUrl = env('POSTAGE_BASE_URL');
const postage = new Postage({ apiKey: env('POSTAGE_API_KEY'), baseUrl });
const admin = new Postage({ apiKey: env('POSTAGE_FULL_ACCESS_KEY'), baseUrl });
const to = (local) => `${local}@${env('POSTAGE_TEST_DOMAIN')}`;

test('require: a send is delivered and listed by its tag', async () => {
  const tag = `cjs-${randomUUID()}`;
  const sent = await postage.emails.send({
    from_email: `hello@${env('POSTAGE_DOMAIN')}`,
    to: to('delivered'),
    subject: 'From CommonJS',
    html: '<p>cjs</p>',
    tags: { run: tag },
  });
  assert.equal(sent.success, true);
  const deadline = Date.now() + 90_000;
  let status;
  // The log row appears an instant after the send is accepted (a 404 until then).
  const read = () =>
    admin.emails.get(sent.message_id).then(
      (d) => d.email.status,
      (err) => (err instanceof PostageApiError && err.status === 404 ? 'not in the log yet' : Promise.reject(err)),
    );
  while ((status = await read()) !== 'delivered') {
    assert.ok(Date.now() < deadline, `still ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 400));
  }
  const listed = await admin.emails.list({ tag: `run:${tag}` }).toArray();
  assert.deepEqual(
    listed.map((e) => [e.message_id, e.subject]),
    [[sent.message_id, 'From CommonJS']],
  );
});

test('require: refusals are PostageApiError values with status and code', async () => {
  for (const errorCase of JSON.parse(env('POSTAGE_ERROR_CASES'))) {
    const client = new Postage({ apiKey: errorCase.api_key, baseUrl, maxRetries: 0 });
    await assert.rejects(client.emails.send(errorCase.body), (err) => {
      assert.ok(err instanceof PostageApiError, `${errorCase.name}: ${err}`);
      assert.equal(err.status, errorCase.status, errorCase.name);
      assert.equal(err.code, errorCase.error, errorCase.name);
      assert.equal(err.isRateLimited, errorCase.status === 429 && errorCase.error === undefined, errorCase.name);
      return true;
    });
  }
  assert.equal(ErrorCode.UsageLimitExceeded, 'usage_limit_exceeded');
});
