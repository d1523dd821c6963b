// What is kept of an erased address (docs/privacy.md, "Erasing an address"): a keyed hash (HMAC
// with a key derived from POSTAGE_SECRET_KEY, so a copy of the database alone cannot test guesses
// against it), per account, so two accounts' hashes of one address never match.
import { suppressionKey } from '../model/addresses';
import { keyedHash } from '../platform/crypto';

/** The suppression list's `address` of an erased address: the prefix keeps it apart from any real address. */
const ERASED_PREFIX = 'erased:';

/** What the list shows in place of an erased entry's address. */
export const ERASED_ADDRESS = '[erased]';

export function erasedAddressHash(secretKey: string, accountId: string, address: string): string {
  return keyedHash(secretKey, 'erased-address', `${accountId}:${suppressionKey(address.trim())}`);
}

/** The `address` an erased suppression entry is stored under. */
export function erasedSuppressionKey(secretKey: string, accountId: string, address: string): string {
  return `${ERASED_PREFIX}${erasedAddressHash(secretKey, accountId, address)}`;
}

export function isErasedSuppressionKey(stored: string): boolean {
  return stored.startsWith(ERASED_PREFIX);
}

/**
 * Every `address` a suppression of `address` may be stored under: itself, and once erased its
 * hash. Without the secret (a caller that never sees erased entries) only itself.
 */
export function suppressionKeys(address: string, erased?: { secretKey: string; accountId: string }): string[] {
  const plain = suppressionKey(address.trim());
  return erased ? [plain, erasedSuppressionKey(erased.secretKey, erased.accountId, address)] : [plain];
}
