// Route handlers run through this: a core/ PostageError becomes its documented answer
// (errors.sendCoreError); anything else reaches the app's error handler (500 or 503).
import type { NextFunction, Request, Response } from 'express';
import { sendCoreError } from './errors';

export function handled(fn: (req: Request, res: Response) => Promise<void>) {
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    try {
      await fn(req, res);
    } catch (err) {
      if (!sendCoreError(res, err)) next(err);
    }
  };
}
