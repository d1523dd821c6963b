// The two infrastructure modes (README.md; docs/domains.md, "Add a domain"), a property of the sending domain.
export type SendingMode = 'byoc' | 'shared';
export const SENDING_MODES: readonly SendingMode[] = ['byoc', 'shared'];

export function isSendingMode(value: string): value is SendingMode {
  return (SENDING_MODES as readonly string[]).includes(value);
}

/** Who a message is for (docs/test-recipients.md): a real address, a test-domain address or the SES simulator. */
export type MessageKind = 'real' | 'test' | 'simulator';

/**
 * How a message waits for SES (docs/sending.md, "Pace and fair shares"): `single`, a one-off send
 * (the API's send, the SMTP relay), goes ahead of `bulk`, a batch's message or a scheduled release.
 */
export type SendLane = 'single' | 'bulk';
