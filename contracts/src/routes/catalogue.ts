import { z } from 'zod';
import { decimal, defineRoute, idParam } from '../route';
import { ACTIVITY_TYPES, ADMIN_PAGE_SIZE } from '../constants';
import { ADMIN_LIST_PARAMS, listQuery, pageSchema } from '../list';
import { asList, nestFormFields } from '../form-fields';

export const categorySchema = z.object({ id: z.number().int(), name: z.string() });
export type Category = z.infer<typeof categorySchema>;

export const listCategories = defineRoute({
  name: 'categories.list',
  method: 'GET',
  path: '/api/categories',
  service: 'catalogue',
  access: ['manager', 'admin'],
  summary: 'Every course category (each id maps to an icon).',
  response: z.object({ data: z.array(categorySchema) }),
});

/* ------------------------------------------------------------------ courses */

/** Longest uploads we accept: the package limit is on the unpacked size (2 GB), checked while unpacking. */
export const PACKAGE_LIMITS = { maxFiles: 10_000, maxUnpackedBytes: 2 * 1024 ** 3 } as const;
/** The course form with its package zip, certificate and activity files: streamed to disk, up to 2 GB. */
export const COURSE_FORM_BODY_LIMIT = 2 * 1024 ** 3;
export const CERTIFICATE_IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif', 'webp'] as const;
export const COURSE_SORT_FIELDS = ['name', 'id', 'credit_cost', 'validity_period', 'created_at'] as const;
const PACKAGE_SCORM_VERSIONS = ['1.2', '2004'] as const;

export const courseActivitySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.number().int(),
  description: z.string(),
  type: z.enum(ACTIVITY_TYPES),
  file_url: z.string().nullable(),
  file_name: z.string().nullable(),
});
export type CourseActivity = z.infer<typeof courseActivitySchema>;

export const courseSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Sanitised HTML (sanitised when saved). */
  description: z.string(),
  category_ids: z.array(z.number().int()),
  categories: z.array(categorySchema),
  company_id: z.number().int().nullable(),
  duration: z.string().nullable(),
  validity_period: z.number().int(),
  sku: z.string().nullable(),
  wp_link: z.string().nullable(),
  credit_cost: z.number().int(),
  has_bridging: z.union([z.literal(0), z.literal(1)]),
  scorm_version: z.enum(PACKAGE_SCORM_VERSIONS).nullable(),
  file_name: z.string().nullable(),
  certificate_link: z.string().nullable(),
  created_at: z.string(),
  /** Company callers only: in the company's selection, and whether the company has enrolments on it. */
  selected: z.boolean().optional(),
  has_enrollments: z.boolean().optional(),
});
export type CourseSummary = z.infer<typeof courseSummarySchema>;

export const courseDetailSchema = courseSummarySchema.extend({
  activities: z.array(courseActivitySchema),
  /** 0–100: decides a pass when the content reports a score and no success (null: none). */
  pass_mark: z.number().int().nullable(),
  /** The package's own passing score as a percentage (1.2 mastery score, 2004 scaled passing score), or null. */
  package_pass_mark: z.number().int().nullable(),
});
export type CourseDetail = z.infer<typeof courseDetailSchema>;

/** The page numbers of the course list as the current frontends read them (the same as the page fields). */
export const pageMetaSchema = z.object({
  current_page: z.number().int(),
  last_page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
});

/**
 * The Courses tab and the company /courses page: search, sortBy, sortDir, page, per_page, and a
 * category. The company page asks for CATALOGUE_PAGE_SIZE (10) per page; the admin tab takes the default.
 */
export const listCoursesQuerySchema = listQuery({
  sortable: COURSE_SORT_FIELDS,
  defaultSort: 'name',
  defaultDir: 'asc',
  perPage: { default: ADMIN_PAGE_SIZE },
  names: { ...ADMIN_LIST_PARAMS, perPage: 'per_page' },
  filters: { category_id: idParam.optional() },
});
export type ListCoursesQuery = z.output<typeof listCoursesQuerySchema>;

export const listCourses = defineRoute({
  name: 'courses.list',
  method: 'GET',
  path: '/api/courses',
  service: 'catalogue',
  access: ['manager', 'admin'],
  summary:
    'Courses, searched (2+ characters, case-insensitive substring of the title), filtered by category, sorted and paginated. ' +
    'Admins see every course; a company sees the shared courses and its own company-specific ones, with its selection.',
  query: listCoursesQuerySchema,
  response: pageSchema(courseSummarySchema).extend({
    meta: pageMetaSchema,
    /** The calling company's selected courses (company callers only). */
    selected: z.array(z.object({ id: z.number().int(), name: z.string() })).optional(),
  }),
});

export const getCourse = defineRoute({
  name: 'courses.get',
  method: 'GET',
  path: '/api/courses/{id}',
  service: 'catalogue',
  access: ['admin'],
  summary: 'One course with its activities, for the admin edit screen.',
  params: z.object({ id: idParam }),
  response: z.object({ data: courseDetailSchema }),
});

