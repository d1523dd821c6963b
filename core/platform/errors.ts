// A failure a caller can act on (bad input, missing record); carries a stable code, and for bad
// input the request field it is about (the API answers those as 400 field errors). The code is
// one of a closed union (core/model/errorCodes.ts): a typo or an unlisted code does not compile,
// and api/http/errors.ts must say how each is answered.
import type { PostageErrorCode } from '../model/errorCodes';

export class PostageError extends Error {
  constructor(
    readonly code: PostageErrorCode,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'PostageError';
  }
}
