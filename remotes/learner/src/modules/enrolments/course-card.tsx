import { lazy, Suspense } from 'react';
import { useNavigate } from 'react-router';
import { formatDate, type ApiClient, type LearnerEnrolment } from '@portal/contracts';
import { Button, ButtonLink, ProgressBar, StatusPill } from '@portal/design-system';
import { useSiteSettings } from '@portal/frontend-kit';
// Loaded with the first passed card: the dashboard's first paint needs neither (their forms pull in react-hook-form).
const CertificateActions = lazy(() => import('../certificates/certificate-actions').then((m) => ({ default: m.CertificateActions })));
const CertificateHistory = lazy(() => import('../certificates/certificate-history').then((m) => ({ default: m.CertificateHistory })));
import { plainText } from './plain-text';

/** What the certificate actions need: the client, and whose history to list. */
export interface CertificateContext {
  api: ApiClient;
  userId: number;
}

/** One course summary in the state the server computed (spec §2 "Learner course card"). */
export function CourseCard({
  enrollment: enrolment,
  onStart,
  certificates,
}: {
  enrollment: LearnerEnrolment;
  onStart?: (enrolmentId: number) => void;
  /** Download, email, share and history of a passed course's certificate; without it, a plain download link. */
  certificates?: CertificateContext;
}) {
  const { id, course, state } = enrolment;
  const description = plainText(course.description);
  const headingId = `course-${id}-title`;
  return (
    <article className={`learner-card learner-card--${state}`} aria-labelledby={headingId} data-testid="course-card" data-state={state}>
      <div className="learner-card__top">
        <StatusPill status={state} />
      </div>
      <h3 id={headingId} className="learner-card__title">
        {course.name}
      </h3>
      {description ? <p className="learner-card__description">{description}</p> : null}
      <div className="learner-card__footer">
        <CardDetails enrollment={enrolment} />
        <RenewalNote enrollment={enrolment} />
        <CardActions enrollment={enrolment} {...(onStart ? { onStart } : {})} {...(certificates ? { certificates } : {})} />
        {certificates && (state === 'passed' || state === 'expired' || enrolment.renewal) ? (
          <Suspense fallback={null}>
            <CertificateHistory api={certificates.api} userId={certificates.userId} course={course} />
          </Suspense>
        ) : null}
      </div>
    </article>
  );
}

/**
 * A re-enrolment's history (issue 32 item 4): the earlier pass is no card of its own (its Renew
 * link would have the learner pay again), so this card says it was renewed and when that pass ran out.
 */
function RenewalNote({ enrollment: enrolment }: { enrollment: LearnerEnrolment }) {
  const renewal = enrolment.renewal;
  if (!renewal) return null;
  const expiry = renewal.previous_expires_at
    ? `, previous pass ${renewal.previous_expired ? 'expired' : 'expires'} ${formatDate(renewal.previous_expires_at)}`
    : '';
  return (
    <p className="learner-card__renewal" data-testid="course-renewal">
      Renewed on {formatDate(renewal.renewed_at)}
      {expiry}
    </p>
  );
}

function CardDetails({ enrollment: enrolment }: { enrollment: LearnerEnrolment }) {
  if (enrolment.state === 'passed') {
    return (
      <dl className="learner-card__dates">
        <div>
          <dt>Passed</dt>
          <dd>{formatDate(enrolment.passed_at)}</dd>
        </div>
        {enrolment.expired_at ? (
          <div>
            <dt>Expires</dt>
            <dd>{formatDate(enrolment.expired_at)}</dd>
          </div>
        ) : null}
      </dl>
    );
  }
  if (enrolment.state === 'expired') {
    return (
      <p className="learner-card__expired">
        <strong>Expired</strong>
        {enrolment.expired_at ? <span> on {formatDate(enrolment.expired_at)}</span> : null}
      </p>
    );
  }
  // The content's own progress measure (SCORM 2004), when it reports one.
  if (enrolment.state === 'in-progress' && enrolment.progress !== null && enrolment.progress !== undefined) {
    return (
      <div className="learner-card__progress" data-testid="course-progress">
        <ProgressBar value={enrolment.progress} label="Progress" />
      </div>
    );
  }
  return null;
}

function CardActions({
  enrollment: enrolment,
  onStart,
  certificates,
}: {
  enrollment: LearnerEnrolment;
  onStart?: (enrolmentId: number) => void;
  certificates?: CertificateContext;
}) {
  const navigate = useNavigate();
  // Renewing buys again: the course's own page, else the credit purchase address of the Site tab.
  const { credit_purchase_url: creditPurchaseUrl } = useSiteSettings();
  const { id, course, state } = enrolment;
  const name = <span className="ds-visually-hidden"> {course.name}</span>;

  switch (state) {
    case 'expired':
      return (
        <div className="learner-card__actions">
          <ButtonLink href={course.wp_link ?? creditPurchaseUrl} target="_blank" rel="noopener noreferrer">
            Renew{name}
            <span className="ds-visually-hidden"> (opens in a new tab)</span>
          </ButtonLink>
        </div>
      );
    case 'passed':
      if (certificates) {
        return (
          <Suspense fallback={null}>
            <CertificateActions api={certificates.api} enrolmentId={id} course={course} code={enrolment.certificate_code} />
          </Suspense>
        );
      }
      return (
        <div className="learner-card__actions">
          <ButtonLink href={`/api/enrollments/${id}/certificate`} download>
            Download certificate{name}
          </ButtonLink>
          {enrolment.certificate_code ? (
            <ButtonLink href={`/verify?code=${encodeURIComponent(enrolment.certificate_code)}`} variant="secondary">
              Verify{name}
            </ButtonLink>
          ) : null}
        </div>
      );
    case 'not-started':
      // Start Course first opens the name confirmation (spec §2).
      return (
        <div className="learner-card__actions">
          <Button onClick={() => (onStart ? onStart(id) : navigate(`/learn/${id}`))}>Start Course{name}</Button>
        </div>
      );
    default:
      return (
        <div className="learner-card__actions">
          <ButtonLink href={`/learn/${id}`}>Continue Course{name}</ButtonLink>
        </div>
      );
  }
}
