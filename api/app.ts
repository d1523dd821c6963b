// The Express application: request ids, logs and metrics, the operator endpoints (/healthz,
// /readyz, /metrics), the OpenAPI document, every operation of the route table (the API and the
// SES-events endpoint), the API reference and the dashboard.
import express, { type NextFunction, type Request, type Response } from 'express';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import { pinoHttp } from 'pino-http';
import { messageWorkflows } from '../workflows/client';
import type { ApiDeps, RouteDeps } from './http/deps';
import { describeError, isStoreUnavailable, sendError } from './http/errors';
import './http/locals';
import { buildOpenApiDocument } from './openapi/document';
import { operationsRoute } from './routes/operations';
import { createApiMetrics, type ApiMetrics } from '../core/platform/metrics';
import { OPERATION_GROUPS } from './routes/operationTable';
import { mountOperations } from './http/mountOperations';
import { methodNotAllowed } from './middleware/methodNotAllowed';
import { sessionMiddleware } from './middleware/session';
import { serveDashboard } from './routes/dashboard';
import { docsRoute } from './routes/docs';
import { limitPasswordHashing } from '../core/accounts/passwords';
import { configureTemplateRendering } from '../core/templates/renderPool';

/** Requests by the route that matched (not the raw path: ids would explode the series), status and outcome. */
function countRequests(metrics: ApiMetrics) {
  return function countRequest(req: Request, res: Response, next: NextFunction): void {
    const stop = metrics.requestDuration.startTimer();
    res.once('finish', () => {
      const route = typeof req.route?.path === 'string' ? req.route.path : 'unmatched';
      metrics.requests.inc({
        route,
        method: req.method,
        status: String(res.statusCode),
        outcome: res.locals.outcome ?? 'none',
      });
      stop({ route, method: req.method });
    });
    next();
  };
}

/**
 * A request's path for the logs: without its query, and the token of /u/, /t/o/, /t/c/,
 * /inbound/attachments/ and /privacy/exports/ paths replaced (each is a capability: whoever has it
 * may use it).
 */
export function redactedPath(url: string): string {
  return (url.split('?')[0] ?? '').replace(
    /^\/(u|t\/[oc]|inbound\/attachments|privacy\/exports)\/[^/]*/i,
    (_all, kind: string) => `/${kind.toLowerCase()}/{token}`,
  );
}

/**
 * Whether a request names the service itself (docs/domains.md, "Tracking subdomain"): BASE_URL's
 * hostname, `localhost`, an IP address (load balancers' health checks, local runs) or no Host at
 * all. Any other name is a customer's tracking subdomain (a CNAME to us), which may reach the
 * tracking links only: never the dashboard, its sign-in and cookies, or the API.
 */
function ownHost(baseHostname: string) {
  return (hostname: string | undefined): boolean => {
    if (hostname === undefined || hostname === '') return true;
    const name = hostname
      .toLowerCase()
      .replace(/^\[(.*)\]$/, '$1')
      .replace(/\.$/, '');
    return name === baseHostname || name === 'localhost' || isIP(name) !== 0;
  };
}

function onlyTrackingOnOtherHosts(baseUrl: string) {
  const isOwn = ownHost(new URL(baseUrl).hostname.toLowerCase());
  return function trackingHostsTrackOnly(req: Request, res: Response, next: NextFunction): void {
    if (isOwn(req.hostname) || /^\/t\/[oc]\//i.test(req.path)) return next();
    sendError(res, { code: 'not_found', detail: 'No such endpoint.' });
  };
}

export function createApp(deps: ApiDeps): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);

  app.use(
    pinoHttp({
      logger: deps.logger,
      genReqId: (_req, res) => {
        const id = randomUUID();
        res.setHeader('X-Request-Id', id);
        return id;
      },
      quietReqLogger: true,
      customAttributeKeys: { reqId: 'requestId' },
      // One line per request: who (key prefix, account) and how it ended, never a key or a body.
      customProps: (_req: IncomingMessage, res: ServerResponse) => {
        const locals = (res as Response).locals ?? {};
        return {
          ...(locals.keyPrefix ? { key: locals.keyPrefix, account: locals.apiKey?.accountId } : {}),
          ...(locals.caller ? { actor: locals.caller.actor, account: locals.caller.accountId } : {}),
          ...(locals.outcome ? { outcome: locals.outcome } : {}),
          ...(locals.messageId ? { messageId: locals.messageId } : {}),
        };
      },
      customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : 'info'),
      serializers: {
        // An unsubscribe token is a capability (and seals a recipient), a click token carries its
        // target URL (a sign-in link, say): never in the logs. Any case, as Express routes them.
        req: (req: { method: string; url: string }) => ({
          method: req.method,
          path: redactedPath(req.url),
        }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
    }),
  );
  app.use('/api', function noStore(_req: Request, res: Response, next: NextFunction) {
    res.set('Cache-Control', 'no-store');
    next();
  });

  if (deps.config.auth.trustProxy !== undefined) app.set('trust proxy', deps.config.auth.trustProxy);
  limitPasswordHashing(deps.config.auth.passwordHashesAtOnce);
  configureTemplateRendering(deps.config.templates);
  const routeDeps: RouteDeps = {
    ...deps,
    metrics: deps.metrics ?? createApiMetrics(),
    workflows: messageWorkflows(deps.temporal, deps.config.temporal.taskQueue),
  };
  app.use(countRequests(routeDeps.metrics));
  app.use(onlyTrackingOnOtherHosts(deps.config.api.baseUrl));
  app.use(operationsRoute(routeDeps));
  const openApi = buildOpenApiDocument(deps.config);
  app.get('/openapi.json', (_req, res) => void res.json(openApi));
  // Before credentials are looked at: a method the document does not list is a 405 for everyone.
  app.use(methodNotAllowed(openApi.paths));

  // Every operation, from the route table: sending and the key's account (an API key), SES events
  // via SNS (outside /api, authenticated by SNS's signature), sign-in and sessions, and the
  // management API (a session or a full_access key).
  app.use(mountOperations(routeDeps, OPERATION_GROUPS, sessionMiddleware(deps.db, deps.config)));

  // The API reference (/docs), then the dashboard: its assets, and index.html for every other page path (not /api/...).
  app.use(docsRoute(openApi));
  serveDashboard(app);

  app.use(function noSuchEndpoint(_req: Request, res: Response) {
    res.locals.outcome = 'not_found';
    sendError(res, { code: 'not_found', detail: 'No such endpoint.' });
  });
  app.use(function unhandledError(err: unknown, req: Request, res: Response, _next: NextFunction) {
    const unavailable = isStoreUnavailable(err);
    req.log?.error({ cause: describeError(err) }, unavailable ? 'store unavailable' : 'unhandled error');
    if (res.headersSent) return;
    if (unavailable) {
      res.locals.outcome = 'service_unavailable';
      res.set('Retry-After', '5');
      sendError(res, {
        code: 'service_unavailable',
        detail: 'The service is temporarily unavailable; nothing was changed. Retry with backoff.',
      });
      return;
    }
    res.locals.outcome = 'internal_error';
    sendError(res, { code: 'internal_error', detail: 'Something went wrong on our side; the request can be retried.' });
  });
  return app;
}
