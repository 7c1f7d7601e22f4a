import { z } from 'zod';
import { defineRoute, successSchema } from '../route';
import { roleSchema } from '../roles';
import { PASSWORD_MIN_LENGTH } from '../constants';
import { siteSettingsSchema } from './settings';

export const REMOTE_NAMES = ['learner', 'company', 'admin', 'verify'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

export const sessionUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  role: roleSchema,
  company_id: z.number().int(),
  company_name: z.string(),
  /** An admin acting as a company's manager (mimic). */
  is_mimicking: z.boolean(),
  /** Signed in once so far (this time): the learner's dashboard says "Welcome", not "Welcome back". */
  is_first_visit: z.boolean().optional(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const loginBodySchema = z
  .object({
    email: z.string().trim().max(191).optional(),
    password: z.string().max(200).optional(),
    login_code: z.string().trim().max(64).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.login_code) return;
    if (!body.email) ctx.addIssue({ code: 'custom', path: ['email'], message: 'Enter your email address or a login code.' });
    else if (!z.email().safeParse(body.email).success)
      ctx.addIssue({ code: 'custom', path: ['email'], message: 'Enter a valid email address.' });
    if (!body.password) ctx.addIssue({ code: 'custom', path: ['password'], message: 'Enter your password.' });
  });

export const login = defineRoute({
  name: 'auth.login',
  method: 'POST',
  path: '/api/auth/login',
  service: 'identity',
  access: 'public',
  summary: 'Sign in with email and password, or with a login code; rotates the session.',
  body: loginBodySchema,
  response: z.object({ user: sessionUserSchema, redirect: z.string() }),
});

export const logout = defineRoute({
  name: 'auth.logout',
  method: 'POST',
  path: '/api/auth/logout',
  service: 'identity',
  access: 'signed-in',
  summary: 'Ends the current session.',
  response: successSchema,
});

export const menuItemSchema = z.object({
  label: z.string(),
  href: z.string(),
  /** `admin` draws the admin icon; `/logout` and `/account` are handled specially by the shell. */
  icon: z.enum(['admin']).optional(),
});
export type MenuItem = z.infer<typeof menuItemSchema>;

export const remotesSchema = z.record(z.enum(REMOTE_NAMES), z.string());

export const shell = defineRoute({
  name: 'shell.get',
  method: 'GET',
  path: '/api/shell',
  service: 'identity',
  access: 'signed-in',
  summary: 'The signed-in header: user, menu, and where each remote is published.',
  response: z.object({
    user: sessionUserSchema,
    menu: z.array(menuItemSchema),
    remotes: remotesSchema,
    help_email: z.string(),
    is_development: z.boolean(),
    /** The Site tab's settings the menu, header and footer show. */
    settings: siteSettingsSchema,
  }),
});

export const remotes = defineRoute({
  name: 'shell.remotes',
  method: 'GET',
  path: '/api/remotes',
  service: 'identity',
  access: 'public',
  summary: 'Where each remote’s mf-manifest.json is published (for the public shell; its settings come from GET /api/site-settings).',
  response: z.object({ remotes: remotesSchema }),
});

/** Texts of the sign-in and password flows (spec §8 "Password"), shared by server and pages. */
export const IDENTITY_MESSAGES = {
  resetLinkSent: 'Password reset link sent! Please check your email.',
  resetDone: 'Password reset successfully! You can now login with your new password.',
  resetTokenInvalid: 'This password reset link is invalid or has expired.',
  loginLinkSent: 'Sign-in link sent! Please check your email. The link works once, within 15 minutes.',
  loginLinkInvalid: 'This sign-in link is invalid, has expired or has already been used.',
  passwordsDiffer: 'The password confirmation does not match.',
} as const;

/** An email as typed: trimmed, lower-cased (emails are stored lower-cased). */
export const emailField = z
  .string({ error: 'Enter your email address.' })
  .trim()
  .min(1, 'Enter your email address.')
  .max(191, 'The email may not be longer than 191 characters.')
  .pipe(z.email('Enter a valid email address.'))
  .transform((v) => v.toLowerCase());

export const newPasswordField = z
  .string({ error: 'Enter a password.' })
  .min(PASSWORD_MIN_LENGTH, `The password must be at least ${PASSWORD_MIN_LENGTH} characters.`)
  .max(200, 'The password may not be longer than 200 characters.');

/** Body of both mail requests (sign-in link, password reset link). */
export const emailRequestBodySchema = z.object({ email: emailField });

export const requestLoginLink = defineRoute({
  name: 'auth.loginLink.request',
  method: 'POST',
  path: '/api/auth/login-link',
  service: 'identity',
  access: 'public',
  summary: 'Emails a single-use sign-in link (15 minutes). Unknown emails get the same answer.',
  body: emailRequestBodySchema,
  response: successSchema,
});

export const consumeLoginLink = defineRoute({
  name: 'auth.loginLink.consume',
  method: 'POST',
  path: '/api/auth/login-link/verify',
  service: 'identity',
  access: 'public',
  summary: 'Signs in with the token of an emailed sign-in link; the link then stops working.',
  body: z.object({ token: z.string().trim().min(1, 'The sign-in link is incomplete.').max(200) }),
  response: z.object({ user: sessionUserSchema, redirect: z.string() }),
});

export const passwordEmail = defineRoute({
  name: 'password.email',
  method: 'POST',
  path: '/password/email',
  service: 'identity',
  access: 'public',
  summary: 'Emails a password reset link (60 minutes, works once). Unknown emails get the same answer.',
  body: emailRequestBodySchema,
  response: successSchema,
});

export const passwordResetBodySchema = z
  .object({
    email: emailField,
    password: newPasswordField,
    password_confirmation: z.string({ error: 'Confirm the password.' }).min(1, 'Confirm the password.').max(200),
    token: z.string({ error: 'The reset link is incomplete.' }).trim().min(1, 'The reset link is incomplete.').max(200),
  })
  .refine((body) => body.password === body.password_confirmation, {
    path: ['password_confirmation'],
    message: IDENTITY_MESSAGES.passwordsDiffer,
  });

export const passwordReset = defineRoute({
  name: 'password.reset',
  method: 'POST',
  path: '/password/reset',
  service: 'identity',
  access: 'public',
  summary: 'Sets a new password with a reset token; ends the user’s other sessions.',
  body: passwordResetBodySchema,
  response: successSchema,
});

export const identityRoutes = [login, logout, shell, remotes, requestLoginLink, consumeLoginLink, passwordEmail, passwordReset] as const;