const formInt = (label: string, min: number, max: number) =>
  decimal(
    z
      .number({ error: `${label} must be a whole number written as plain digits, like 12.` })
      .int(`${label} must be a whole number.`)
      .min(min, `${label} must be at least ${min}.`)
      .max(max, `${label} must be at most ${max}.`),
  );

const formBoolean = z
  .union([z.boolean(), z.enum(['0', '1', 'true', 'false', 'on', 'off', ''])], { error: 'Choose yes or no.' })
  .transform((v) => v === true || v === '1' || v === 'true' || v === 'on');

const optionalText = (max: number, label: string) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(max, `${label} may be at most ${max} characters.`)
    .optional()
    .transform((v) => (v ? v : null));

/** A file part; `whenMissing` is what to say when none was chosen at all. */
const fileField = (label: string, whenMissing = `Choose ${label.replace(/^The /, 'the ')}.`) =>
  z.instanceof(File, { error: (issue) => (issue.input === undefined || issue.input === '' ? whenMissing : `${label} must be a file.`) });

export const COURSE_PACKAGE_MISSING = "Choose the course's SCORM package (.zip).";

export const courseActivityInputSchema = z.object({
  /** Set when editing an existing activity. */
  id: idParam.optional(),
  name: z
    .string({ error: 'Enter the activity name.' })
    .trim()
    .min(1, 'Enter the activity name.')
    .max(191, 'The name may be at most 191 characters.'),
  /** A number the learner types on site; generated when left blank. */
  code: z
    .union([z.string(), z.number()], { error: 'The code must be a number.' })
    .optional()
    .transform((v) => (v === undefined ? '' : String(v).trim()))
    .refine((v) => v === '' || /^\d{1,9}$/.test(v), 'The code must be a number of up to 9 digits.'),
  description: z.string({ error: 'Enter a description.' }).max(20_000, 'The description is too long.').optional().default(''),
  type: z.enum(ACTIVITY_TYPES, { error: 'Choose file or video.' }),
  file: fileField('The activity file').optional(),
  /** Editing: '1' removes the activity's current file. */
  remove_file: formBoolean.optional(),
});

const courseFormFields = {
  name: z
    .string({ error: 'Enter the course name.' })
    .trim()
    .min(1, 'Enter the course name.')
    .max(191, 'The name may be at most 191 characters.'),
  description: z.string({ error: 'Enter a description.' }).max(100_000, 'The description is too long.').optional().default(''),
  category_ids: z.preprocess(asList, z.array(idParam, { error: 'Choose categories.' }).max(50, 'Too many categories.')),
  /** Required when 'Company Specific' is ticked; cleared otherwise. */
  company_id: z.preprocess((v) => (v === '' || v === 'null' ? undefined : v), idParam.optional()),
  duration: optionalText(64, 'The duration'),
  validity_period: formInt('The validity period', 1, 100),
  sku: optionalText(64, 'The SKU'),
  wp_link: z
    .string({ error: 'The link must be text.' })
    .trim()
    .max(255, 'The link may be at most 255 characters.')
    .optional()
    .refine((v) => !v || /^https?:\/\/[^\s]+$/i.test(v), 'Enter a full web address starting with http:// or https://.')
    .transform((v) => (v ? v : null)),
  credit_cost: formInt('The credit cost', 0, 10_000),
  has_bridging: formBoolean.optional().default(false),
  /** Blank: the package's own passing score when it names one, otherwise none. */
  pass_mark: z.preprocess((v) => (v === '' || v === null ? undefined : v), formInt('The pass mark', 0, 100).optional()),
  certificate: fileField('The certificate').optional(),
  activities: z.preprocess(asList, z.array(courseActivityInputSchema).max(100, 'Too many activities.')).optional(),
};

export const createCourseBodySchema = z.preprocess(
  nestFormFields,
  z.object({ ...courseFormFields, file: fileField('The course package', COURSE_PACKAGE_MISSING) }),
);
export const updateCourseBodySchema = z.preprocess(
  nestFormFields,
  z.object({
    ...courseFormFields,
    file: fileField('The course package', COURSE_PACKAGE_MISSING).optional(),
    /** The form's method override: the route is POST, the intent PUT (spec §7). */
    _method: z.literal('PUT', { error: 'Send _method=PUT.' }).optional(),
  }),
);
export type CourseFormBody = z.output<typeof updateCourseBodySchema>;

export const createCourse = defineRoute({
  name: 'courses.create',
  method: 'POST',
  path: '/api/courses',
  service: 'catalogue',
  access: ['admin'],
  summary: 'Creates a course from a multipart form with its SCORM package zip (unpacked safely, manifest read).',
  body: createCourseBodySchema,
  bodyType: 'multipart',
  bodyLimit: COURSE_FORM_BODY_LIMIT,
  response: z.object({ success: z.literal(true), message: z.string(), data: courseDetailSchema, warnings: z.array(z.string()) }),
});

