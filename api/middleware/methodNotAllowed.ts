// 405 with `Allow` for a documented path asked with a method the document does not list (TRACE,
// OPTIONS, PUT on a listing...), whatever the credentials: the table is read from the served
// OpenAPI document, so a new operation is covered without another list to keep.
import type { NextFunction, Request, Response } from 'express';
import { sendError } from '../http/errors';

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** `/api/domains/{name}` as a regex over req.path: a parameter is one segment; routing ignores case and a trailing slash, as Express's does. */
function pathPattern(template: string): RegExp {
  const segments = template
    .replace(/\/$/, '')
    .split(/\{[^}]+\}/)
    .map((s) => s.replace(/[.*+?^$()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${segments.join('[^/]+')}/?$`, 'i');
}

const parameterCount = (template: string) => template.split('{').length - 1;

export function methodNotAllowed(paths: Record<string, object>) {
  // As OpenAPI matches paths: a concrete path before a templated one it also fits
  // (`/api/auth/sessions/end-others` before `/api/auth/sessions/{id}`).
  const table = Object.entries(paths)
    .sort(([a], [b]) => parameterCount(a) - parameterCount(b))
    .map(([template, item]) => ({
      pattern: pathPattern(template),
      allow: Object.keys(item)
        .filter((key) => HTTP_METHODS.includes(key))
        .map((m) => m.toUpperCase()),
    }));
  return function methodNotAllowed(req: Request, res: Response, next: NextFunction): void {
    const entry = table.find((e) => e.pattern.test(req.path));
    // HEAD is GET without a body (Express answers it on every GET route), not a method of its own.
    const method = req.method === 'HEAD' ? 'GET' : req.method;
    if (!entry || entry.allow.includes(method)) return next();
    const allowed = entry.allow.join(', ');
    res.set('Allow', allowed);
    res.locals.outcome = 'method_not_allowed';
    sendError(res, { code: 'method_not_allowed', detail: `Use ${allowed} on this endpoint.` });
  };
}
