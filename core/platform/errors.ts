// A failure a caller can act on (bad input, missing record); carries a stable code, and for bad
// input the request field it is about (the API answers those as 400 field errors).
export class PostageError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'PostageError';
  }
}
