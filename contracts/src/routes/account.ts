import { z } from 'zod';
import { defineRoute, idParam, successSchema } from '../route';
import { emailField } from './identity';
import { nameField, optionalEmailField, optionalPasswordField } from './users';

/** Texts of the account area (spec §2 "Account settings", §9 logo). */
export const ACCOUNT_MESSAGES = {
  loginUpdated: 'Login details updated successfully!',
  notificationsUpdated: 'Notification settings updated successfully!',
  logoUpdated: 'Company logo updated successfully!',
  logoNotImage: 'The logo must be an image (PNG, JPEG, GIF or WebP).',
  logoTooLarge: 'The logo may be at most 256x256 pixels.',
  logoUnreadable: 'This image could not be read: the file is damaged. Save it again and upload it again.',
  logoMissing: 'Choose an image to upload.',
  depotUpdated: 'Depot updated successfully!',
  depotDeleted: 'Depot deleted successfully!',
  depotNotFound: 'That depot was not found.',
  currentPasswordRequired: 'Enter your current password to change your email address or password.',
  currentPasswordWrong: 'That is not your current password.',
  noPasswordYet: 'Your account has no password yet: use “Email me a link to set a password” first.',
  hasPassword: 'Your account already has a password: change it here with your current password.',
  passwordLinkSent: 'We have emailed you a link. Open it within 60 minutes to choose your password.',
  noEmail: 'Your account has no email address to send a link to. Ask an administrator to add one.',
} as const;

export const accountDepotSchema = z.object({ id: z.number().int(), name: z.string(), email: z.string().nullable() });
export const companyManagerSchema = z.object({ id: z.number().int(), name: z.string(), email: z.string().nullable() });

export const accountGet = defineRoute({
  name: 'account.get',
  method: 'GET',
  path: '/api/account',
  service: 'identity',
  access: ['manager', 'admin'],
  summary: 'The account area: login details, notification settings, logo, depots and company administrators.',
  response: z.object({
    user: z.object({ id: z.number().int(), name: z.string(), email: z.string().nullable(), has_password: z.boolean() }),
    company: z.object({ id: z.number().int(), name: z.string(), logo_url: z.string().nullable() }),
    settings: z.object({ send_certificate: z.boolean(), send_report: z.boolean(), send_expiry_report: z.boolean() }),
    depots: z.array(accountDepotSchema),
    company_managers: z.array(companyManagerSchema),
  }),
});

export const accountLoginBodySchema = z.object({
  name: nameField,
  email: emailField,
  password: optionalPasswordField.optional(),
  /** Needed when the email or the password changes (a new name alone does not ask for it). */
  current_password: z.string().max(200).optional(),
});

export const accountLogin = defineRoute({
  name: 'account.login',
  method: 'POST',
  path: '/account/login',
  service: 'identity',
  access: ['manager', 'admin'],
  summary:
    'Changes the caller’s name, email and (unless blank) password. A new email or password needs the current password; the old address is told of a new email, the account’s address of a new password.',
  body: accountLoginBodySchema,
  response: successSchema,
});

export const accountPasswordLink = defineRoute({
  name: 'account.passwordLink',
  method: 'POST',
  path: '/account/password-link',
  service: 'identity',
  access: ['manager', 'admin'],
  summary: 'An account with no password yet: mails the caller’s own address a link to choose one (queued; the mail limits apply).',
  response: successSchema,
});

export const accountNotifications = defineRoute({
  name: 'account.notifications',
  method: 'POST',
  path: '/account/notifications',
  service: 'identity',
  access: ['manager', 'admin'],
  summary: 'The company’s email notification settings.',
  body: z.object({
    send_certificate: z.boolean({ error: 'Must be true or false.' }),
    send_report: z.boolean({ error: 'Must be true or false.' }),
    send_expiry_report: z.boolean({ error: 'Must be true or false.' }),
  }),
  response: successSchema,
});

const isFile = (value: unknown): value is File => typeof File !== 'undefined' && value instanceof File;

export const accountLogo = defineRoute({
  name: 'account.logo',
  method: 'POST',
  path: '/account/logo',
  service: 'identity',
  access: ['manager', 'admin'],
  summary: 'Uploads the company logo (an image of at most 256x256 pixels).',
  bodyType: 'multipart',
  // A logo of up to 1 MB (refused with a message under the field) plus the form around it.
  bodyLimit: 2 * 1024 * 1024,
  body: z.object({ logo: z.custom<File>(isFile, { message: ACCOUNT_MESSAGES.logoMissing }) }),
  response: z.object({ success: z.literal(true), message: z.string(), logo_url: z.string() }),
});

export const accountDepotUpdateBodySchema = z.object({ name: nameField, email: optionalEmailField.optional() });

export const accountDepotUpdate = defineRoute({
  name: 'account.depot.update',
  method: 'POST',
  path: '/account/depot/{id}',
  service: 'identity',
  access: ['manager', 'admin'],
  tenant: { param: 'id' },
  summary: 'Edits a depot of the caller’s company: name and email.',
  params: z.object({ id: idParam }),
  body: accountDepotUpdateBodySchema,
  response: z.object({ success: z.literal(true), message: z.string(), data: accountDepotSchema }),
});

export const accountDepotDelete = defineRoute({
  name: 'account.depot.delete',
  method: 'POST',
  path: '/account/depot/{id}/delete',
  service: 'identity',
  access: ['manager', 'admin'],
  tenant: { param: 'id' },
  summary: 'Deletes a depot of the caller’s company, its users and their enrolments.',
  params: z.object({ id: idParam }),
  response: successSchema,
});

export const companyLogo = defineRoute({
  name: 'company.logo',
  method: 'GET',
  path: '/api/company/{companyId}/logo',
  service: 'identity',
  access: ['manager', 'admin'],
  tenant: { param: 'companyId' },
  summary: 'The company’s logo image, from storage.',
  params: z.object({ companyId: idParam }),
  response: z.unknown(),
  responseType: 'file',
});

export const accountRoutes = [
  accountGet,
  accountLogin,
  accountPasswordLink,
  accountNotifications,
  accountLogo,
  accountDepotUpdate,
  accountDepotDelete,
  companyLogo,
] as const;
