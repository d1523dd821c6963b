// The relay's one table of refusals (smtp/replies.ts) and the replies table of docs/smtp.md say the
// same thing, row for row: every refusal has a row with its reply, and no row names another.
import fs from 'node:fs';
import path from 'node:path';
import { SMTP_REPLIES, isTransient, type SmtpRefusal } from '../../smtp/replies';

const guide = fs.readFileSync(path.resolve(__dirname, '..', '..', 'docs', 'smtp.md'), 'utf8');

/** Refusal code → the `code enhanced` reply of its row in the guide (the code is the last backquoted word of the first cell). */
function guideReplies(): Map<string, string> {
  const rows = guide.split('\n').filter((line) => /^\|.*`\d{3} \d\.\d+\.\d+`/.test(line));
  return new Map(
    rows.map((line) => {
      const cells = line.split(' | ');
      const codes = [...cells[0]!.matchAll(/`([a-z_]+)`/g)].map((m) => m[1]!);
      const reply = /`(\d{3} \d\.\d+\.\d+)`/.exec(line)![1]!;
      return [codes[codes.length - 1]!, reply];
    }),
  );
}

test('every refusal of the relay has its row in docs/smtp.md with the same reply, and every row is a refusal of the relay', () => {
  const fromCode = Object.fromEntries(
    Object.entries(SMTP_REPLIES).map(([code, r]) => [code, `${r.code} ${r.enhanced}`]),
  );
  expect(Object.fromEntries(guideReplies())).toEqual(fromCode);
});

test('the reply class follows the retry guidance: transient 4xx only where the same message may go through later', () => {
  const transient = (Object.keys(SMTP_REPLIES) as SmtpRefusal[]).filter(isTransient).sort();
  expect(transient).toEqual(
    [
      'attachment_upload_failed',
      'auth_locked',
      'byoc_not_configured',
      'idempotency_key_in_progress',
      'queue_error',
      'rate_limited',
      'service_unavailable',
      'shutting_down',
      'too_many_connections',
      'too_many_recipients',
      'too_much_in_flight',
      'usage_limit_exceeded',
    ].sort(),
  );
});
