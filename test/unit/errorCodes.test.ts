// The error convention: one table of public codes (status, retry guidance) that the error table of
// docs/errors-and-limits.md must match row for row, and one answer for every core/ code, checked by
// the compiler.
import fs from 'node:fs';
import path from 'node:path';
import type { Response } from 'express';
import {
  API_ERRORS,
  CORE_ERROR_ANSWERS,
  ERROR_CODES,
  UNCODED_ERRORS,
  sendCoreError,
  type CoreErrorAnswer,
  type ErrorCode,
} from '../../api/http/errors';
import { SES_EVENT_ANSWERS } from '../../api/routes/sesEvents';
import type { ApiErrorCode, ErrorAnswer, PostageErrorCode } from '../../core/model/errorCodes';
import { PostageError } from '../../core/platform/errors';

const guide = (name: string) => fs.readFileSync(path.resolve(__dirname, '..', '..', 'docs', name), 'utf8');

/** The section of a guide under `## <title>`, up to the next `## ` heading. */
function section(text: string, title: string): string {
  const start = text.indexOf(`\n## ${title}`);
  if (start < 0) throw new Error(`no "## ${title}" section`);
  const end = text.indexOf('\n## ', start + 1);
  return text.slice(start, end < 0 ? undefined : end);
}

/** The rows of the "Error codes" table of docs/errors-and-limits.md: status, code (undefined for "(none...)"), retry. */
function guideErrorRows(): { status: number; code: string | undefined; retry: string }[] {
  return section(guide('errors-and-limits.md'), 'Error codes')
    .split('\n')
    .filter((line) => /^\|\s*\d{3}\s*\|/.test(line))
    .map((line) => {
      const cells = line.split(' | ').map((cell) => cell.replace(/^\| |\s*\|$/g, '').trim());
      const code = /^`([a-z_]+)`$/.exec(cells[1]!)?.[1];
      return { status: Number(cells[0]), code, retry: cells[cells.length - 1]! };
    });
}

/** A Response that records what was sent. */
function recorder() {
  const sent: { status?: number; body?: Record<string, unknown> } = {};
  const res = {
    locals: {} as Record<string, unknown>,
    status(code: number) {
      sent.status = code;
      return res;
    },
    json(body: Record<string, unknown>) {
      sent.body = body;
      return res;
    },
  };
  return { res: res as unknown as Response, sent };
}

test("the guide's error table has one row per code, with the table's status and retry guidance", () => {
  const rows = guideErrorRows();
  const coded = rows.filter((row) => row.code !== undefined);
  expect(coded.map((row) => row.code).sort()).toEqual([...ERROR_CODES].sort());
  for (const row of coded) {
    const code = row.code as ErrorCode;
    expect({ code, status: row.status, retry: row.retry }).toEqual({
      code,
      status: API_ERRORS[code].status,
      retry: API_ERRORS[code].retry,
    });
  }
  // The answers without a code (400 field errors, 401, the per-key rate limit).
  const uncoded = rows.filter((row) => row.code === undefined).map(({ status, retry }) => ({ status, retry }));
  expect(uncoded).toEqual(Object.values(UNCODED_ERRORS).map(({ status, retry }) => ({ status, retry })));
});

