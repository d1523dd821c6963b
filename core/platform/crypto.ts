// Small, explicit wrappers around node:crypto so every secret is handled one way.
import { isStrictBase64 } from './strictBase64';
import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';

export function randomHex(bytes: number): string {
  return randomBytes(bytes).toString('hex');
}

/** URL-safe random string from a CSPRNG. */
export function randomToken(bytes: number): string {
  return randomBytes(bytes).toString('base64url');
}

export function sha512(value: string | Buffer): Buffer {
  return createHash('sha512').update(value).digest();
}

export function sha256(value: string | Buffer): Buffer {
  return createHash('sha256').update(value).digest();
}

export function sha256Hex(value: string | Buffer): string {
  return createHash('sha256').update(value).digest('hex');
}

export function hmacSha256Hex(key: string | Buffer, value: string | Buffer): string {
  return createHmac('sha256', key).update(value).digest('hex');
}

/** Equality that takes the same time wherever the inputs first differ. */
export function constantTimeEqual(a: Buffer, b: Buffer): boolean {
  if (a.length !== b.length) return false;
  return timingSafeEqual(a, b);
}

/** The 32 key bytes of POSTAGE_SECRET_KEY, from 64 hex characters or strict base64; undefined when malformed. */
export function decodeSecretKey(value: string): Buffer | undefined {
  const bytes = /^[0-9a-fA-F]{64}$/.test(value)
    ? Buffer.from(value, 'hex')
    : isStrictBase64(value)
      ? Buffer.from(value, 'base64')
      : undefined;
  return bytes?.length === 32 ? bytes : undefined;
}

function masterKey(secretKey: string): Buffer {
  const key = decodeSecretKey(secretKey);
  if (!key) throw new Error('POSTAGE_SECRET_KEY must be 32 bytes, as 64 hex characters or base64');
  return key;
}

// Each purpose gets its own derived key, so a ciphertext made for one cannot be replayed as another.
export type EncryptionPurpose =
  | 'webhook-secret'
  | 'staged-content'
  | 'idempotency'
  | 'session-cookie'
  | 'csrf'
  | 'tracking-token'
  | 'unsubscribe'
  | 'unsubscribe-window'
  | 'inbound-attachment'
  | 'totp-secret'
  | 'recovery-code'
  | 'privacy-export'
  | 'privacy-export-link'
  | 'erasure-address'
  | 'erased-address';

// Derived once per secret and purpose: HKDF on every encryption was about 2 % of the API's CPU
// on the send path (bench/README.md, "Half the cost per email, before and after"). A process holds
// one secret, so this stays small.
const derivedKeys = new Map<string, Buffer>();

/** A key of its own for one purpose, derived from POSTAGE_SECRET_KEY (HKDF-SHA256). */
export function derivedKey(secretKey: string, purpose: EncryptionPurpose): Buffer {
  const cacheKey = `${purpose}:${secretKey}`;
  let key = derivedKeys.get(cacheKey);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', masterKey(secretKey), Buffer.alloc(0), `postage:${purpose}`, 32));
    if (derivedKeys.size >= 64) derivedKeys.clear(); // tests use many secrets; a process one
    derivedKeys.set(cacheKey, key);
  }
  return key;
}

const VERSION = 1;

/** AES-256-GCM; output is version(1) | iv(12) | tag(16) | ciphertext. */
export function encrypt(secretKey: string, purpose: EncryptionPurpose, plaintext: Buffer): Buffer {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', derivedKey(secretKey, purpose), iv);
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([Buffer.from([VERSION]), iv, cipher.getAuthTag(), body]);
}

export function decrypt(secretKey: string, purpose: EncryptionPurpose, blob: Buffer): Buffer {
  if (blob.length < 29 || blob[0] !== VERSION) throw new Error('unrecognised ciphertext');
  const decipher = createDecipheriv('aes-256-gcm', derivedKey(secretKey, purpose), blob.subarray(1, 13));
  decipher.setAuthTag(blob.subarray(13, 29));
  return Buffer.concat([decipher.update(blob.subarray(29)), decipher.final()]);
}

/** Keyed hash for values we must compare later but never read back (e.g. idempotent request bodies). */
export function keyedHash(secretKey: string, purpose: EncryptionPurpose, value: string): string {
  return hmacSha256Hex(derivedKey(secretKey, purpose), value);
}
