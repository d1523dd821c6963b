// Structured JSON logs. Keys, bodies and recipients never belong in a log line; the redaction
// list is a safety net for fields that might carry them by mistake.
import pino, { type DestinationStream, type Logger } from 'pino';

/** `destination` defaults to stdout; tests pass a stream to read what would be logged. */
export function createLogger(level: string, name: string, destination?: DestinationStream): Logger {
  return pino(
    {
      name,
      level,
      redact: {
        paths: [
          'req.headers["x-api-key"]',
          'req.headers.authorization',
          'apiKey',
          'secret',
          'signingSecret',
          'body',
          'recipient',
          'to',
          'subject',
        ],
        censor: '[redacted]',
      },
    },
    destination,
  );
}
