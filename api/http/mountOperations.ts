// The Express routes of the route table: for each operation, in this order, its deprecation
// headers, its anonymous limit, who it is for (the session, then the caller and role checks; or
// the API key; or nothing, for SNS), the per-key rate limit, the parameter gate, the body (read,
// then validated against the operation's schema unless the handler checks its own), the query
// parameters, and the handler, whose result is answered with the operation's success status,
// its other statuses (a reply, an idempotent replay) or its error codes (a refusal).
import { Type } from '@sinclair/typebox';
import express, { Router, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { sendError } from './errors';
import { anonymousLimit } from '../middleware/authLimits';
import { authenticate } from '../middleware/authenticate';
import { sendingStore } from '../../core/sending/sendMessage';
import { requireCaller, requireRole, requireTwoFactorSetUp } from '../middleware/caller';
import { jsonBody, optionalJsonBody } from '../middleware/jsonBody';
import { scopedKeyRules } from '../middleware/keyScope';
import { refuseUnstorableParameters } from '../middleware/parameters';
import { rateLimit } from '../middleware/rateLimit';
import type { RouteDeps } from './deps';
import { handled } from './handled';
import {
  ANSWERED,
  deprecationHeaders,
  fromConfig,
  isRefusal,
  isReply,
  refusal,
  type AnyOperation,
  type OperationGroup,
  type OwnBody,
} from './operation';
import { validBody } from './requestBody';
import { strictQuery, validQuery } from './requestQuery';

/** The query of an operation that declares none: every parameter is one it does not read. */
const NO_QUERY = Type.Object({});

/** `/api/domains/{name}` as Express writes it. */
export const expressPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

/** Any text, whatever its Content-Type; one that cannot be read reaches the handler as why (it answers in its own shape). */
function textBody(limit: number): RequestHandler {
  const parse = express.text({ type: () => true, limit });
  return (req, res, next) =>
    parse(req, res, (err?: unknown) => {
      if (err) {
        const type = (err as { type?: string }).type;
        req.body = {
          unreadable:
            type === 'entity.too.large'
              ? `the body is larger than ${limit} bytes`
              : 'the body could not be read as UTF-8 text',
        };
      } else if (typeof req.body !== 'string') req.body = '';
      next();
    });
}

function ownBodyReader(deps: RouteDeps, body: OwnBody): RequestHandler {
  const limit = fromConfig(body.limit, deps.config);
  return body.media === 'application/json' ? jsonBody(limit) : textBody(limit);
}

/** The gates of `op` before its body: limits and credentials, in the order above. */
function gates(deps: RouteDeps, op: AnyOperation, session: RequestHandler, caller: RequestHandler): RequestHandler[] {
  const chain: RequestHandler[] = [];
  const deprecated = op.deprecated;
  if (deprecated) {
    const headers = deprecationHeaders(deprecated);
    chain.push((_req, res, next) => void (res.set(headers), next()));
  }
  const { limit, limitOwner } = op;
  if (limit)
    chain.push(anonymousLimit(deps.redis, deps.config, limit, limitOwner && ((req) => limitOwner(req, deps.config))));
  if ((op.who === 'anyone' && !op.noSession) || op.who === 'caller') chain.push(session);
  if (op.who === 'caller')
    chain.push(caller, requireTwoFactorSetUp(deps.db, op.beforeTwoFactor === true), requireRole(op.role ?? 'owner'));
  // The sends look their key up on the store their other statements use (core/sending/sendMessage.ts).
  if (op.who === 'apiKey')
    chain.push(op.keyCache ? authenticate(sendingStore(deps.db, deps.config), deps.apiKeys) : authenticate(deps.db));
  if (op.rateLimit === 'perKey') {
    const perKey = rateLimit({
      redis: deps.redis,
      limitPerMinute: deps.config.api.rateLimitPerMinute,
      logger: deps.logger,
      onMemoryFallback: () => deps.metrics.rateLimitFallbacks.inc(),
    });
    // A `caller` operation's session has no key to count against.
    chain.push((req, res, next) => (res.locals.apiKey ? perKey(req, res, next) : next()));
  }
  return chain;
}

/** Sends what the handler returned. */
function answer(op: AnyOperation, res: Response, result: unknown): void {
  if (result === ANSWERED || res.headersSent) return;
  if (isRefusal(result)) {
    res.locals.outcome = result.code;
    if (result.retryAfter !== undefined) res.set('Retry-After', String(result.retryAfter));
    sendError(res, result);
  } else if (isReply(result)) {
    if (result.replayed) {
      if (!op.idempotent)
        throw new Error(`${op.method} ${op.path} replayed an answer but is not idempotent in the route table`);
      res.locals.outcome = 'replayed';
      res.set('Idempotent-Replayed', 'true');
    }
    res.status(result.status).json(result.body);
  } else res.status(op.ok[0]).json(result);
}

export function mountOperations(deps: RouteDeps, groups: OperationGroup[], session: RequestHandler): Router {
  const router = Router();
  const caller = requireCaller(deps, scopedKeyRules(groups.flatMap((g) => g.operations)));
  // Where reading the query runs past its row (a test, a development server), it throws.
  const strict = deps.config.env !== 'production';
  for (const group of groups) {
    const body =
      group.bodyLimit === undefined
        ? undefined
        : group.bodyOptional
          ? optionalJsonBody(group.bodyLimit)
          : jsonBody(group.bodyLimit);
    for (const op of group.operations) {
      const chain = gates(deps, op, session, caller);
      if (group.unstorableParameters === 'refuse') chain.push(refuseUnstorableParameters);
      if (op.body) {
        if (!body) throw new Error(`${op.method} ${op.path} has a body but its group gives no body limit`);
        chain.push(body);
      }
      if (op.ownBody) chain.push(ownBodyReader(deps, op.ownBody));
      chain.push(
        handled(async (req, res) => {
          let input: unknown = op.ownBody ? req.body : undefined;
          if (op.body) {
            input = validBody(op.body, req, res);
            if (input === undefined) return;
          }
          const values = op.query ? validQuery(op.query, req, res) : {};
          if (values === undefined) return;
          const query = strict ? strictQuery(values, op.query ?? NO_QUERY) : values;
          const params = Object.fromEntries(Object.entries(req.params).map(([name, value]) => [name, String(value)]));
          const result = await op.handler({
            deps,
            req,
            res,
            body: input,
            params,
            query,
            caller: res.locals.caller,
            key: res.locals.apiKey,
            refuse: refusal,
          });
          answer(op, res, result);
        }),
      );
      router[op.method](expressPath(op.path), ...chain);
    }
  }
  // Express decodes path parameters before an operation's chain runs; one that does not decode
  // (a broken escape, bytes that are not UTF-8) names nothing that can exist: 404, as the
  // parameter gate answers for text that cannot be stored.
  router.use(function undecodablePath(err: unknown, _req: Request, res: Response, next: NextFunction) {
    if (!(err instanceof URIError)) return next(err);
    res.locals.outcome = 'not_found';
    sendError(res, { code: 'not_found', detail: 'Nothing in this account has that name or id.' });
  });
  return router;
}
