import { ApiError } from '@portal/contracts';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

/** Puts a 422's field errors under the matching fields; returns a message for the rest. */
export function applyServerErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: readonly Path<T>[]): string | null {
  if (error instanceof ApiError) {
    let isPlaced = false;
    for (const [field, messages] of Object.entries(error.fieldErrors)) {
      if ((fields as readonly string[]).includes(field) && messages.length) {
        setError(field as Path<T>, { type: 'server', message: messages.join(' ') });
        isPlaced = true;
      }
    }
    if (isPlaced) return null;
    if (error.status < 500) return error.message;
  }
  return 'Something went wrong on our side. Please try again in a moment.';
}
