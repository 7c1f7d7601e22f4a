export { StatusPill, STATUS_LABELS } from './status-pill';
export type { StatusPillProps, CourseStatus } from './status-pill';
