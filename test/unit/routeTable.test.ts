// The route table is the whole API: every route the app serves is a row of it (or one of the few
// routes outside the API listed here), every middleware that can answer a request is listed here,
// and a handler reads only the query parameters its row declares (the document lists exactly
// those). The app is built with stores that are never reached: nothing is started.
import { Type } from '@sinclair/typebox';
import Redis from 'ioredis';
import fs from 'node:fs';
import path from 'node:path';
import { createApp } from '../../api/app';
import { expressPath } from '../../api/http/mountOperations';
import { strictQuery } from '../../api/http/requestQuery';
import { OPERATION_GROUPS } from '../../api/routes/operationTable';
import { loadConfig } from '../../core/platform/config';
import { createDb } from '../../core/platform/db';
import { createLogger } from '../../core/platform/logger';
import { lazyTemporalClient } from '../../core/platform/temporal';

/** The routes outside the API: the operators' endpoints, the document, and the API reference. */
const OUTSIDE_THE_TABLE = [
  'GET /healthz',
  'GET /readyz',
  'GET /metrics',
  'GET /openapi.json',
  'GET /docs/reference.json',
  'GET /docs/guides/:file',
  'GET /docs',
  'GET /docs/',
];

/**
 * Middleware, in order, with the path it is mounted at: what may answer a request no route of the
 * table holds. `result` is pino-http's request log; the dashboard's static files are mounted at
 * /assets once it is built (`pages` answers its page paths with index.html).
 */
const MIDDLEWARE = [
  'result /',
  'noStore /api',
  'countRequest /',
  // A customer's tracking hostname reaches only the tracking links (docs/domains.md, "Tracking subdomain").
  'trackingHostsTrackOnly /',
  'methodNotAllowed /',
  'undecodablePath /',
  'pages /',
  'noSuchEndpoint /',
  'unhandledError /',
];
const DASHBOARD_ASSETS = ['helmetMiddleware /assets', 'serveStatic /assets', '<anonymous> /assets'];

interface Layer {
  name: string;
  rawPath?: unknown;
  route?: { path: string | string[]; methods: Record<string, boolean> };
  handle: { stack?: Layer[] };
}

/** Every route (`METHOD /path`) and middleware (`name /path`) of a router stack, routers walked into. */
function served(stack: Layer[], found = { routes: [] as string[], middleware: [] as string[] }) {
  for (const layer of stack) {
    if (layer.route) {
      const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
      for (const method of Object.keys(layer.route.methods))
        for (const p of paths) found.routes.push(`${method.toUpperCase()} ${p}`);
    } else if (layer.name === 'router' && layer.handle.stack) {
      served(layer.handle.stack, found);
    } else {
      found.middleware.push(`${layer.name} ${String(layer.rawPath ?? '/')}`);
    }
  }
  return found;
}

test('every route the app serves is a row of the route table or one of the few outside the API', async () => {
  const config = loadConfig({ NODE_ENV: 'development' });
  const db = createDb('postgres://nobody@127.0.0.1:1/never');
  const redis = new Redis({ lazyConnect: true });
  try {
    const app = createApp({
      config,
      db,
      redis,
      temporal: lazyTemporalClient(config),
      logger: createLogger('silent', 'test'),
    });
    const { routes, middleware } = served((app as unknown as { router: { stack: Layer[] } }).router.stack);
    const table = OPERATION_GROUPS.flatMap((g) => g.operations).map(
      (op) => `${op.method.toUpperCase()} ${expressPath(op.path)}`,
    );
    expect([...routes].sort()).toEqual([...table, ...OUTSIDE_THE_TABLE].sort());
    expect(new Set(routes).size).toBe(routes.length);
    expect(middleware.filter((m) => !DASHBOARD_ASSETS.includes(m))).toEqual(MIDDLEWARE);
  } finally {
    redis.disconnect();
    await db.destroy();
  }
});

test('no handler reads the request’s query itself: each gets the values its row declares', () => {
  const routes = path.resolve(__dirname, '..', '..', 'api', 'routes');
  const files = fs.readdirSync(routes, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
  const readers = files.filter((f) =>
    /\breq(uest)?\.query\b|\.query\[/.test(fs.readFileSync(path.join(routes, f), 'utf8')),
  );
  expect(readers).toEqual([]);
  expect(files.length).toBeGreaterThan(15);
});

test('reading a query parameter the row does not declare throws (outside production)', () => {
  const declared = Type.Object({ search: Type.Optional(Type.String()) });
  const query = strictQuery<Record<string, unknown>>({ search: 'a' }, declared);
  expect(query.search).toBe('a');
  expect({ ...query }).toEqual({ search: 'a' });
  expect(() => query.status).toThrow(/does not declare/);
});
