// The Express application: request ids and logs, authentication, the two API routes.
import express, { type NextFunction, type Request, type Response } from 'express';
import { randomUUID } from 'node:crypto';
import { pinoHttp } from 'pino-http';
import type { ApiDeps } from './deps';
import { sendError } from './errors';
import { authenticate } from './middleware/authenticate';
import { meRoute } from './routes/me';
import { sendRoute } from './routes/send';

export function createApp(deps: ApiDeps): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);

  app.use(
    pinoHttp({
      logger: deps.logger,
      genReqId: (req, res) => {
        const id = randomUUID();
        res.setHeader('X-Request-Id', id);
        return id;
      },
      customProps: (req) => ({ requestId: req.id }),
      // Only method, path and status: headers and bodies may hold keys and recipients.
      serializers: {
        req: (req: { method: string; url: string }) => ({ method: req.method, path: req.url }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
    }),
  );

  app.get('/healthz', (_req, res) => void res.json({ ok: true }));

  const api = express.Router();
  api.use('/api', authenticate(deps.db));
  api.use(sendRoute(deps));
  api.use(meRoute(deps));
  app.use(api);

  app.use((_req, res) => sendError(res, { code: 'not_found', detail: 'No such endpoint.' }));
  app.use((err: unknown, req: Request, res: Response, _next: NextFunction) => {
    req.log?.error({ err }, 'unhandled error');
    if (res.headersSent) return;
    sendError(res, { code: 'internal_error', detail: 'Something went wrong on our side; the request can be retried.' });
  });
  return app;
}
