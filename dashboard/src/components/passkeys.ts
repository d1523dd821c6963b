// Passkeys' two ceremonies (docs/teams.md, "Passkeys"): the API's options, the browser's part
// (@simplewebauthn/browser), the answer back to the API. What the browser refuses (a cancel, a
// timeout, an authenticator that cannot) and what the API refuses become sentences a person can act on.
import {
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
  WebAuthnError,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { ApiError, ok, postage, type PasskeyRegistrationAnswer, type PasskeySignInAnswer } from '../api';

/** Whether this browser can use passkeys at all (WebAuthn). */
export const passkeysSupported = browserSupportsWebAuthn;

/** The browser's refusal, in words. */
function refusalText(err: unknown): string {
  const code = err instanceof WebAuthnError ? err.code : undefined;
  const name = err instanceof Error ? err.name : '';
  // Chrome and Firefox say NotAllowedError for a cancel, a timeout and "no passkey here" alike.
  if (name === 'NotAllowedError' || name === 'AbortError')
    return 'The passkey request was cancelled or timed out. Try again when you are ready.';
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED')
    return 'This device already holds one of your passkeys for Postage: it is in your list.';
  if (
    code === 'ERROR_AUTHENTICATOR_MISSING_USER_VERIFICATION_SUPPORT' ||
    code === 'ERROR_AUTHENTICATOR_MISSING_DISCOVERABLE_CREDENTIAL_SUPPORT'
  )
    return 'This authenticator cannot keep a passkey that checks it is you (a PIN, fingerprint or face). Use another one.';
  if (name === 'SecurityError')
    return `This browser does not allow passkeys for ${window.location.hostname}: they work only on Postage’s own address.`;
  return `Your browser could not use a passkey${err instanceof Error && err.message ? `: ${err.message}` : '.'}`;
}

/** The browser's step; what it throws becomes an Error saying why in words. */
async function inBrowser<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (err) {
    throw new Error(refusalText(err));
  }
}

/** The API's refusal of the browser's answer (a field error on `response`) as the form's own message. */
function answerRefusal(err: unknown): unknown {
  const why = err instanceof ApiError ? err.field('response') : undefined;
  return why ? new ApiError(err instanceof ApiError ? err.status : 400, why, 'invalid_passkey_response', {}) : err;
}

/** Creates a passkey on the person's device for the API's options and registers it under `name`. */
export async function addPasskey(name: string) {
  // Checked before the device makes a key the API would then refuse to keep.
  if (!name.trim())
    throw new ApiError(400, 'Name the passkey.', undefined, { name: ['Give it a name, such as “Laptop”.'] });
  const options = await ok(postage.POST('/api/auth/passkeys/registration-options'));
  // (The contract describes the challenge only; the rest is WebAuthn's own JSON.)
  const optionsJSON = options as unknown as PublicKeyCredentialCreationOptionsJSON;
  // (WebAuthn's JSON is what the contract describes; its interfaces lack the contract types' index signatures.)
  const response = (await inBrowser(() => startRegistration({ optionsJSON }))) as PasskeyRegistrationAnswer;
  return ok(postage.POST('/api/auth/passkeys', { body: { name, response } })).catch((err: unknown) => {
    throw answerRefusal(err);
  });
}

/** Signs in with a passkey the person picks in the browser: the new session. */
export async function passkeySignIn() {
  const options = await ok(postage.POST('/api/auth/signin/passkey/options'));
  const optionsJSON = options as unknown as PublicKeyCredentialRequestOptionsJSON;
  const response = (await inBrowser(() => startAuthentication({ optionsJSON }))) as PasskeySignInAnswer;
  return ok(postage.POST('/api/auth/signin/passkey', { body: { response } }));
}
