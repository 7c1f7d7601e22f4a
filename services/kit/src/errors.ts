export type AppErrorCode =
  | 'validation'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'redirect'
  | 'csrf'
  | 'rate_limited'
  | 'bad_request'
  | 'payload_too_large'
  | 'unsupported_media_type';

const STATUS: Record<AppErrorCode, number> = {
  validation: 422,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  redirect: 409,
  csrf: 419,
  rate_limited: 429,
  bad_request: 400,
  payload_too_large: 413,
  unsupported_media_type: 415,
};

/** Domain code throws this; only the app's onError turns it into HTTP (STYLE.md habit 3). */
export class AppError extends Error {
  constructor(
    readonly code: AppErrorCode,
    message: string,
    readonly details: {
      errors?: Record<string, string[]>;
      /** Sent as `additional_info` beside the field errors of a 422 (e.g. the existing learner of POST /api/user). */
      additionalInfo?: Record<string, unknown>;
      location?: string;
      retryAfterSeconds?: number;
    } = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
  get status(): number {
    return STATUS[this.code];
  }
}

export const notFound = (what = 'That item') => new AppError('not_found', `${what} was not found.`);
export const forbidden = (message = 'You are not allowed to do that.') => new AppError('forbidden', message);
export const validationError = (errors: Record<string, string[]>, message?: string, additionalInfo?: Record<string, unknown>) =>
  new AppError('validation', message ?? Object.values(errors)[0]?.[0] ?? 'The given data was invalid.', {
    errors,
    ...(additionalInfo ? { additionalInfo } : {}),
  });
