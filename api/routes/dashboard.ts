// The dashboard (a Vite build in dashboard/dist) served by the API process at `/`: hashed assets
// cached for a year, every other page path answered with index.html so the app's own router
// takes over. /api, /openapi.json, /provider and the operator endpoints never reach this.
// Without a build (a checkout that never ran `npm run build`), `/` says how to make one.
import express, { type Express, type Request, type Response } from 'express';
import fs from 'node:fs';
import path from 'node:path';
import helmet from 'helmet';
import { PROJECT_ROOT } from '../../core/platform/projectRoot';

export const DASHBOARD_DIST = path.join(PROJECT_ROOT, 'dashboard', 'dist');

const NOT_APP = /^\/(api|openapi\.json|docs|provider|healthz|readyz|metrics)(\/|$)/;

export function serveDashboard(app: Express, dist = DASHBOARD_DIST): boolean {
  const index = path.join(dist, 'index.html');
  const built = fs.existsSync(index);
  // Browser hardening for the app's pages: a strict same-origin CSP (the app loads nothing from
  // elsewhere), no framing, no referrer across origins.
  const headers = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        styleSrc: ["'self'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    strictTransportSecurity: false, // set by the TLS-terminating proxy, which knows whether HTTPS is on
  });
  const pages = (req: Request, res: Response, next: () => void) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || NOT_APP.test(req.path)) return next();
    headers(req, res, () => {
      if (!built) {
        res
          .status(404)
          .type('text/plain')
          .send('The dashboard is not built: run `npm run build` (npm run dev and npm test build it).\n');
        return;
      }
      res.set('Cache-Control', 'no-cache');
      res.sendFile(index);
    });
  };
  if (built) {
    app.use(
      '/assets',
      helmet({ contentSecurityPolicy: false, strictTransportSecurity: false }),
      express.static(path.join(dist, 'assets'), { immutable: true, maxAge: '365d', index: false }),
      (_req: Request, res: Response) => void res.status(404).type('text/plain').send('No such asset.\n'),
    );
  }
  app.use(pages);
  return built;
}
