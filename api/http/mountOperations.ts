// The Express routes of the route table: for each operation, in this order, its anonymous limit,
// the session, the caller check (with the scoped-key rules of every operation), the parameter
// gate, the body (parsed, then validated against the operation's schema), and the handler,
// whose result is answered with the operation's success status.
import { Router, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { sendError } from './errors';
import { anonymousLimit } from '../middleware/authLimits';
import { requireCaller, requireRole } from '../middleware/caller';
import { jsonBody, optionalJsonBody } from '../middleware/jsonBody';
import { scopedKeyRules } from '../middleware/keyScope';
import { refuseUnstorableParameters } from '../middleware/parameters';
import type { RouteDeps } from './deps';
import { handled } from './handled';
import { ANSWERED, deprecationHeaders, isReply, type OperationGroup } from './operation';
import { validBody } from './requestBody';

/** `/api/domains/{name}` as Express writes it. */
export const expressPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

export function mountOperations(deps: RouteDeps, groups: OperationGroup[], session: RequestHandler): Router {
  const router = Router();
  const caller = requireCaller(deps, scopedKeyRules(groups.flatMap((g) => g.operations)));
  for (const group of groups) {
    const body = group.bodyOptional ? optionalJsonBody(group.bodyLimit) : jsonBody(group.bodyLimit);
    for (const op of group.operations) {
      const chain: RequestHandler[] = [];
      const deprecated = op.deprecated;
      if (deprecated) {
        const headers = deprecationHeaders(deprecated);
        chain.push((_req, res, next) => void (res.set(headers), next()));
      }
      if (op.limit) chain.push(anonymousLimit(deps.redis, deps.config, op.limit));
      chain.push(session);
      if (op.who === 'caller') chain.push(caller, requireRole(op.role ?? 'owner'));
      chain.push(refuseUnstorableParameters);
      if (op.body) chain.push(body);
      chain.push(
        handled(async (req, res) => {
          let input: unknown;
          if (op.body) {
            input = validBody(op.body, req, res);
            if (input === undefined) return;
          }
          const params = Object.fromEntries(Object.entries(req.params).map(([name, value]) => [name, String(value)]));
          const result = await op.handler({ deps, req, res, body: input, params, caller: res.locals.caller });
          if (result === ANSWERED || res.headersSent) return;
          if (isReply(result)) res.status(result.status).json(result.body);
          else res.status(op.ok[0]).json(result);
        }),
      );
      router[op.method](expressPath(op.path), ...chain);
    }
  }
  // Express decodes path parameters before an operation's chain runs; one that does not decode
  // (a broken escape, bytes that are not UTF-8) names nothing that can exist: 404, as the
  // parameter gate answers for text that cannot be stored.
  router.use((err: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (!(err instanceof URIError)) return next(err);
    res.locals.outcome = 'not_found';
    sendError(res, { code: 'not_found', detail: 'Nothing in this account has that name or id.' });
  });
  return router;
}
