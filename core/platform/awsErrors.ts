// The parts of an AWS SDK v3 error we act on, and how we quote one to an operator.

export interface AwsError {
  name?: string;
  code?: string;
  message?: string;
  $metadata?: { httpStatusCode?: number };
}

/** `Name: message`, or whatever the thrown value says of itself. */
export function describeAwsError(err: unknown): string {
  const e = (err ?? {}) as AwsError;
  return e.name && e.message ? `${e.name}: ${e.message}` : String(e.message ?? err);
}
