// Failure types the send activities throw and the send workflow tells apart. Pure: workflows
// import it.
export const SEND_FAILURE = {
  /** The message will never be accepted as it is (rejected, sender not verified...). */
  message: 'MessageRefused',
  /** The sending account or role refuses to send at all; BYOC configurations are marked unusable. */
  account: 'AccountRefused',
  /** The BYOC configuration was already unusable (or removed) when the message came to be sent. */
  notConfigured: 'ByocNotConfigured',
} as const;

/** Start-to-close timeout of one SES attempt; SES_SEND_TIMEOUT_MS must abort the call before it. */
export const SEND_ATTEMPT_TIMEOUT_MS = 60_000;

export const NON_RETRYABLE_SEND_FAILURES: string[] = Object.values(SEND_FAILURE);
