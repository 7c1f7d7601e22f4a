import { StatPanel } from '@portal/design-system';
import type { DashboardData } from './dashboard-data';

const icon = (path: string) => (
  <svg
    width="22"
    height="22"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
  >
    <path d={path} />
  </svg>
);

/** `creditPurchaseUrl`: the Site tab's credit purchase address. */
export function DashboardStats({ stats, creditPurchaseUrl }: { stats: DashboardData['stats']; creditPurchaseUrl: string }) {
  return (
    <div className="company-stats">
      <StatPanel
        label="Learners enrolled"
        value={stats.learners_enrolled}
        href="/reporting"
        linkLabel="View enrolments"
        icon={icon(
          'M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8M22 21v-2a4 4 0 0 0-3-3.9M16 3.1a4 4 0 0 1 0 7.8',
        )}
      />
      <StatPanel
        label="Credits remaining"
        value={stats.credits_remaining}
        href={creditPurchaseUrl}
        linkLabel="Buy more credits"
        external
        icon={icon('M12 2v20M17 5H9.5a3.5 3.5 0 0 0 0 7h5a3.5 3.5 0 0 1 0 7H6')}
      />
      <StatPanel
        label="Courses passed"
        value={stats.courses_passed}
        href="/reporting?s=3"
        linkLabel="View passed courses"
        icon={icon('M22 11.1V12a10 10 0 1 1-5.9-9.1M22 4 12 14l-3-3')}
      />
    </div>
  );
}
