// Operator endpoints, outside /api: liveness, readiness (PostgreSQL, Redis, Temporal, each named;
// Redis away is reported, not unready: the limits are then kept per process)
// and Prometheus metrics. /metrics needs `Authorization: Bearer <METRICS_TOKEN>` when a token is
// set; without one it is open in development and off in production (README, "Operations").
import { Router, type Request, type Response } from 'express';
import { constantTimeEqual } from '../../core/platform/crypto';
import { checkServingReadiness } from '../../core/platform/readiness';
import type { RouteDeps } from '../http/deps';
import { sendError } from '../http/errors';

export function operationsRoute(deps: RouteDeps): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => void res.json({ ok: true }));
  router.get('/readyz', async (req, res) => {
    // Public: names and states only; why a check failed goes to the log with the request id.
    const readiness = await checkServingReadiness(deps, req.log ?? deps.logger);
    res.locals.outcome = readiness.ready ? 'ready' : 'not_ready';
    res.status(readiness.ready ? 200 : 503).json(readiness);
  });
  router.get('/metrics', async (req: Request, res: Response) => {
    if (!metricsAllowed(deps, req)) {
      res.locals.outcome = 'not_found';
      return sendError(res, { code: 'not_found', detail: 'No such endpoint.' });
    }
    res.set('Content-Type', deps.metrics.register.contentType).send(await deps.metrics.register.metrics());
  });
  return router;
}

function metricsAllowed(deps: RouteDeps, req: Request): boolean {
  const token = deps.config.ops.metricsToken;
  if (token === undefined) return deps.config.env !== 'production';
  const given = /^Bearer (.+)$/.exec(req.get('Authorization') ?? '')?.[1] ?? '';
  return constantTimeEqual(Buffer.from(given), Buffer.from(token));
}
