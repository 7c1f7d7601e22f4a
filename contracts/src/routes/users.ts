import { z } from 'zod';
import { decimal, defineRoute, idParam, successSchema } from '../route';
import { ASSIGNABLE_ROLES, roleSchema } from '../roles';
import { ADMIN_PAGE_SIZE } from '../constants';
import { ADMIN_LIST_PARAMS, listQuery, pageSchema } from '../list';
import { emailField, newPasswordField } from './identity';

/** Spec §5 and §8 texts for users. */
export const USER_MESSAGES = {
  managerNeedsEmail: 'Email is required for manager role',
  emailTaken: 'A user with this email already exists',
  emailRepeated: 'This email appears more than once in the list.',
  managerAddsLearners: 'Managers can add learners only, by name and email.',
  loginCodeTaken: 'This login code is already in use.',
  updated: 'User successfully updated!',
  created: 'User successfully created!',
  companyChanged: "User's company successfully changed!",
  deleted: 'User successfully deleted!',
  deleteFailed: 'Failed to delete learner.',
  mimicked: 'Successfully mimicked the company!',
  unmimicked: 'You are no longer mimicking a company.',
  nameUpdateFailed: 'Failed to update name',
  nameUpdateError: 'An error occurred while updating your name. Please try again.',
  ownNameOnly: 'You can only change your own name.',
  ownSignInOnAccountPage: 'Change your own email address or password on your account page, with your current password.',
} as const;

/** A blank text box means "no value": '' and whitespace become null. */
const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

/** An optional email from a form: '' or null clears it; otherwise a valid, lower-cased email. */
export const optionalEmailField = z.preprocess(blankToNull, emailField.nullable());
export const optionalTextField = (max = 191) =>
  z.preprocess(blankToNull, z.string().trim().max(max, `May not be longer than ${max} characters.`).nullable());
export const nameField = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(191, 'The name may not be longer than 191 characters.');
/** Login codes are stored upper-case (decisions.md). */
export const loginCodeField = z.preprocess(
  blankToNull,
  z
    .string()
    .trim()
    .min(4, 'The login code must be at least 4 characters.')
    .max(64, 'The login code may not be longer than 64 characters.')
    .regex(/^[A-Za-z0-9-]+$/, 'The login code may contain only letters, digits and dashes.')
    .transform((v) => v.toUpperCase())
    .nullable(),
);
/** An optional new password: blank means "leave it as it is". */
export const optionalPasswordField = z.preprocess(blankToNull, newPasswordField.nullable());
export const assignableRoleSchema = z.enum(ASSIGNABLE_ROLES, { error: 'Choose learner or manager.' });
export const companyIdField = decimal(z.number({ error: 'Choose a company.' }).int('Choose a company.').positive('Choose a company.'));

export const adminUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  role: roleSchema,
  login_code: z.string().nullable(),
  company_id: z.number().int(),
  company_name: z.string(),
  created_at: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const USER_SORTABLE = ['id', 'name', 'email', 'role', 'company', 'created_at'] as const;
/** The Learners tab's address: search, sortBy, sortDir, page; newest first unless sorted. */
export const adminUsersQuery = listQuery({
  sortable: USER_SORTABLE,
  defaultSort: 'id',
  defaultDir: 'desc',
  perPage: { default: ADMIN_PAGE_SIZE },
  names: ADMIN_LIST_PARAMS,
});
export type AdminUsersQuery = z.output<typeof adminUsersQuery>;

export const adminUsers = defineRoute({
  name: 'admin.users.list',
  method: 'GET',
  path: '/api/admin/users',
  service: 'identity',
  access: ['admin'],
  summary: 'The Learners tab: learners and managers of every company (admins are never listed).',
  query: adminUsersQuery,
  response: pageSchema(adminUserSchema),
});

