// postage listen: a real email.delivered reaches a local server, signed under the printed secret.
import assert from 'node:assert/strict';
import http from 'node:http';
import { test } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { cliJson, DOMAIN, FULL_KEY, startCli, TEST_DOMAIN } from './helpers.mjs';

function localServer() {
  const received = [];
  let notify = () => {};
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ at: Date.now(), headers: req.headers, body });
      res.writeHead(204).end();
      notify();
    });
  });
  const next = (predicate, timeoutMs) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`nothing forwarded within ${timeoutMs} ms`)), timeoutMs);
      const check = () => {
        const hit = received.find(predicate);
        if (hit) {
          clearTimeout(timer);
          resolve(hit);
        }
      };
      notify = check;
      check();
    });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, next, port: server.address().port })),
  );
}

/** Everything a stream printed so far, and a wait for a pattern in it (earlier output included). */
function transcript(stream) {
  let text = '';
  stream.on('data', (c) => (text += c));
  return (pattern, timeoutMs) =>
    new Promise((resolve, reject) => {
      const started = Date.now();
      const poll = setInterval(() => {
        const match = text.match(pattern);
        if (match || Date.now() - started > timeoutMs) clearInterval(poll);
        if (match) resolve(match);
        else if (Date.now() - started > timeoutMs) reject(new Error(`no ${pattern} within ${timeoutMs} ms: ${text}`));
      }, 20);
    });
}

test('listen forwards a real email.delivered within 2 s of the outcome, verifiable with standardwebhooks', async (t) => {
  const local = await localServer();
  t.after(() => local.server.close());
  const child = startCli([
    'listen',
    '--forward-to',
    `http://127.0.0.1:${local.port}/hooks`,
    '--events',
    'email.delivered',
  ]);
  const exited = new Promise((resolve) => child.on('close', (code) => resolve(code)));
  const stdout = transcript(child.stdout);
  const stderr = transcript(child.stderr);
  const [, secret] = await stdout(/Signing secret: (whsec_\S+)/, 10_000);
  await stderr(/Connected/, 10_000);

  const sent = await cliJson([
    'send',
    '--from',
    `cli@${DOMAIN}`,
    '--to',
    `delivered+listen@${TEST_DOMAIN}`,
    '--subject',
    'Listen',
    '--text',
    'Hi.',
  ]);
  const hit = await local.next((r) => r.body.includes(sent.message_id), 30_000);
  const line = stdout(new RegExp(`email\\.delivered\\s+${sent.message_id}\\s+-> 204`), 5_000);

  const event = new Webhook(secret).verify(hit.body, hit.headers);
  assert.equal(event.event_type, 'email.delivered');
  assert.equal(hit.headers['x-service-event'], 'email.delivered');
  const { email } = await cliJson(['emails', 'get', sent.message_id]);
  assert.ok(
    hit.at - Date.parse(email.delivered_at) < 2000,
    `forwarded ${hit.at - Date.parse(email.delivered_at)} ms after delivery`,
  );
  await line;

  child.kill('SIGINT');
  assert.equal(await exited, 0);
});
