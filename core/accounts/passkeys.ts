// Passkeys (docs/teams.md, "Passkeys"): WebAuthn credentials, through SimpleWebAuthn. A person
// registers several (each named), and signs in with one instead of the password and a code: the
// authenticator proves possession and, as sign-in requires, verifies the person (PIN or
// biometrics), which makes it two factors by itself. Discoverable credentials: the sign-in
// starts without an address, so the page reveals nothing about who has an account. The relying
// party is BASE_URL's host; only BASE_URL's origin may answer.
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Db } from '../platform/db';
import { PostageError } from '../platform/errors';
import { isUuid } from '../platform/ids';

/** How long a challenge is good for (the browser's own timeout is the same). */
export const PASSKEY_CHALLENGE_MS = 5 * 60_000;
export const MAX_PASSKEYS = 20;

export interface RelyingParty {
  /** BASE_URL's host name. */
  id: string;
  /** BASE_URL's origin: the only one whose answers count. */
  origin: string;
}

export function relyingParty(baseUrl: string): RelyingParty {
  const url = new URL(baseUrl);
  return { id: url.hostname, origin: url.origin };
}

export interface Passkey {
  id: string;
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

interface PasskeyRow {
  id: string;
  user_id: string;
  credential_id: string;
  public_key: Buffer;
  counter: string;
  transports: string[];
  name: string;
  created_at: Date;
  last_used_at: Date | null;
}

const toPasskey = (r: PasskeyRow): Passkey => ({
  id: r.id,
  name: r.name,
  createdAt: r.created_at,
  lastUsedAt: r.last_used_at,
});

export async function listPasskeys(db: Db, userId: string): Promise<Passkey[]> {
  return (await db<PasskeyRow>('passkeys').where({ user_id: userId }).orderBy('created_at')).map(toPasskey);
}

/** What the browser needs to create a passkey for `user` (the person's others excluded). */
export async function passkeyRegistrationOptions(
  db: Db,
  rp: RelyingParty,
  user: { id: string; email: string; name: string },
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const existing = await db<PasskeyRow>('passkeys').where({ user_id: user.id }).select('credential_id', 'transports');
  if (existing.length >= MAX_PASSKEYS)
    throw new PostageError('too_many_passkeys', `A person has at most ${MAX_PASSKEYS} passkeys: remove one first.`);
  return generateRegistrationOptions({
    rpName: 'Postage',
    rpID: rp.id,
    userName: user.email,
    userDisplayName: user.name || user.email,
    // The user handle the authenticator keeps: the person's id, nothing readable.
    userID: Buffer.from(user.id.replace(/-/g, ''), 'hex'),
    timeout: PASSKEY_CHALLENGE_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((c) => ({
      id: c.credential_id,
      transports: c.transports as AuthenticatorTransportFuture[],
    })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
}

/** Checks the browser's answer to the registration challenge and keeps the passkey under `name`. */
export async function registerPasskey(
  db: Db,
  rp: RelyingParty,
  userId: string,
  input: { challenge: string; response: RegistrationResponseJSON; name: string },
): Promise<Passkey> {
  const verification = await verifyRegistrationResponse({
    response: input.response,
    expectedChallenge: input.challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: true,
  }).catch((err: unknown) => {
    throw invalidResponse(err);
  });
  if (!verification.verified) throw invalidResponse();
  const { credential } = verification.registrationInfo;
  const [row] = await db<PasskeyRow>('passkeys')
    .insert({
      user_id: userId,
      credential_id: credential.id,
      public_key: Buffer.from(credential.publicKey),
      counter: String(credential.counter),
      transports: credential.transports ?? [],
      name: input.name.trim(),
    })
    .onConflict('credential_id')
    .ignore()
    .returning('*');
  if (!row) throw invalidResponse('this passkey is registered already');
  return toPasskey(row);
}

function invalidResponse(cause?: unknown): PostageError {
  const why = typeof cause === 'string' ? cause : cause instanceof Error ? cause.message : 'it did not verify';
  return new PostageError('invalid_passkey_response', `The passkey's answer was refused: ${why}.`, 'response');
}

/** A sign-in challenge for any of the site's passkeys (the browser offers the person's own). */
export function passkeySignInOptions(rp: RelyingParty): Promise<PublicKeyCredentialRequestOptionsJSON> {
  return generateAuthenticationOptions({ rpID: rp.id, timeout: PASSKEY_CHALLENGE_MS, userVerification: 'required' });
}

/**
 * The person a signed answer to `challenge` proves, or undefined: an unknown passkey, a bad
 * signature, no user verification, or a signature counter that went back (a cloned authenticator).
 */
export async function signInWithPasskey(
  db: Db,
  rp: RelyingParty,
  input: { challenge: string; response: AuthenticationResponseJSON },
): Promise<string | undefined> {
  const row = await db<PasskeyRow>('passkeys')
    .where({ credential_id: String(input.response.id) })
    .first();
  if (!row) return undefined;
  const verification = await verifyAuthenticationResponse({
    response: input.response,
    expectedChallenge: input.challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: true,
    credential: {
      id: row.credential_id,
      publicKey: new Uint8Array(row.public_key),
      counter: Number(row.counter),
      transports: row.transports as AuthenticatorTransportFuture[],
    },
  }).catch(() => undefined);
  if (!verification?.verified) return undefined;
  await db('passkeys')
    .where({ id: row.id })
    .update({ counter: String(verification.authenticationInfo.newCounter), last_used_at: db.fn.now() });
  return row.user_id;
}

export async function renamePasskey(db: Db, userId: string, id: string, name: string): Promise<Passkey> {
  const [row] = isUuid(id)
    ? await db<PasskeyRow>('passkeys').where({ id, user_id: userId }).update({ name: name.trim() }).returning('*')
    : [];
  if (!row) throw new PostageError('passkey_not_found', `no passkey ${id}`);
  return toPasskey(row);
}

export async function removePasskey(db: Db, userId: string, id: string): Promise<Passkey> {
  const [row] = isUuid(id)
    ? await db<PasskeyRow>('passkeys').where({ id, user_id: userId }).delete().returning('*')
    : [];
  if (!row) throw new PostageError('passkey_not_found', `no passkey ${id}`);
  return toPasskey(row);
}
