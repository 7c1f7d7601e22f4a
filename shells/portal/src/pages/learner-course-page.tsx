import { useParams } from 'react-router';
import { EmptyState } from '@portal/design-system';

/** /learn/{enrollmentId}: the SCORM player arrives in a later release. */
export function LearnerCoursePage() {
  const { enrollmentId } = useParams();
  return (
    <div className="shell-minimal-placeholder" data-testid="placeholder-page">
      <EmptyState title="This course is being prepared">
        <p>
          The course player for enrolment #{enrollmentId} is on its way. Use <strong>Exit course</strong> to return to your
          dashboard.
        </p>
      </EmptyState>
    </div>
  );
}
