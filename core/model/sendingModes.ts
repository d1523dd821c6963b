// The two infrastructure modes of spec 1, a property of the sending domain.
export type SendingMode = 'byoc' | 'shared';
export const SENDING_MODES: readonly SendingMode[] = ['byoc', 'shared'];

export function isSendingMode(value: string): value is SendingMode {
  return (SENDING_MODES as readonly string[]).includes(value);
}

/** Who a message is for (spec 4.1): a real address, a test-domain address or the SES simulator. */
export type MessageKind = 'real' | 'test' | 'simulator';
