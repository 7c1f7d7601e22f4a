import { learnerDashboard } from '@portal/contracts';
import { EmptyState, PageHeader, SkeletonBlock } from '@portal/design-system';
import { LoadError, useApiQuery, useSiteSettings, type RemotePageProps } from '@portal/frontend-kit';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { CourseCard } from '../modules/enrolments/course-card';
import '../modules/enrolments/learner.css';

// Opens only when a course starts: its form (react-hook-form, zod) loads then, not with the page.
const NameConfirmation = lazy(() =>
  import('../modules/enrolments/name-confirmation').then((module) => ({ default: module.NameConfirmation })),
);

/** The learner's home: welcome, course cards, help (spec §2 "Learner dashboard"). */
export default function LearnerDashboard({ session, api }: RemotePageProps) {
  const query = useApiQuery('dashboard', () => api.call(learnerDashboard));
  const name = query.status === 'success' ? query.data.learner_name : (session?.name ?? '');
  const helpEmail = query.status === 'success' ? query.data.help_email : null;
  const navigate = useNavigate();
  const { shop_url: shopUrl } = useSiteSettings();
  const [startingId, setStartingId] = useState<number | null>(null);

  return (
    <div className="learner-dashboard" data-testid="learner-dashboard">
      {session?.is_first_visit ? (
        <PageHeader title={`Welcome, ${name}`} subtitle="Here are your courses. Start one whenever you are ready." />
      ) : (
        <PageHeader title={`Welcome back, ${name}`} subtitle="Here are your courses. Pick up where you left off." />
      )}
      {query.status === 'loading' ? (
        <div className="learner-grid" role="status">
          <span className="ds-visually-hidden">Loading your courses…</span>
          <SkeletonBlock height="220px" />
          <SkeletonBlock height="220px" />
          <SkeletonBlock height="220px" />
        </div>
      ) : null}
      {query.status === 'error' ? <LoadError error={query.error} onRetry={query.reload} what="your courses" /> : null}
      {query.status === 'success' ? (
        <section aria-labelledby="learner-courses-title">
          <h2 id="learner-courses-title" className="learner-section-title">
            Your courses
          </h2>
          {query.data.enrollments.length === 0 ? (
            <EmptyState title="You have not been enrolled in any courses yet." />
          ) : (
            <div className="learner-grid">
              {query.data.enrollments.map((enrolment) => (
                <CourseCard
                  key={enrolment.id}
                  enrollment={enrolment}
                  {...(session ? { onStart: setStartingId, certificates: { api, userId: session.id } } : {})}
                />
              ))}
            </div>
          )}
        </section>
      ) : null}
      {startingId !== null && session ? (
        <Suspense fallback={null}>
          <NameConfirmation
            api={api}
            userId={session.id}
            currentName={name}
            onClose={() => setStartingId(null)}
            onConfirmed={() => void navigate(`/learn/${startingId}`)}
          />
        </Suspense>
      ) : null}
      <aside className="learner-help" aria-labelledby="learner-help-title">
        <h2 id="learner-help-title" className="learner-section-title">
          Need help?
        </h2>
        <p>
          If you have any questions about your courses, email{' '}
          {helpEmail ? <a href={`mailto:${helpEmail}`}>{helpEmail}</a> : 'our support team'}.
        </p>
        {query.status === 'success' && query.data.is_purchased_account ? (
          <p className="learner-help__links">
            <a href="/purchase-history">Purchase history</a>
            <a href={shopUrl} target="_blank" rel="noopener noreferrer">
              Visit the shop<span className="ds-visually-hidden"> (opens in a new tab)</span>
            </a>
          </p>
        ) : null}
      </aside>
    </div>
  );
}
