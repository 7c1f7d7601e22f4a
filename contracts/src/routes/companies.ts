import { z } from 'zod';
import { decimal, defineRoute, idParam, successSchema } from '../route';
import { companyIdField, nameField, optionalEmailField, optionalTextField } from './users';
import { ADMIN_PAGE_SIZE } from '../constants';
import { ADMIN_LIST_PARAMS, listQuery, pageSchema, searchParam } from '../list';
import { emailField } from './identity';

/** Spec §8 texts for companies and depots. */
export const COMPANY_MESSAGES = {
  updated: 'Company successfully updated!',
  created: 'Company successfully created!',
  deleted: 'Company successfully deleted!',
  deleteFailed: 'Failed to delete company.',
  depotUpdated: 'Depot updated successfully!',
  depotDeleted: 'Depot deleted successfully!',
  emailTaken: 'A user with this email already exists',
  creditReasonRequired: 'Give a reason for changing the credit balance.',
} as const;

export const CREDIT_BALANCE_BLANK = 'Enter a credit balance (0 for none): a blank balance is not taken as 0.';
/**
 * A number, or a form's text of one in plain digits (decimal). Blank text is refused, never read
 * as 0 (issue 13 item 7): a cleared field must not empty a company's credits.
 */
const creditBalanceField = decimal(
  z
    .number({
      error: (issue) =>
        (typeof issue.input === 'string' && issue.input.trim() === '') || issue.input === null
          ? CREDIT_BALANCE_BLANK
          : 'The credit balance must be a whole number written as plain digits, like 12.',
    })
    .int('The credit balance must be a whole number.')
    .min(0, 'The credit balance may not be negative.')
    .max(1_000_000, 'The credit balance may not be more than 1,000,000.'),
);
/**
 * Why an admin changes credit_balance: required (422 on credit_reason) when credit_balance is sent
 * and differs from the current balance; kept as the ledger adjustment's note.
 */
const creditReasonField = optionalTextField(255);
const parentIdField = z.preprocess((v) => (v === '' ? null : v), companyIdField.nullable());

export const depotSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  manager_name: z.string().nullable(),
  manager_email: z.string().nullable(),
  credit_balance: z.number().int(),
});
export type Depot = z.infer<typeof depotSchema>;

export const adminCompanySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  manager_name: z.string().nullable(),
  manager_email: z.string().nullable(),
  parent_id: z.number().int().nullable(),
  credit_balance: z.number().int(),
  depots_count: z.number().int(),
  users_count: z.number().int(),
  created_at: z.string(),
});
export type AdminCompany = z.infer<typeof adminCompanySchema>;

export const COMPANY_SORTABLE = ['id', 'name', 'email', 'manager_name', 'created_at'] as const;
/** The Companies tab's address: search, sortBy, sortDir, page; newest first unless sorted. */
export const adminCompaniesQuery = listQuery({
  sortable: COMPANY_SORTABLE,
  defaultSort: 'id',
  defaultDir: 'desc',
  perPage: { default: ADMIN_PAGE_SIZE },
  names: ADMIN_LIST_PARAMS,
});
export type AdminCompaniesQuery = z.output<typeof adminCompaniesQuery>;

export const adminCompanies = defineRoute({
  name: 'admin.companies.list',
  method: 'GET',
  path: '/api/admin/companies',
  service: 'identity',
  access: ['admin'],
  summary: 'The Companies tab: top-level companies (depots are shown within their company).',
  query: adminCompaniesQuery,
  response: pageSchema(adminCompanySchema),
});

export const companyOptionSchema = z.object({ id: z.number().int(), name: z.string(), parent_id: z.number().int().nullable() });
export type CompanyOption = z.infer<typeof companyOptionSchema>;

