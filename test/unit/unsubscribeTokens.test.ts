// One-click unsubscribe tokens (core/unsubscribe/unsubscribeTokens.ts; docs/sending.md, "One-click
// unsubscribe"): sealed, so the URL reveals nothing and a changed or foreign token reads as null.
import { randomBytes, randomUUID } from 'node:crypto';
import { simpleParser } from 'mailparser';
import { buildRawMessage } from '../../core/ses/rawMessages';
import {
  createUnsubscribeToken,
  readUnsubscribeToken,
  unsubscribeUrl,
  type UnsubscribeClaim,
} from '../../core/unsubscribe/unsubscribeTokens';
import { messageContent } from '../helpers/pipeline';

const secret = randomBytes(32).toString('hex');
const claim: UnsubscribeClaim = {
  accountId: randomUUID(),
  recipient: 'Ann.Reader@example.org',
  topic: 'product-news',
  messageId: randomUUID(),
  mode: 'shared',
};

test('a token reads back as what it sealed, and names none of it in the clear', () => {
  const token = createUnsubscribeToken(secret, claim);
  expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
  for (const part of [claim.accountId, claim.messageId, 'Ann.Reader', 'product-news', 'shared'])
    expect(Buffer.from(token, 'base64url').toString('latin1')).not.toContain(part);
  expect(readUnsubscribeToken(secret, token)).toEqual(claim);
  const allMail = { ...claim, topic: null, mode: 'byoc' as const };
  expect(readUnsubscribeToken(secret, createUnsubscribeToken(secret, allMail))).toEqual(allMail);
  // A fresh IV each time: two links for the same claim differ.
  expect(createUnsubscribeToken(secret, claim)).not.toBe(token);
});

test('a changed, truncated, foreign or malformed token reads as null', () => {
  const token = createUnsubscribeToken(secret, claim);
  const bytes = Buffer.from(token, 'base64url');
  for (let i = 0; i < bytes.length; i += 7) {
    const changed = Buffer.from(bytes);
    changed[i] = changed[i]! ^ 0x01;
    expect(readUnsubscribeToken(secret, changed.toString('base64url'))).toBeNull();
  }
  expect(readUnsubscribeToken(secret, token.slice(0, -2))).toBeNull();
  expect(readUnsubscribeToken(randomBytes(32).toString('hex'), token)).toBeNull();
  for (const bad of ['', 'x', 'not a token', '../../etc', 'A'.repeat(5000), `${token}=`])
    expect(readUnsubscribeToken(secret, bad)).toBeNull();
});

test('only the exact text made unlocks the claim: no variant with other trailing bits', () => {
  // A length that leaves spare bits in the last character (not a multiple of 4 characters).
  let token = '';
  for (let pad = 0; token.length % 4 === 0; pad++)
    token = createUnsubscribeToken(secret, { ...claim, recipient: `${'a'.repeat(pad)}${claim.recipient}` });
  expect(readUnsubscribeToken(secret, token)).not.toBeNull();
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  const last = alphabet.indexOf(token.at(-1)!);
  const variant = `${token.slice(0, -1)}${alphabet[last ^ 1]}`;
  // The same bytes under Node's decoder, yet refused.
  expect(Buffer.from(variant, 'base64url').equals(Buffer.from(token, 'base64url'))).toBe(true);
  expect(readUnsubscribeToken(secret, variant)).toBeNull();
});

test('the message carries List-Unsubscribe and List-Unsubscribe-Post when it asked for them', async () => {
  const url = unsubscribeUrl('https://postage.example.com/', createUnsubscribeToken(secret, claim));
  expect(url).toMatch(/^https:\/\/postage\.example\.com\/u\/[A-Za-z0-9_-]+$/);
  const content = messageContent({ to: 'ann@example.org', from: 'hello@mail.example.com' });
  const asked = await simpleParser(
    await buildRawMessage('msg-1', { ...content, unsubscribe: { topic: 'product-news' } }, [], {
      listUnsubscribeUrl: url,
    }),
  );
  // mailparser folds List-* headers into one `list` object: the raw lines say exactly what was sent.
  const line = (parsed: typeof asked, key: string) => parsed.headerLines.find((h) => h.key === key)?.line;
  expect(line(asked, 'list-unsubscribe')).toBe(`List-Unsubscribe: <${url}>`);
  expect(line(asked, 'list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');

  const plain = await simpleParser(await buildRawMessage('msg-2', content, [], {}));
  expect(line(plain, 'list-unsubscribe')).toBeUndefined();
  expect(line(plain, 'list-unsubscribe-post')).toBeUndefined();
});
