// send, emails follow/get/list and trigger against the real pipeline (test recipients: nobody is emailed).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cliJson, DOMAIN, runCli, TEST_DOMAIN } from './helpers.mjs';

async function sendTo(localPart, extra = []) {
  return cliJson([
    'send',
    '--from',
    `cli@${DOMAIN}`,
    '--to',
    `${localPart}+cli@${TEST_DOMAIN}`,
    '--subject',
    'From the CLI',
    '--text',
    'Hello.',
    ...extra,
  ]);
}

test('a send to delivered@ is followed until delivered, and follow exits 0', async () => {
  const sent = await sendTo('delivered', ['--tag', 'suite=cli']);
  const follow = await runCli(['emails', 'follow', sent.message_id, '--timeout', '60']);
  assert.equal(follow.code, 0, follow.stderr);
  assert.match(follow.stdout, /queued/);
  assert.match(follow.stdout, /delivered/);
  assert.match(follow.stdout, /Final status: delivered/);
});

test('follow exits 1 when the message bounces', async () => {
  const sent = await sendTo('bounced');
  const follow = await runCli(['emails', 'follow', sent.message_id, '--timeout', '60']);
  assert.equal(follow.code, 1);
  assert.match(follow.stdout, /Final status: bounced/);
});

test('--json output parses: get, list with a filter, domains and webhooks', async () => {
  const sent = await sendTo('delivered', ['--tag', 'suite=json']);
  const detail = await cliJson(['emails', 'get', sent.message_id]);
  assert.equal(detail.email.message_id, sent.message_id);
  const list = await cliJson(['emails', 'list', '--tag', 'suite:json', '--limit', '5']);
  assert.ok(list.emails.some((e) => e.message_id === sent.message_id));
  const domains = await cliJson(['domains', 'list']);
  assert.ok(domains.domains.some((d) => d.name === DOMAIN));
  assert.ok(Array.isArray((await cliJson(['webhooks', 'list'])).webhooks));
});

test('trigger email.complained sends from the account’s verified domain to complained@ and it complains', async () => {
  const triggered = await cliJson(['trigger', 'email.complained']);
  const follow = await runCli(['--json', 'emails', 'follow', triggered.message_id, '--timeout', '60']);
  assert.equal(follow.code, 1);
  const detail = JSON.parse(follow.stdout);
  assert.equal(detail.email.status, 'complained');
  assert.match(detail.email.recipient, new RegExp(`^complained\\+cli-trigger@${TEST_DOMAIN.replaceAll('.', '\\.')}$`));
});

test('a send the API refuses exits 1 with the field at fault', async () => {
  const result = await runCli(['send', '--from', `cli@${DOMAIN}`, '--to', 'not an address', '--text', 'x']);
  assert.equal(result.code, 1);
  assert.match(result.stderr, /to:/);
});
