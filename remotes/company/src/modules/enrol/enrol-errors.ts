import { ApiError, ENROLLING_MESSAGES, type ExistingLearnerInfo } from '@portal/contracts';
import { existingLearnerInfoSchema } from '@portal/contracts/schemas';

/** A request that never got an answer: fetch rejects (ky wraps it as a NetworkError) or the upload's XHR fails (status 0). */
export function isNetworkError(error: unknown): boolean {
  if (error instanceof ApiError) return error.status === 0;
  return error instanceof TypeError || (error instanceof Error && error.name === 'NetworkError');
}

/**
 * The existing-learner answer of POST /api/user (spec §7): a 422 whose body carries
 * `additional_info` naming the learner and their courses. Anything else is null.
 */
export function existingLearnerOf(error: unknown): ExistingLearnerInfo | null {
  if (!(error instanceof ApiError) || error.status !== 422) return null;
  const info = (error.body as Record<string, unknown>).additional_info;
  const parsed = existingLearnerInfoSchema.safeParse(info);
  return parsed.success ? parsed.data : null;
}

/** What the 'An error has occurred' modal says: the server's text (and its field messages), or the network message. */
export function enrolFailureText(error: unknown): string {
  if (isNetworkError(error)) return ENROLLING_MESSAGES.networkError;
  if (error instanceof ApiError) {
    const details = Object.values(error.fieldErrors).flat();
    const texts = [error.message, ...details.filter((text) => text !== error.message)];
    return [...new Set(texts)].join(' ');
  }
  return error instanceof Error ? error.message : String(error);
}
