// The limits of received attachments' download links (docs/inbound.md, "Attachments"): a minute
// per client, then per attachment, then in total. The link is checked after the client's window
// and before the others, so made-up or expired links from many clients spend nothing that real
// links share, and one leaked link pulled from many clients stops at its own window. Each client
// speaks from its own IP behind the trusted loopback proxy.
import { randomBytes } from 'node:crypto';
import { signAttachmentUrl } from '../../core/inbound/attachmentUrls';
import { receiveRecorded } from '../helpers/inbound';
import { startServiceStack, type ServiceStack } from '../helpers/serviceStack';
import { createInbound } from '../inbound/fixtures';

let stack: ServiceStack;
/** The download paths of the two attachments of one received message. */
let links: [string, string];

/** A message with two attachments, as a sender's server would hand it over. */
function withTwoAttachments(): Buffer {
  const boundary = `b-${randomBytes(6).toString('hex')}`;
  const part = (name: string) => [
    `--${boundary}`,
    `Content-Type: application/octet-stream; name="${name}"`,
    `Content-Disposition: attachment; filename="${name}"`,
    'Content-Transfer-Encoding: base64',
    '',
    randomBytes(64).toString('base64'),
  ];
  const lines = [
    'From: Bob <bob@example.com>',
    'To: support@example.net',
    'Subject: Two files',
    'MIME-Version: 1.0',
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    'Two files.',
    ...part('one.bin'),
    ...part('two.bin'),
    `--${boundary}--`,
  ];
  return Buffer.from(lines.join('\r\n') + '\r\n');
}

beforeAll(async () => {
  stack = await startServiceStack({
    env: {
      TRUST_PROXY: 'loopback',
      INBOUND_ATTACHMENT_DOWNLOADS_PER_CLIENT_PER_MINUTE: '3',
      INBOUND_ATTACHMENT_DOWNLOADS_PER_ATTACHMENT_PER_MINUTE: '4',
      INBOUND_ATTACHMENT_DOWNLOADS_PER_MINUTE: '12',
    },
  });
  const inbound = await createInbound(stack.db);
  const id = await receiveRecorded(stack, `support@${inbound.domain}`, withTwoAttachments());
  const attachments = await stack.db('inbound_attachments').where({ message_id: id }).orderBy('position').select('id');
  const path = (row: { id: string }) => new URL(signAttachmentUrl(stack.config, row.id).url).pathname;
  links = [path(attachments[0]), path(attachments[1])];
}, 60_000);
afterAll(async () => stack?.stop());

const IP = () => {
  const [x, y, z] = randomBytes(3);
  return `10.${x}.${y}.${z}`;
};

/** A download from `client` (a fresh one unless given): the status, and the detail of a refusal. */
async function download(path: string, client = IP()): Promise<[number, string]> {
  const res = await fetch(`${stack.baseUrl}${path}`, { headers: { 'X-Forwarded-For': client } });
  if (res.status === 200) {
    await res.arrayBuffer();
    return [200, ''];
  }
  return [res.status, String(((await res.json()) as { detail: string }).detail)];
}

test('made-up and expired links from many clients are 404s that spend only their clients’ windows: a real link still downloads', async () => {
  const expired = new URL(
    signAttachmentUrl(stack.config, '00000000-0000-4000-8000-000000000000', Date.now() - 2 * 86_400_000).url,
  ).pathname;
  const madeUp = () => `/inbound/attachments/v1.${randomBytes(40).toString('base64url')}`;
  const answers = [];
  for (let client = 0; client < 5; client++) {
    const ip = IP();
    for (const path of [madeUp(), expired, madeUp(), madeUp()]) answers.push((await download(path, ip))[0]);
  }
  expect(answers).toEqual(Array(5).fill([404, 404, 404, 429]).flat());
  expect(await download(links[0])).toEqual([200, '']);
});

test('one link pulled from many clients stops at its own window; another attachment still downloads', async () => {
  const answers = [];
  for (let client = 0; client < 4; client++) {
    const ip = IP();
    for (let i = 0; i < 2; i++) answers.push(await download(links[1], ip));
  }
  expect(answers).toEqual([
    ...Array(4).fill([200, '']),
    ...Array(4).fill([429, expect.stringContaining('of this attachment')]),
  ]);
  expect(await download(links[0])).toEqual([200, '']);
});
