import { z } from 'zod';

/** 422 body: `{ message, errors: { field: [text] } }` (DESIGN.md "Errors and sessions"). */
export const validationErrorSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())),
  /** Some 422s say more than the field errors (POST /api/user: the existing learner, `existingLearnerInfoSchema`). */
  additional_info: z.record(z.string(), z.unknown()).optional(),
});
export type ValidationErrorBody = z.infer<typeof validationErrorSchema>;

/** Every other error body: 401, 403, 404, 409 (with location), 419, 429, 500. */
export const errorSchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  location: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorSchema>;

/** Turns zod issues into the field → messages map of a 422 body. */
export function issuesToFieldErrors(issues: readonly z.core.$ZodIssue[], prefix?: string): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const path = [prefix, ...issue.path.map(String)].filter(Boolean).join('.') || 'request';
    (errors[path] ??= []).push(issue.message);
  }
  return errors;
}
