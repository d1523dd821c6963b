// The cheap check the MX listener makes of a message before it accepts it (docs/inbound.md,
// "What is refused"): a header block that starts the message, ends within 64 KiB and has a From
// field. Nothing is parsed here (the worker parses: a 25 MB parse would block the listener's event
// loop); this only keeps what is plainly not a message (550 5.6.0) out of storage.

/** A header block larger than this is refused (RFC 5322 lines are short; no real message needs more). */
export const MAX_HEADER_BLOCK_BYTES = 64 * 1024;

/** A field name: printable US-ASCII but the colon, then the colon (RFC 5322 section 2.2). */
const FIELD = /^[!-9;-~]+[ \t]*:/;
const FROM = /^from[ \t]*:/i;

/**
 * `head`: the start of the message as received (at least MAX_HEADER_BLOCK_BYTES + 4 bytes of it
 * when it is that long, else all of it). The header block ends at the first empty line; a message
 * with no empty line in `head` is all header block (a message without a body) if `head` is within
 * the limit.
 */
export function checkHeaderBlock(head: Buffer): { ok: true } | { ok: false; why: string } {
  const window = head.subarray(0, MAX_HEADER_BLOCK_BYTES + 4);
  const end = endOfHeaderBlock(window);
  if (end === undefined && head.length > MAX_HEADER_BLOCK_BYTES)
    return { ok: false, why: 'header block larger than 64 KiB' };
  const block = window.subarray(0, end ?? window.length).toString('latin1');
  if (block.length > MAX_HEADER_BLOCK_BYTES) return { ok: false, why: 'header block larger than 64 KiB' };
  const lines = block.split(/\r?\n/);
  if (!lines[0] || !FIELD.test(lines[0])) return { ok: false, why: 'no header block' };
  if (!lines.some((line) => FROM.test(line))) return { ok: false, why: 'no From header' };
  return { ok: true };
}

/** The offset of the empty line ending the header block (CRLF or bare LF), or undefined when none is in `bytes`. */
export function endOfHeaderBlock(bytes: Buffer): number | undefined {
  if (bytes[0] === 0x0a || (bytes[0] === 0x0d && bytes[1] === 0x0a)) return 0;
  const crlf = bytes.indexOf('\r\n\r\n');
  const lf = bytes.indexOf('\n\n');
  const found = [crlf, lf].filter((i) => i >= 0);
  return found.length ? Math.min(...found) : undefined;
}
