import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError, login, type RouteInput } from '@portal/contracts';
import { api } from '../api/api-client';

export type LoginBody = RouteInput<typeof login>['body'];

/** Messages for failures that are not about one field. */
function formMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 401) return error.body.message ?? 'These details do not match our records.';
    if (error.status === 429) return error.body.message ?? 'Too many sign-in attempts. Please wait a minute and try again.';
    if (error.status >= 500) return 'We could not sign you in right now. Please try again in a moment.';
    return error.message;
  }
  return 'We could not reach the portal. Check your connection and try again.';
}

/**
 * POST /api/auth/login; on success the browser goes where the server says. A 422 puts each
 * message under its field; anything else comes back as a form-level message.
 */
export async function submitLogin<T extends FieldValues>(
  body: LoginBody,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): Promise<string | null> {
  try {
    const response = await api.call(login, { body });
    window.location.assign(response.redirect);
    return null;
  } catch (error) {
    if (error instanceof ApiError && error.status === 422) {
      let isPlaced = false;
      for (const [field, messages] of Object.entries(error.fieldErrors)) {
        if ((fields as readonly string[]).includes(field) && messages[0]) {
          setError(field as Path<T>, { type: 'server', message: messages.join(' ') });
          isPlaced = true;
        }
      }
      return isPlaced ? null : error.message;
    }
    return formMessage(error);
  }
}
