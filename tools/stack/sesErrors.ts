// SES v2's error answers as its restJson1 protocol carries them: the HTTP status, the error's
// name in `x-amzn-ErrorType` and `{ "message" }` as the body. The AWS SDK v3 (`@aws-sdk/client-sesv2`)
// reads the name from that header and throws the matching exception class (`err.name`).
import type http from 'node:http';

export interface SesErrorAnswer {
  status: number;
  /** The exception's name, e.g. `TooManyRequestsException`. */
  type: string;
  message: string;
}

/** What SES answers a send beyond the account's maximum sending rate. */
export const SES_THROTTLED = {
  status: 429,
  type: 'TooManyRequestsException',
  message: 'Maximum sending rate exceeded.',
} as const satisfies SesErrorAnswer;

export function answerSesError(res: http.ServerResponse, error: SesErrorAnswer): void {
  res
    .writeHead(error.status, { 'Content-Type': 'application/json', 'x-amzn-ErrorType': error.type })
    .end(JSON.stringify({ message: error.message }));
}
