import type { CourseDetail } from '@portal/contracts';

/** The add / edit course form's values, and the multipart body they become. */
export interface ActivityValues {
  id?: number;
  name: string;
  code: string;
  description: string;
  type: 'file' | 'video';
  file?: File;
  current_file?: string | null;
}

export interface CourseValues {
  name: string;
  description: string;
  category_ids: string[];
  company_id?: number | '';
  duration: string;
  validity_period: number | string;
  sku: string;
  wp_link: string;
  credit_cost: number | string;
  /** 0–100, or '' for the package's own passing score (prefilled from it once saved). */
  pass_mark: number | string;
  has_bridging: boolean;
  file?: File;
  certificate?: File;
  activities: ActivityValues[];
}

export const EMPTY_COURSE: CourseValues = {
  name: '',
  description: '',
  category_ids: [],
  company_id: '',
  duration: '',
  validity_period: 1,
  sku: '',
  wp_link: '',
  credit_cost: 1,
  pass_mark: '',
  has_bridging: false,
  activities: [],
};

/** The form's values for a saved course; files stay empty (the current ones are named beside the inputs). */
export function valuesOfCourse(course: CourseDetail): CourseValues {
  return {
    name: course.name,
    description: course.description,
    category_ids: course.category_ids.map(String),
    company_id: course.company_id ?? '',
    duration: course.duration ?? '',
    validity_period: course.validity_period,
    sku: course.sku ?? '',
    wp_link: course.wp_link ?? '',
    credit_cost: course.credit_cost,
    pass_mark: course.pass_mark ?? '',
    has_bridging: course.has_bridging === 1,
    activities: course.activities.map((a) => ({
      id: a.id,
      name: a.name,
      code: String(a.code),
      description: a.description,
      type: a.type,
      current_file: a.file_name,
    })),
  };
}

/**
 * The body of POST /api/courses (or /api/courses/{id} with the PUT method override): category ids
 * as numbers, the company only for 'Company Specific' courses (un-ticking it clears company_id),
 * and activities without the name of their current file.
 */
export function courseRequestBody(
  values: CourseValues,
  { isNew, isCompanySpecific }: { isNew: boolean; isCompanySpecific: boolean },
): Record<string, unknown> {
  return {
    ...values,
    category_ids: values.category_ids.map(Number),
    company_id: isCompanySpecific ? values.company_id : undefined,
    activities: values.activities.map(({ current_file: _current, ...activity }) => activity),
    ...(isNew ? {} : { _method: 'PUT' }),
  };
}
