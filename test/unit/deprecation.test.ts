// The deprecation promise of docs/compatibility.md, as the route table carries it out: an operation
// marked `deprecated` is `deprecated: true` in the document, and every answer of it carries the
// Deprecation (RFC 9745), Sunset (RFC 8594) and Link headers. No operation is deprecated today, so
// this mounts one of its own.
import express, { type RequestHandler } from 'express';
import type { AddressInfo } from 'node:net';
import { Type } from '@sinclair/typebox';
import type { RouteDeps } from '../../api/http/deps';
import { mountOperations } from '../../api/http/mountOperations';
import { operation, type OperationGroup } from '../../api/http/operation';
import { operationPaths } from '../../api/openapi/operationPaths';
import { OPERATION_GROUPS } from '../../api/routes/operationTable';
import { loadConfig } from '../../core/platform/config';

const old = operation({
  method: 'get',
  path: '/api/old-thing',
  summary: 'An operation on its way out.',
  who: 'anyone',
  deprecated: { since: '2026-12-01', sunset: '2027-06-01', link: 'https://postage.dev/changelog#2026-12-01' },
  ok: [200, Type.Object({ ok: Type.Boolean() }), 'Still answers.'],
  handler: async () => ({ ok: true }),
});
const group: OperationGroup = {
  tag: 'Test',
  bodyLimit: 1024,
  bodyOptional: true,
  unstorableParameters: 'refuse',
  operations: [old],
};

test('a deprecated operation is marked in the document and announces itself on every answer', async () => {
  const paths = operationPaths([group], loadConfig({ NODE_ENV: 'development' }));
  expect(paths['/api/old-thing']!.get).toMatchObject({ deprecated: true });
  const noSession: RequestHandler = (_req, _res, next) => next();
  // An anonymous operation without a limit reads nothing of the dependencies.
  const app = express().use(
    mountOperations({ config: loadConfig({ NODE_ENV: 'development' }) } as RouteDeps, [group], noSession),
  );
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/old-thing`);
    expect(res.status).toBe(200);
    expect(res.headers.get('deprecation')).toBe(`@${Date.UTC(2026, 11, 1) / 1000}`);
    expect(res.headers.get('sunset')).toBe('Tue, 01 Jun 2027 00:00:00 GMT');
    expect(res.headers.get('link')).toBe(
      '<https://postage.dev/changelog#2026-12-01>; rel="deprecation"; type="text/html"',
    );
  } finally {
    server.close();
  }
});

test('nothing is deprecated today (docs/compatibility.md says so; a deprecation needs its changelog entry)', () => {
  const deprecated = OPERATION_GROUPS.flatMap((g) => g.operations).filter((op) => op.deprecated);
  expect(deprecated.map((op) => `${op.method} ${op.path}`)).toEqual([]);
});