export const companyOptions = defineRoute({
  name: 'admin.companies.options',
  method: 'GET',
  path: '/api/admin/company-options',
  service: 'identity',
  access: ['admin'],
  summary: 'At most 10 companies or depots whose name matches, for company pickers (or one by id).',
  query: z.strictObject({
    search: searchParam,
    id: decimal(z.number().int().positive().optional()),
  }),
  response: z.object({ data: z.array(companyOptionSchema) }),
});

export const companyGet = defineRoute({
  name: 'company.get',
  method: 'GET',
  path: '/api/company/{companyId}',
  service: 'identity',
  access: ['admin'],
  summary: 'One company with its depots (companies whose parent_id is its id).',
  params: z.object({ companyId: idParam }),
  response: z.object({ data: adminCompanySchema, depots: z.array(depotSchema) }),
});

export const companyCreateBodySchema = z.object({
  name: nameField,
  email: optionalEmailField.optional(),
  manager_name: nameField,
  manager_email: emailField,
  credit_balance: creditBalanceField.optional(),
  parent_id: parentIdField.optional(),
});

export const companyCreate = defineRoute({
  name: 'company.createCompanyAndUser',
  method: 'POST',
  path: '/api/company/createCompanyAndUser',
  service: 'identity',
  access: ['admin'],
  summary: 'Creates a company and its manager; the generated password is returned once.',
  body: companyCreateBodySchema,
  response: z.object({ success: z.literal(true), message: z.string(), password: z.string(), data: adminCompanySchema }),
});

export const companyUpdateBodySchema = z.object({
  name: nameField.optional(),
  email: optionalEmailField.optional(),
  manager_name: optionalTextField().optional(),
  manager_email: optionalEmailField.optional(),
  credit_balance: creditBalanceField.optional(),
  credit_reason: creditReasonField.optional(),
  parent_id: parentIdField.optional(),
});

export const companyUpdate = defineRoute({
  name: 'company.update',
  method: 'PATCH',
  path: '/api/company/{companyId}',
  service: 'identity',
  access: ['admin'],
  summary: 'Edits a company; a changed credit_balance needs a credit_reason and goes to enrolment’s ledger as an adjustment.',
  params: z.object({ companyId: idParam }),
  body: companyUpdateBodySchema,
  response: z.object({ success: z.literal(true), message: z.string(), data: adminCompanySchema }),
});

export const companyDelete = defineRoute({
  name: 'company.delete',
  method: 'DELETE',
  path: '/api/company/{companyId}',
  service: 'identity',
  access: ['admin'],
  summary: 'Deletes a company, its depots, their users and (through enrolment) their enrolments.',
  params: z.object({ companyId: idParam }),
  response: successSchema,
});

export const depotUpdateBodySchema = z.object({
  name: nameField,
  manager_name: optionalTextField().optional(),
  manager_email: optionalEmailField.optional(),
  email: optionalEmailField.optional(),
  credit_balance: creditBalanceField.optional(),
  credit_reason: creditReasonField.optional(),
});

export const depotUpdate = defineRoute({
  name: 'company.depot.update',
  method: 'PATCH',
  path: '/api/company/{companyId}/depot/{depotId}',
  service: 'identity',
  access: ['admin'],
  summary: 'Edits a depot of the company; a changed credit_balance needs a credit_reason (a ledger adjustment).',
  params: z.object({ companyId: idParam, depotId: idParam }),
  body: depotUpdateBodySchema,
  response: z.object({ success: z.literal(true), message: z.string(), data: depotSchema }),
});

export const depotDelete = defineRoute({
  name: 'company.depot.delete',
  method: 'DELETE',
  path: '/api/company/{companyId}/depot/{depotId}',
  service: 'identity',
  access: ['admin'],
  summary: 'Deletes a depot, its users and (through enrolment) their enrolments.',
  params: z.object({ companyId: idParam, depotId: idParam }),
  response: successSchema,
});

export const companyRoutes = [
  adminCompanies,
  companyOptions,
  companyGet,
  companyCreate,
  companyUpdate,
  companyDelete,
  depotUpdate,
  depotDelete,
] as const;
