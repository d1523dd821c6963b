// JSON bodies only, within the size limit. Every parse problem is a 400 with field errors,
// never a 500; the body is read only after authentication.
import express, { type NextFunction, type Request, type Response } from 'express';
import { sendValidationError } from '../errors';

export function jsonBody(limitBytes: number) {
  const parse = express.json({ limit: limitBytes, type: () => true, strict: true });
  return (req: Request, res: Response, next: NextFunction): void => {
    if (!req.is('application/json')) {
      sendValidationError(res, { _body: ['Content-Type must be application/json.'] });
      return;
    }
    parse(req, res, (err?: unknown) => {
      if (!err) return next();
      const type = (err as { type?: string }).type;
      const message =
        type === 'entity.too.large'
          ? `The body is larger than ${limitBytes} bytes.`
          : type === 'encoding.unsupported' || type === 'charset.unsupported'
            ? 'The body must be UTF-8 JSON.'
            : 'The body is not valid JSON.';
      sendValidationError(res, { _body: [message] });
    });
  };
}
