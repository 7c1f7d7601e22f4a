import { z } from 'zod';
import { decimal, defineRoute, idParam } from '../route';
import { listQuery, pageSchema, REPORTING_LIST_PARAMS, searchParam } from '../list';
import { companyIdField, nameField, optionalEmailField } from './users';

/**
 * The People page (issue 32 item 6): a manager's learners, of the company and its depots. Every
 * route names the company in its path (tenant); every person it names must be one of that
 * company's or its depots' learners, so managers, admins and other companies' users are out of reach.
 */

export const PEOPLE_MESSAGES = {
  updated: 'Learner updated successfully!',
  removed: 'Learner removed successfully!',
  newLoginCode: 'A new login code has been issued. The old one no longer works.',
  hasEnrolments: 'This learner has enrolments, so they cannot be removed. Anonymise them instead: their records stay, without their name.',
  notALearner: 'Only learners can be managed on the People page.',
  notFound: 'That learner was not found in your company or its depots.',
  anonymised: 'This learner has been anonymised and can no longer be changed.',
  depotOutside: 'Choose your company or one of its depots.',
  emptyNoPeople: 'Your company has no learners yet.',
  emptyNoMatch: 'No people were found matching your request.',
} as const;

export const PEOPLE_SORTABLE = ['name', 'email', 'depot', 'created_at'] as const;
export type PeopleSort = (typeof PEOPLE_SORTABLE)[number];
export const PEOPLE_PAGE_SIZE = 25;
/** The most people one export or one selection names. */
export const PEOPLE_EXPORT_MAX = 5000;

/** ?search=&order_by=&order_dir=&per_page=&page= (the company area's naming, as /reporting) and depot_id. */
export const peopleQuery = listQuery({
  sortable: PEOPLE_SORTABLE,
  defaultSort: 'name',
  defaultDir: 'asc',
  perPage: { default: PEOPLE_PAGE_SIZE },
  names: REPORTING_LIST_PARAMS,
  filters: {
    /** The company itself or one of its depots: only its learners. */
    depot_id: decimal(z.number({ error: 'Choose a depot.' }).int('Choose a depot.').positive('Choose a depot.').optional()),
  },
});
export type PeopleQuery = z.output<typeof peopleQuery>;

export const personSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  login_code: z.string().nullable(),
  /** The company or depot the learner belongs to. */
  company_id: z.number().int(),
  company_name: z.string(),
  enrolments: z.number().int(),
  anonymised: z.boolean(),
  created_at: z.string(),
});
export type Person = z.infer<typeof personSchema>;

export const personEnrolmentSchema = z.object({
  id: z.number().int(),
  course_id: z.number().int(),
  course_name: z.string(),
  status: z.enum(['not_started', 'in_progress', 'passed', 'failed']),
  enrolled_at: z.string(),
  passed_at: z.string().nullable(),
  expires_at: z.string().nullable(),
});
export type PersonEnrolment = z.infer<typeof personEnrolmentSchema>;

const companyOption = z.object({ id: z.number().int(), name: z.string() });
const personParams = z.object({ companyId: idParam, userId: idParam });
const personResponse = z.object({ success: z.literal(true), message: z.string(), data: personSchema });

export const peopleList = defineRoute({
  name: 'people.list',
  method: 'GET',
  path: '/api/company/{companyId}/people',
  service: 'identity',
  access: ['manager', 'admin'],
  tenant: { param: 'companyId' },
  summary:
    'The learners of the company and its depots: search (name, email, login code), sort, depot filter, pages; each with their depot and how many enrolments they hold. `companies` are the depot filter’s choices.',
  params: z.object({ companyId: idParam }),
  query: peopleQuery,
  response: pageSchema(personSchema).extend({ companies: z.array(companyOption) }),
});

export const personGet = defineRoute({
  name: 'people.get',
  method: 'GET',
  path: '/api/company/{companyId}/people/{userId}',
  service: 'identity',
  access: ['manager', 'admin'],
  tenant: { param: 'companyId' },
  summary:
    'One learner with their enrolments and their states, and the depots they may move to (404 for anyone who is not a learner of the company or its depots).',
  params: personParams,
  response: z.object({
    data: personSchema.extend({ enrolment_list: z.array(personEnrolmentSchema) }),
    /** Where the learner may move: the company and its depots. */
    companies: z.array(companyOption),
  }),
});

export const personUpdateBodySchema = z.object({
  name: nameField.optional(),
  email: optionalEmailField.optional(),
  /** Moving to another depot of the same company (the move keeps enrolments with the company that paid). */
  company_id: companyIdField.optional(),
});

export const personUpdate = defineRoute({
  name: 'people.update',
  method: 'PATCH',
  path: '/api/company/{companyId}/people/{userId}',
  service: 'identity',
  access: ['manager', 'admin'],
  tenant: { param: 'companyId' },
  summary: 'Changes a learner’s name, email or depot (the company or one of its depots); an email in use is a field error.',
  params: personParams,
  body: personUpdateBodySchema,
  response: personResponse,
});

export const personNewLoginCode = defineRoute({
  name: 'people.newLoginCode',
  method: 'POST',
  path: '/api/company/{companyId}/people/{userId}/login-code',
  service: 'identity',
  access: ['manager', 'admin'],
  tenant: { param: 'companyId' },
  summary: 'Issues the learner a new login code: the old one stops working and the learner’s open sessions end.',
  params: personParams,
  response: personResponse,
});

export const personRemove = defineRoute({
  name: 'people.remove',
  method: 'DELETE',
  path: '/api/company/{companyId}/people/{userId}',
  service: 'identity',
  access: ['manager', 'admin'],
  tenant: { param: 'companyId' },
  summary: 'Removes a learner who holds no enrolment; one who holds any is a 409 saying to anonymise them instead.',
  params: personParams,
  response: z.object({ success: z.literal(true), message: z.string() }),
});

export const personAnonymise = defineRoute({
  name: 'people.anonymise',
  method: 'POST',
  path: '/api/company/{companyId}/people/{userId}/anonymise',
  service: 'identity',
  access: ['manager', 'admin'],
  tenant: { param: 'companyId' },
  summary: 'GDPR erasure of the learner (the same rule as POST /api/user/{id}/anonymise): their records stay without their name.',
  params: personParams,
  response: personResponse,
});

export const peopleExport = defineRoute({
  name: 'people.export',
  method: 'POST',
  path: '/api/company/{companyId}/people/export',
  service: 'identity',
  access: ['manager', 'admin'],
  tenant: { param: 'companyId' },
  summary:
    'The people as {dd-mm-yyyy}_people.xlsx: those chosen (`user_ids`, each a learner of the company or its depots, else 404), or without ids everyone the list’s search and depot filter find.',
  params: z.object({ companyId: idParam }),
  body: z.object({
    user_ids: z
      .array(decimal(z.number().int().positive('Each id is a positive whole number.')))
      .max(PEOPLE_EXPORT_MAX, `At most ${PEOPLE_EXPORT_MAX} people at once.`)
      .optional(),
    search: searchParam,
    depot_id: decimal(z.number().int().positive('Choose a depot.').optional()),
  }),
  bodyLimit: 1024 * 1024,
  response: z.unknown(),
  responseType: 'file',
});

/** The columns of the export, in order. */
export const PEOPLE_EXPORT_COLUMNS = ['Name', 'Email', 'Login code', 'Depot', 'Enrolments', 'Added'] as const;

export const peopleRoutes = [peopleList, peopleExport, personGet, personUpdate, personNewLoginCode, personAnonymise, personRemove] as const;