export const userGet = defineRoute({
  name: 'user.get',
  method: 'GET',
  path: '/api/user/{id}',
  service: 'identity',
  access: ['admin'],
  summary: 'One user, for the admin edit screen.',
  params: z.object({ id: idParam }),
  response: z.object({ data: adminUserSchema }),
});

function requireEmailForManager(body: { role?: string | null; email?: string | null }, ctx: z.RefinementCtx) {
  if (body.role === 'manager' && !body.email) ctx.addIssue({ code: 'custom', path: ['email'], message: USER_MESSAGES.managerNeedsEmail });
}

export const userCreateBodySchema = z
  .object({
    name: nameField,
    email: optionalEmailField.optional(),
    password: optionalPasswordField.optional(),
    login_code: loginCodeField.optional(),
    company_id: companyIdField,
    role: assignableRoleSchema.default('learner'),
  })
  .superRefine(requireEmailForManager);

export const userCreate = defineRoute({
  name: 'user.create',
  method: 'POST',
  path: '/api/user',
  service: 'identity',
  access: ['manager', 'admin'],
  tenant: { body: 'company_id' },
  summary:
    'Adds a user (default role learner); a learner without a login code gets one, a learner with an email a welcome mail. Managers add learners (name, email) to their company or depots; an email already used there is a field error with additional_info naming the learner and their courses.',
  body: userCreateBodySchema,
  response: z.object({ success: z.literal(true), message: z.string(), data: adminUserSchema }),
});

export const userUpdateBodySchema = z
  .object({
    name: nameField.optional(),
    email: optionalEmailField.optional(),
    password: optionalPasswordField.optional(),
    login_code: loginCodeField.optional(),
    company_id: companyIdField.optional(),
    role: assignableRoleSchema.optional(),
    /** Sent by the edit learner screen; enrolling is POST /api/user/{id}/enroll, so it is ignored here. */
    course_id: z.preprocess(blankToNull, decimal(z.number().int().positive().nullable())).optional(),
  })
  .superRefine(requireEmailForManager);

export const userUpdate = defineRoute({
  name: 'user.update',
  method: 'PATCH',
  path: '/api/user/{id}',
  service: 'identity',
  access: ['learner', 'admin'],
  summary: 'Admins edit any user; a learner may send only { name } for their own account.',
  params: z.object({ id: idParam }),
  body: userUpdateBodySchema,
  response: z.object({ success: z.literal(true), message: z.string(), data: adminUserSchema }),
});

export const userChangeCompany = defineRoute({
  name: 'user.changeCompany',
  method: 'POST',
  path: '/api/user/{id}/company',
  service: 'identity',
  access: ['admin'],
  summary: 'Moves a user to another company.',
  params: z.object({ id: idParam }),
  body: z.object({ company_id: companyIdField }),
  response: z.object({ success: z.literal(true), message: z.string(), data: adminUserSchema }),
});

export const userDelete = defineRoute({
  name: 'user.delete',
  method: 'DELETE',
  path: '/api/user/{id}',
  service: 'identity',
  access: ['admin'],
  summary: 'Deletes a user and, through enrolment, their enrolments.',
  params: z.object({ id: idParam }),
  response: successSchema,
});

export const mimicCompany = defineRoute({
  name: 'user.mimicCompany',
  method: 'POST',
  path: '/api/user/mimicCompany',
  service: 'identity',
  access: ['admin'],
  summary: 'The admin’s session acts for this company (as its manager) until un-mimic.',
  body: z.object({ company_id: companyIdField }),
  response: successSchema,
});

export const unMimicCompany = defineRoute({
  name: 'user.unMimicCompany',
  method: 'POST',
  path: '/api/user/unMimicCompany',
  service: 'identity',
  access: ['admin'],
  summary: 'Ends mimicking; the page then reloads.',
  response: successSchema,
});

export const userRoutes = [
  adminUsers,
  userGet,
  userCreate,
  userUpdate,
  userChangeCompany,
  userDelete,
  mimicCompany,
  unMimicCompany,
] as const;
