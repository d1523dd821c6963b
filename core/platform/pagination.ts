// Keyset pagination shared by the listings (newest first): an opaque cursor naming the last row
// shown, and LIKE patterns built from user text.
import { PostageError } from './errors';
import { isUuid } from './ids';

/** `%` and `_` typed by a user are literal characters, not patterns. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * `at` is PostgreSQL's own text of the timestamp: it keeps the microseconds a JavaScript Date
 * would drop (a millisecond cursor would skip rows).
 */
export function encodeCursor(at: string, key: string): string {
  return Buffer.from(JSON.stringify([at, key])).toString('base64url');
}

export function decodeCursor(cursor: string, isKey: (key: string) => boolean = isUuid): { at: string; id: string } {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as [unknown, unknown];
    if (
      typeof at === 'string' &&
      typeof id === 'string' &&
      isKey(id) &&
      !Number.isNaN(Date.parse(at.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00')))
    )
      return { at, id };
  } catch {
    /* fall through */
  }
  throw new PostageError('invalid_cursor', 'this cursor is not one a previous page returned', 'cursor');
}
