// The raw MIME every message is sent as (core/ses/rawMessages.ts), parsed back with mailparser: header values
// cannot smuggle headers in, whatever the API let through.
import { simpleParser } from 'mailparser';
import { buildRawMessage } from '../../core/ses/rawMessages';
import { messageContent } from '../helpers/pipeline';

test('line breaks in the subject or a display name never become headers', async () => {
  const raw = await buildRawMessage(
    'msg-1',
    {
      ...messageContent({
        to: 'ann@example.org',
        from: 'hello@mail.example.com',
        fromName: 'Shop\r\nBcc: thief@evil.example',
        toName: 'Ann\nX-Injected: yes',
      }),
      subject: 'Hi\r\nBcc: thief@evil.example\r\n\r\nfake body',
    },
    [],
  );
  const text = raw.toString();
  const head = text.slice(0, text.indexOf('\r\n\r\n'));
  expect(head).not.toMatch(/^Bcc:/im);
  expect(head).not.toMatch(/^X-Injected:/im);
  const parsed = await simpleParser(raw);
  expect(parsed.headers.has('bcc')).toBe(false);
  expect(parsed.headers.has('x-injected')).toBe(false);
  expect(parsed.to && !Array.isArray(parsed.to) ? parsed.to.value.map((v) => v.address) : []).toEqual([
    'ann@example.org',
  ]);
  expect(parsed.text?.trim()).toBe('Hello there.');
});

test('text only when there is no html; the message id header travels with it', async () => {
  const parsed = await simpleParser(
    await buildRawMessage(
      'msg-2',
      messageContent({ to: 'ann@example.org', from: 'hello@mail.example.com', text: 'Just text' }),
      [],
    ),
  );
  expect(parsed.text?.trim()).toBe('Just text');
  expect(parsed.html).toBe(false);
  expect(parsed.headers.get('x-postage-message-id')).toBe('msg-2');
});

test('the Message-ID is <message id@From domain> unless the sender gave one, so replies name the message', async () => {
  const content = messageContent({ to: 'ann@example.org', from: 'hello@Mail.Example.com', text: 'Hi' });
  const id = '0b9d1f4e-3c2a-4e8b-9f1d-2a6c7e8f9a0b';
  const ours = await simpleParser(await buildRawMessage(id, content, []));
  expect(ours.messageId).toBe(`<${id}@mail.example.com>`);
  const again = await simpleParser(await buildRawMessage(id, content, []));
  expect(again.messageId).toBe(ours.messageId);
  const theirs = await simpleParser(
    await buildRawMessage(id, { ...content, messageIdHeader: '<own@example.org>' }, []),
  );
  expect(theirs.messageId).toBe('<own@example.org>');
});
