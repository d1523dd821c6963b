// Custom headers through the SMTP relay (docs/smtp.md, "What a message carries"): a client's own
// headers reach SES as it wrote them, under the rules of the API's `headers` (core/model/
// customHeaders.ts); structural ones (what the relay maps or composes again) and unsafe ones are
// left behind without refusing the message. Read in the raw message as SES received it.
import { randomBytes } from 'node:crypto';
import { createSender, type SenderFixture } from '../helpers/fixtures';
import { rawHeaders, sesRawMessageOf } from '../helpers/sesRaw';
import { startServiceStack, type ServiceStack } from '../helpers/serviceStack';
import { makeTlsFiles, startRelay, type RunningRelay, type TlsFiles } from '../helpers/smtpRelay';
import { sendWithNodemailer } from './clients';

let stack: ServiceStack;
let tls: TlsFiles;
let relay: RunningRelay;
let sender: SenderFixture;

beforeAll(async () => {
  stack = await startServiceStack();
  tls = await makeTlsFiles();
  relay = await startRelay(stack, tls);
  sender = await createSender(stack.db);
}, 120_000);
afterAll(async () => {
  await relay?.stop();
  await stack?.stop();
});

test("a client's custom headers reach SES; structural, Postage's and over-long ones stay behind", async () => {
  const to = `reader-${randomBytes(4).toString('hex')}@example.org`;
  const info = await sendWithNodemailer(
    { port: relay.port, secure: false, apiKey: sender.apiKey, ca: tls.cert },
    {
      from: `hello@${sender.domain}`,
      to,
      subject: 'Custom headers over SMTP',
      text: 'Hi.',
      inReplyTo: '<earlier@mail.example.org>',
      references: ['<root@mail.example.org>', '<earlier@mail.example.org>'],
      headers: {
        'X-Campaign': 'smtp-spring',
        'X-Long-Folded': 'one two three '.repeat(10).trim(),
        'X-Too-Long': 'a'.repeat(1200),
        'X-SES-Configuration-Set': 'someone-elses',
        'Return-Path': '<elsewhere@example.org>',
        'List-Unsubscribe': '<https://example.org/u>',
        'X-Postage-Tags': 'campaign=smtp',
      },
    },
  );
  const [messageId] = info.response.match(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g) ?? [];
  expect(messageId).toBeDefined();

  const got = rawHeaders(await sesRawMessageOf(stack, messageId!));
  expect(got.get('x-campaign')).toEqual(['smtp-spring']);
  expect(got.get('x-long-folded')).toEqual(['one two three '.repeat(10).trim()]);
  expect(got.get('in-reply-to')).toEqual(['<earlier@mail.example.org>']);
  expect(got.get('references')).toEqual(['<root@mail.example.org> <earlier@mail.example.org>']);
  for (const gone of ['x-too-long', 'x-ses-configuration-set', 'return-path', 'list-unsubscribe', 'x-postage-tags'])
    expect([gone, got.has(gone)]).toEqual([gone, false]);
  // Composed once, by Postage: one of each structural header.
  for (const one of ['from', 'to', 'subject', 'mime-version', 'content-type', 'message-id'])
    expect([one, got.get(one)?.length]).toEqual([one, 1]);
  expect(got.get('x-postage-message-id')).toEqual([messageId]);
});
