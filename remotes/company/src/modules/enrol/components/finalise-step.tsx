import { useId, useState, type PointerEvent, type ReactNode } from 'react';
import { CREDIT_MESSAGES, ENROLLING_MESSAGES, wizardEnrolQuote, type ApiClient, type CourseSummary } from '@portal/contracts';
import { Button, Notice } from '@portal/design-system';
import { useApiQuery } from '@portal/frontend-kit';
import { finaliseCharge } from '../enrol-cost';
import { wizardLearners, type ChosenEmployee, type WizardState } from '../wizard-state';
import { FinaliseCostCard } from './finalise-cost-card';
import { FinaliseLearnersTable } from './finalise-learners-table';

/** The tooltip's widest (18rem): kept inside the window near its right edge. */
const TOOLTIP_WIDTH_PX = 300;

export const NOTHING_TO_ENROL = ENROLLING_MESSAGES.nothingToEnrol;

/** One learner of the finalise table: a chosen employee or a reviewed spreadsheet row. */
export interface FinaliseLearner {
  key: string;
  name: string;
  email: string | null;
  isNew: boolean;
  enrolled_course_ids: readonly number[];
}

export function finaliseLearners(state: Pick<WizardState, 'employees' | 'newEmployees' | 'bulkRows'>): FinaliseLearner[] {
  const fromEmployee = (e: ChosenEmployee): FinaliseLearner => ({
    key: `user-${e.id}`,
    name: e.name,
    email: e.email,
    isNew: false,
    enrolled_course_ids: e.enrolled_course_ids,
  });
  const learners = state.employees.map(fromEmployee);
  for (const draft of state.newEmployees) {
    learners.push({ key: draft.key, name: draft.name, email: draft.email, isNew: true, enrolled_course_ids: [] });
  }
  const seen = new Set(state.employees.map((e) => e.id));
  for (const row of state.bulkRows) {
    if (!row.ok) continue;
    if (row.existing_user_id !== null) {
      if (seen.has(row.existing_user_id)) continue;
      seen.add(row.existing_user_id);
      learners.push({
        key: `user-${row.existing_user_id}`,
        name: row.existing_user_name ?? row.Name,
        email: row.Email,
        isNew: false,
        enrolled_course_ids: row.enrolled_course_ids,
      });
    } else {
      learners.push({ key: `row-${row.row}`, name: row.Name, email: row.Email, isNew: true, enrolled_course_ids: [] });
    }
  }
  return learners;
}

/**
 * 'You do not have enough credits for this enrollment' next to the pointer while it is over the
 * Finalise button (spec §5), and beside the button while it has keyboard focus. The same text is the
 * button's description for screen readers.
 */
function CreditTooltip({ isShown, descriptionId, children }: { isShown: boolean; descriptionId: string; children: ReactNode }) {
  const [pointer, setPointer] = useState<{ x: number; y: number } | null>(null);
  const [hasFocus, setHasFocus] = useState(false);
  const follow = (event: PointerEvent) => setPointer({ x: event.clientX, y: event.clientY });
  return (
    <span
      className="enrol-credit-tooltip-anchor"
      onPointerEnter={follow}
      onPointerMove={follow}
      onPointerLeave={() => setPointer(null)}
      onFocus={() => setHasFocus(true)}
      onBlur={() => setHasFocus(false)}
    >
      {children}
      <span id={descriptionId} className="ds-visually-hidden">
        {isShown ? CREDIT_MESSAGES.notEnough : ''}
      </span>
      {isShown && (pointer || hasFocus) ? (
        <span
          role="tooltip"
          className="enrol-credit-tooltip"
          style={
            pointer
              ? { position: 'fixed', left: Math.min(pointer.x + 14, window.innerWidth - TOOLTIP_WIDTH_PX), top: pointer.y + 16 }
              : { position: 'absolute', left: 0, top: 'calc(100% + 6px)' }
          }
        >
          {CREDIT_MESSAGES.notEnough}
        </span>
      ) : null}
    </span>
  );
}

/** The body finalise sends (and the quote prices): the same learners, courses and choices. */
export function finaliseBody(state: WizardState, companyId: number, payFromParent: boolean) {
  const learners = wizardLearners(state);
  return {
    courses: [...state.courseIds],
    users: learners.users,
    newUsers: learners.newUsers,
    companyID: companyId,
    pay_from_parent: payFromParent,
  };
}

/**
 * Step 3 (spec §4, §9): courses × learners, the cost, and per paying account the balance before
 * and after (the server's quote of this very body: issue 32 item 2), and Finalise.
 */
export function FinaliseStep({
  api,
  companyId,
  ownCompanyId,
  companyName,
  allCourses,
  state,
  payFromParent,
  onPayFromParent,
  isSubmitting,
  onBack,
  onFinalise,
}: {
  api: ApiClient;
  companyId: number;
  /** The signed-in manager's own company (the parent, when they have depots). */
  ownCompanyId: number | null;
  companyName: string;
  allCourses: readonly CourseSummary[];
  state: WizardState;
  payFromParent: boolean;
  onPayFromParent: (value: boolean) => void;
  isSubmitting: boolean;
  onBack: () => void;
  onFinalise: () => void;
}) {
  const descriptionId = useId();
  const body = finaliseBody(state, companyId, payFromParent);
  const quote = useApiQuery(`enrol-quote:${JSON.stringify(body)}`, () => api.call(wizardEnrolQuote, { body }).then((r) => r.data));
  const learners = finaliseLearners(state);
  const chosen = allCourses.filter((course) => state.courseIds.includes(course.id));
  const courses = chosen.length ? chosen : allCourses;
  const charge = finaliseCharge(allCourses, state.courseIds, learners);
  const enrolments = quote.status === 'success' ? quote.data.enrolments : charge.enrolments;
  const isEmpty = enrolments === 0;
  const isBlocked = quote.status === 'success' && !quote.data.is_enough;

  return (
    <div className="enrol-finalise">
      <FinaliseLearnersTable learners={learners} courses={courses} />
      <FinaliseCostCard
        companyName={companyName}
        courses={courses}
        learnerCount={learners.length}
        charge={charge}
        quote={quote}
        isBlocked={isBlocked}
        ownCompanyId={ownCompanyId}
        payFromParent={payFromParent}
        onPayFromParent={onPayFromParent}
      />
      {isEmpty && learners.length ? (
        <Notice tone="warning">
          <span data-testid="enrol-nothing-to-enrol">{NOTHING_TO_ENROL}</span>
        </Notice>
      ) : null}
      <div className="enrol-actions">
        <Button type="button" variant="secondary" onClick={onBack}>
          Back
        </Button>
        <CreditTooltip isShown={isBlocked} descriptionId={descriptionId}>
          <Button
            type="button"
            className="enrol-finalise-button"
            loading={isSubmitting}
            aria-disabled={isBlocked || isEmpty || quote.status !== 'success' || undefined}
            aria-describedby={descriptionId}
            onClick={() => {
              if (!isBlocked && !isEmpty && quote.status === 'success') onFinalise();
            }}
          >
            Finalise Enrollment
          </Button>
        </CreditTooltip>
      </div>
    </div>
  );
}
