import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { emailRequestBodySchema, loginBodySchema } from '@portal/contracts/schemas';

/**
 * The sign-in forms' validation, loaded on their first validation (lazyResolver): /login shows
 * the forms without loading zod (issue 14's budget).
 */
export const passwordLoginResolver = zodResolver(loginBodySchema);
export const linkLoginResolver = zodResolver(emailRequestBodySchema);

/** The code half of the contract's login body, required here (the contract allows either way in). */
const codeLoginSchema = z.object({
  login_code: z.string().trim().min(1, 'Enter your login code.').max(64),
});
export const codeLoginResolver = zodResolver(codeLoginSchema);
