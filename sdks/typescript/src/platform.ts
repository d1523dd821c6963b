// What the SDK needs from the platform, and nothing else: fetch, AbortController, Web Crypto
// (Node 18+, Deno, Bun, browsers, workers). Node 18 has no global `crypto`: there the SDK takes
// Web Crypto from `node:crypto` (`webcrypto`), loaded only when the global is missing.

/** Web Crypto: the global one, or Node 18's `node:crypto` webcrypto. */
let nodeWebCrypto: Promise<Crypto> | undefined;
export function webCrypto(): Promise<Crypto> {
  const global = (globalThis as { crypto?: Crypto }).crypto;
  if (global?.subtle) return Promise.resolve(global);
  // A specifier in a variable: bundlers for the browser leave it alone (browsers have the global).
  const specifier = 'node:crypto';
  nodeWebCrypto ??= (import(specifier) as Promise<{ webcrypto: Crypto }>).then((m) => m.webcrypto);
  return nodeWebCrypto;
}

/** A random (version 4) UUID, made with getRandomValues (which, unlike randomUUID, browsers also give outside secure contexts). */
export async function randomUuid(): Promise<string> {
  const bytes = (await webCrypto()).getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** An environment variable where there are some (Node, Deno with --allow-env, Bun); undefined in browsers. */
export function environmentVariable(name: string): string | undefined {
  try {
    const value = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.[name];
    return value === '' ? undefined : value;
  } catch {
    return undefined; // Deno without the permission throws
  }
}

/** True in Node (where a User-Agent header is ours to set). */
export function isNode(): boolean {
  return typeof (globalThis as { process?: { versions?: { node?: string } } }).process?.versions?.node === 'string';
}
