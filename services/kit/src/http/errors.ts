import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { ZodError } from 'zod';
import { issuesToFieldErrors } from '@portal/contracts';
import { AppError } from '../errors';
import { logger } from '../logger';

/** The one place that turns errors into HTTP (DESIGN.md "Errors and sessions"). */
export function createErrorHandler(options: { exposeDetails: boolean }) {
  return (error: Error, c: Context) => {
    if (error instanceof AppError) {
      const body: Record<string, unknown> = { message: error.message, code: error.code };
      if (error.details.errors) body.errors = error.details.errors;
      if (error.details.additionalInfo) body.additional_info = error.details.additionalInfo;
      if (error.details.location) {
        body.location = error.details.location;
        c.header('Location', error.details.location);
      }
      if (error.details.retryAfterSeconds) c.header('Retry-After', String(error.details.retryAfterSeconds));
      // The rest of a body too large is never read: close the connection rather than drain it.
      if (error.status === 413) c.header('Connection', 'close');
      return c.json(body, error.status as 400);
    }
    if (error instanceof ZodError) {
      return c.json({ message: 'The given data was invalid.', errors: issuesToFieldErrors(error.issues) }, 422);
    }
    if (error instanceof HTTPException) {
      const status = error.status;
      return c.json({ message: status === 413 ? 'That upload is too large.' : error.message || 'Request refused.' }, status);
    }
    logger.error('request failed', { path: c.req.path, method: c.req.method, error: error.stack ?? String(error) });
    const body: Record<string, unknown> = { message: 'Something went wrong on our side. Please try again.' };
    if (options.exposeDetails) body.error = error.stack ?? String(error);
    return c.json(body, 500);
  };
}

export const notFoundHandler = (c: Context) => c.json({ message: 'Not found.' }, 404);
