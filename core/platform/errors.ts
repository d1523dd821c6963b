// A failure a caller can act on (bad input, missing record); carries a stable code.
export class PostageError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'PostageError';
  }
}