test("the operations guide's provider-events section gives each SNS code the endpoint's status", () => {
  const events = section(guide('operations.md'), 'Provider events');
  const sentence = events.slice(events.indexOf('Answers, documented in'), events.indexOf('(SNS delivers again later)'));
  const documented: Record<string, number> = {};
  let status = 0;
  for (const [, token] of sentence.matchAll(/`([^`]+)`/g)) {
    if (/^\d{3}$/.test(token!)) status = Number(token);
    else if (/^[a-z_]+$/.test(token!)) documented[token!] = status;
  }
  expect(documented).toEqual(
    Object.fromEntries(Object.entries(SES_EVENT_ANSWERS).map(([code, answer]) => [code, answer.status])),
  );
});

test('every core code is answered with a documented code and status, or a 400 field error', () => {
  for (const code of Object.keys(CORE_ERROR_ANSWERS) as PostageErrorCode[]) {
    const answer: CoreErrorAnswer = CORE_ERROR_ANSWERS[code];
    const { res, sent } = recorder();
    expect(sendCoreError(res, new PostageError(code, 'what went wrong'))).toBe(true);
    expect(res.locals.outcome).toBe(code);
    if ('field' in answer) {
      expect(sent).toEqual({
        status: 400,
        body: { success: false, detail: expect.any(String), errors: { [answer.field]: ['what went wrong'] } },
      });
    } else {
      expect(ERROR_CODES).toContain(answer.code);
      expect(sent).toEqual({
        status: API_ERRORS[answer.code].status,
        body: { success: false, error: answer.code, detail: expect.stringContaining('what went wrong') },
      });
    }
  }
});

test('the answers of the not-found family, conflicts, provider failures and field errors', () => {
  const answer = (err: unknown) => {
    const { res, sent } = recorder();
    return sendCoreError(res, err) ? sent : 'not a core error';
  };
  // Another account's things are indistinguishable from things that do not exist.
  for (const code of [
    'account_not_found',
    'api_key_not_found',
    'domain_not_found',
    'message_not_found',
    'suppression_not_found',
    'webhook_not_found',
  ] as const) {
    expect(answer(new PostageError(code, 'no domain a.example'))).toEqual({
      status: 404,
      body: { success: false, error: 'not_found', detail: 'Not found: no domain a.example.' },
    });
  }
  expect(answer(new PostageError('byoc_role_unusable', 'could not assume'))).toEqual({
    status: 409,
    body: { success: false, error: 'byoc_setup_required', detail: 'could not assume' },
  });
  expect(answer(new PostageError('byoc_not_configured', 'save BYOC first'))).toMatchObject({
    status: 409,
    body: { error: 'byoc_setup_required' },
  });
  expect(answer(new PostageError('dns_lookup_failed', 'no answer'))).toMatchObject({
    status: 502,
    body: { error: 'provider_error' },
  });
  expect(answer(new PostageError('too_many_pending_domains', 'ten wait'))).toMatchObject({
    status: 409,
    body: { error: 'too_many_pending_domains' },
  });
  // The field the error names wins over the code's usual field.
  expect(answer(new PostageError('invalid_domain', 'not a domain'))).toMatchObject({
    status: 400,
    body: { errors: { name: ['not a domain'] } },
  });
  expect(answer(new PostageError('invalid_domain', 'not a domain', 'from'))).toMatchObject({
    status: 400,
    body: { errors: { from: ['not a domain'] } },
  });
  expect(answer(new PostageError('invalid_expiry', 'in the past', 'expires_at'))).toMatchObject({
    status: 400,
    body: { errors: { expires_at: ['in the past'] } },
  });
  expect(answer(new Error('boom'))).toBe('not a core error');
});

test('a code outside the union, or a core code without its answer, does not compile', () => {
  // Checked by `tsc` (npm run typecheck): each line below fails to compile without its directive.
  // @ts-expect-error: not a PostageErrorCode
  expect(new PostageError('no_such_code', 'x').code).toBe('no_such_code');
  // @ts-expect-error: every PostageErrorCode must have an answer
  const partial = { domain_exists: { code: 'domain_exists' } } satisfies Record<PostageErrorCode, CoreErrorAnswer>;
  // @ts-expect-error: an answer names a public code
  const unknown = { code: 'no_such_code' } satisfies CoreErrorAnswer;
  // @ts-expect-error: every public code must have its status and retry guidance
  const partialApi = { not_found: { status: 404, retry: 'no' } } satisfies Record<ApiErrorCode, ErrorAnswer>;
  expect([partial, unknown, partialApi]).toHaveLength(3);
});