export const updateCourse = defineRoute({
  name: 'courses.update',
  method: 'POST',
  path: '/api/courses/{id}',
  service: 'catalogue',
  access: ['admin'],
  summary: 'Saves a course (multipart, method override _method=PUT); a new package replaces the old one.',
  params: z.object({ id: idParam }),
  body: updateCourseBodySchema,
  bodyType: 'multipart',
  bodyLimit: COURSE_FORM_BODY_LIMIT,
  response: z.object({ success: z.literal(true), message: z.string(), data: courseDetailSchema, warnings: z.array(z.string()) }),
});

export const deleteCourse = defineRoute({
  name: 'courses.delete',
  method: 'DELETE',
  path: '/api/courses/{id}',
  service: 'catalogue',
  access: ['admin'],
  summary: 'Deletes a course, its package and activities; its enrolments go and their credits return to the companies.',
  params: z.object({ id: idParam }),
  response: z.object({
    success: z.literal(true),
    message: z.string(),
    removed_enrollments: z.number().int(),
    refunded_credits: z.number().int(),
  }),
});

/* ------------------------------------------------------- company selection */

export const toggleCourse = defineRoute({
  name: 'courses.toggle',
  method: 'POST',
  path: '/api/courses/{id}/toggle',
  service: 'catalogue',
  access: ['manager', 'admin'],
  summary: "Flips a course in the calling company's selection; a course with enrolments cannot be removed.",
  params: z.object({ id: idParam }),
  response: z.object({ success: z.literal(true), data: z.array(z.number().int()) }),
});

/* ------------------------------------------------ company edit / bridging */

export const bridgingActivitySchema = z.object({
  id: z.number().int(),
  /** The course activity this bridging activity belongs to. */
  activity_id: z.number().int(),
  name: z.string(),
  code: z.number().int(),
  description: z.string(),
  enabled: z.boolean(),
  type: z.enum(ACTIVITY_TYPES),
  file_url: z.string().nullable(),
});
export type BridgingActivity = z.infer<typeof bridgingActivitySchema>;

export const listBridgingActivities = defineRoute({
  name: 'courses.bridgingActivities',
  method: 'GET',
  path: '/api/courses/{id}/bridgingActivities',
  service: 'catalogue',
  access: ['manager', 'admin'],
  summary: "The calling company's bridging activities of a course, with the company's certificate expiry for it.",
  params: z.object({ id: idParam }),
  response: z.object({
    data: z.array(bridgingActivitySchema),
    course: z.object({ id: z.number().int(), name: z.string(), validity_period: z.number().int(), has_bridging: z.boolean() }),
  }),
});

export const editCompanyCourseBodySchema = z.object({
  validity_period: decimal(
    z
      .number({ error: 'The certificate expiry must be a number of years.' })
      .int('The certificate expiry must be a whole number of years.')
      .min(1, 'The certificate expiry must be at least 1 year.')
      .max(100, 'The certificate expiry must be at most 100 years.'),
  ),
  activities: z
    .array(
      z
        .object({
          id: idParam,
          description: z.string({ error: 'Enter a description.' }).trim().max(5000, 'The description may be at most 5000 characters.'),
          enabled: z.boolean({ error: 'Choose whether the activity is enabled.' }),
        })
        .refine((a) => !a.enabled || a.description.length > 0, {
          path: ['description'],
          message: 'Enter a description for an enabled activity.',
        }),
      { error: 'Send the list of activities.' },
    )
    .max(100, 'Too many activities.')
    .default([]),
});

export const editCompanyCourse = defineRoute({
  name: 'companyCourse.edit',
  method: 'POST',
  path: '/companyCourse/edit/{id}',
  service: 'catalogue',
  access: ['manager', 'admin'],
  summary: "Saves the calling company's certificate expiry (years) and bridging activities for a course.",
  params: z.object({ id: idParam }),
  body: editCompanyCourseBodySchema,
  response: z.object({ success: z.literal(true), message: z.string() }),
});

export const bridgingActivityQrCode = defineRoute({
  name: 'bridgingActivity.qrCode',
  method: 'GET',
  path: '/api/bridgingActivity/qrCode/{id}',
  service: 'catalogue',
  access: ['manager', 'admin'],
  summary: "A bridging activity's QR code as a PNG download (the company's own activities only).",
  params: z.object({ id: idParam }),
  response: z.unknown(),
  responseType: 'file',
});

export const catalogueRoutes = [
  listCategories,
  listCourses,
  getCourse,
  createCourse,
  updateCourse,
  deleteCourse,
  toggleCourse,
  listBridgingActivities,
  editCompanyCourse,
  bridgingActivityQrCode,
] as const;
