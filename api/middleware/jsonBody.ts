// JSON bodies only, within the size limit. Every parse problem is a 400 with field errors,
// never a 500; the body is read only after authentication and the rate limit.
import express, { type NextFunction, type Request, type Response } from 'express';
import { sendValidationError } from '../http/errors';

export function jsonBody(limitBytes: number) {
  const parse = express.json({ limit: limitBytes, type: () => true, strict: true });
  return (req: Request, res: Response, next: NextFunction): void => {
    const refuse = (message: string) => {
      res.locals.outcome = 'invalid_body';
      sendValidationError(res, { _body: [message] });
    };
    const isJson = req.is('application/json');
    if (isJson === null || req.get('Content-Length') === '0')
      return refuse('A JSON object body is required (Content-Type: application/json).');
    if (!isJson) return refuse('Content-Type must be application/json.');
    parse(req, res, (err?: unknown) => {
      if (!err) return next();
      const type = (err as { type?: string }).type;
      refuse(
        type === 'entity.too.large'
          ? `The body is larger than the limit of ${limitBytes} bytes.`
          : type === 'encoding.unsupported' || type === 'charset.unsupported'
            ? 'The body must be UTF-8 JSON.'
            : type === 'request.aborted' || type === 'request.size.invalid'
              ? 'The body was not received completely.'
              : 'The body is not valid JSON.',
      );
    });
  };
}

/**
 * For endpoints whose body is optional (verify, validate, test): a request without one gets `{}`;
 * a request with one must be JSON like everywhere else.
 */
export function optionalJsonBody(limitBytes: number) {
  const parse = jsonBody(limitBytes);
  return (req: Request, res: Response, next: NextFunction): void => {
    const hasBody =
      (req.get('Content-Length') !== undefined && req.get('Content-Length') !== '0') ||
      req.get('Transfer-Encoding') !== undefined;
    if (['POST', 'PUT', 'PATCH'].includes(req.method) && hasBody) return parse(req, res, next);
    req.body = {};
    next();
  };
}
