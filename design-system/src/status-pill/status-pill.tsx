import type { ReactNode } from 'react';

export type CourseStatus = 'not-started' | 'in-progress' | 'passed' | 'failed' | 'expired';

export const STATUS_LABELS: Record<CourseStatus, string> = {
  'not-started': 'Not Started',
  'in-progress': 'In Progress',
  passed: 'Passed',
  failed: 'Failed',
  expired: 'Expired',
};

export interface StatusPillProps {
  status: CourseStatus;
  /** Overrides the default text for the status. */
  children?: ReactNode;
}

export function StatusPill({ status, children }: StatusPillProps) {
  return (
    <span className={`ds-pill ds-pill--${status}`}>
      <span className="ds-pill__dot" aria-hidden="true" />
      {children ?? STATUS_LABELS[status]}
    </span>
  );
}
