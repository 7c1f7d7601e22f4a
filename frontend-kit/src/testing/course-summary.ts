import type { CourseSummary } from '@portal/contracts';

/** A catalogue course as the course lists answer it, for component tests: give what the test is about. */
export function courseSummaryFake(id: number, name: string, overrides: Partial<CourseSummary> = {}): CourseSummary {
  return {
    id,
    name,
    description: '',
    category_ids: [],
    categories: [],
    company_id: null,
    duration: null,
    validity_period: 1,
    sku: null,
    wp_link: null,
    credit_cost: 1,
    has_bridging: 0,
    scorm_version: '1.2',
    file_name: null,
    certificate_link: null,
    created_at: '2026-01-02T00:00:00.000Z',
    ...overrides,
  };
}
