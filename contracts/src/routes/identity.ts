import { z } from 'zod';
import { defineRoute, successSchema } from '../route';
import { roleSchema } from '../roles';

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
    else if (!z.email().safeParse(body.email).success) ctx.addIssue({ code: 'custom', path: ['email'], message: 'Enter a valid email address.' });
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
  }),
});

export const remotes = defineRoute({
  name: 'shell.remotes',
  method: 'GET',
  path: '/api/remotes',
  service: 'identity',
  access: 'public',
  summary: 'Where each remote’s mf-manifest.json is published (for the public shell).',
  response: z.object({ remotes: remotesSchema }),
});

export const identityRoutes = [login, logout, shell, remotes] as const;
