// An operation's answers for the refusals of a use case it passes on (the send's, a template's
// test send): each code under the status the error table gives it, each status described once.
// The statuses to describe follow from the codes, so a code with a new status does not compile
// until its answer is described.
import { API_ERRORS, type ErrorCode } from './errors';
import type { CodesAt, StatusOf, Text } from './operation';

export function refusalAnswers<C extends ErrorCode>(
  codes: readonly C[],
  described: { readonly [S in StatusOf<C>]: Text },
): { readonly [S in StatusOf<C>]: readonly [{ readonly codes: readonly Extract<C, CodesAt<S>>[] }, Text] } {
  const statuses = Object.keys(described).map(Number) as StatusOf<C>[];
  // Built from `described`, whose keys the signature ties to the codes' statuses.
  return Object.fromEntries(
    statuses.map((status) => [
      status,
      [{ codes: codes.filter((code) => API_ERRORS[code].status === status) }, described[status]],
    ]),
  ) as never;
}
