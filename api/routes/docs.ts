// The API reference at /docs: the dashboard build's docs.html, which loads Redoc's standalone
// bundle from /assets, and /docs/reference.json, the served document with examples and code
// samples (api/openapi/referenceDocument.ts). Redoc's styled-components add <style> elements
// at run time; the CSP allows them by a nonce made per request (the page's csp-nonce meta, which
// styled-components read). Scripts come from this origin only, never inline.
import express, { type Request, type Response } from 'express';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import helmet from 'helmet';
import { DASHBOARD_DIST } from './dashboard';
import { buildReferenceDocument, GUIDES } from '../openapi/referenceDocument';
import { PROJECT_ROOT } from '../../core/platform/projectRoot';

const NONCE_PLACEHOLDER = '__CSP_NONCE__';

export function docsRoute(openApi: object, dist = DASHBOARD_DIST): express.Router {
  const router = express.Router();
  const reference = buildReferenceDocument(openApi);
  const page = path.join(dist, 'docs.html');
  const html = fs.existsSync(page) ? fs.readFileSync(page, 'utf8') : undefined;

  router.get('/docs/reference.json', (_req, res) => {
    res.set('Cache-Control', 'no-cache');
    res.json(reference);
  });
  // The guides as their Markdown text (the repository renders them; the reference links here).
  const guides = new Map(GUIDES.map(([file]) => [`${file}.md`, path.join(PROJECT_ROOT, 'docs', `${file}.md`)]));
  router.get('/docs/guides/:file', (req: Request<{ file: string }>, res: Response, next: () => void) => {
    const file = guides.get(req.params.file);
    if (!file || !fs.existsSync(file)) return next();
    res.set('Cache-Control', 'no-cache');
    res.type('text/plain; charset=utf-8').sendFile(file);
  });
  // One policy for every response; its style nonce is the response's own (res.locals.cspNonce).
  const headers = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", (_req, res) => `'nonce-${(res as Response).locals.cspNonce as string}'`],
        // Style attributes Redoc writes as markup (highlighted code, layout): they cannot run
        // script or select elements, and their values vary with the document, so no list of
        // hashes can name them. <style> elements still need the nonce; scripts, this origin.
        styleSrcAttr: ["'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    strictTransportSecurity: false, // as for the dashboard: the TLS-terminating proxy sets it
  });
  router.get(['/docs', '/docs/'], (req: Request, res: Response) => {
    const nonce = randomBytes(16).toString('base64');
    res.locals.cspNonce = nonce;
    headers(req, res, () => {
      if (!html) {
        res
          .status(404)
          .type('text/plain')
          .send(
            'The API reference is not built: run `npm run build` (npm run dev and npm test build it). The document itself is at /openapi.json.\n',
          );
        return;
      }
      res.set('Cache-Control', 'no-store'); // the nonce is per response
      res.type('html').send(html.replace(NONCE_PLACEHOLDER, nonce));
    });
  });
  return router;
}
