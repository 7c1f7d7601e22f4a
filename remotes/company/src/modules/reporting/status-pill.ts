import type { ReportingStatus } from '@portal/contracts';
import type { CourseStatus } from '@portal/design-system';

/** The design system's pill colours: blue In Progress, green Passed, red Failed, neutral Not Started. */
export const STATUS_PILL: Record<ReportingStatus, CourseStatus> = {
  not_started: 'not-started',
  in_progress: 'in-progress',
  passed: 'passed',
  failed: 'failed',
};
