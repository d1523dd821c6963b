// Strict base64 (RFC 4648 alphabet, padded, no line breaks) checked in one pass. A regular
// expression over the whole content backtracks: V8 gives up on a few MiB of attachment.
const ALPHABET = new Uint8Array(128);
for (const c of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/') ALPHABET[c.charCodeAt(0)] = 1;
const PAD = '='.charCodeAt(0);

export function isStrictBase64(value: string): boolean {
  const length = value.length;
  if (length % 4 !== 0) return false;
  let padding = 0;
  if (length > 0 && value.charCodeAt(length - 1) === PAD) padding = value.charCodeAt(length - 2) === PAD ? 2 : 1;
  const end = length - padding;
  for (let i = 0; i < end; i++) {
    const code = value.charCodeAt(i);
    if (code >= 128 || ALPHABET[code] !== 1) return false;
  }
  return true;
}
