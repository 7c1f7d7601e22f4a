import { useId, useState, type PointerEvent, type ReactNode } from 'react';
import { CREDIT_MESSAGES, ENROLLING_MESSAGES, wizardEnrolQuote, type ApiClient, type CourseSummary } from '@portal/contracts';
import { Button, Card, Notice, Pagination, SkeletonBlock, Table, type TableColumn } from '@portal/design-system';
import { LoadError, useApiQuery } from '@portal/frontend-kit';
import { finaliseCharge } from '../enrol-cost';
import { wizardLearners, type ChosenEmployee, type WizardState } from '../wizard-state';
import { PaidFrom } from './paid-from';

const PAGE_SIZE = 10;
/** The tooltip's widest (18rem): kept inside the window near its right edge. */
const TOOLTIP_WIDTH_PX = 300;
const credits = (n: number) => `${n} credit${n === 1 ? '' : 's'}`;
const sum = <K extends string>(rows: readonly Record<K, number>[], key: K) => rows.reduce((total, row) => total + row[key], 0);

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
  const [page, setPage] = useState(1);
  const body = finaliseBody(state, companyId, payFromParent);
  const quote = useApiQuery(`enrol-quote:${JSON.stringify(body)}`, () => api.call(wizardEnrolQuote, { body }).then((r) => r.data));
  const learners = finaliseLearners(state);
  const chosen = allCourses.filter((course) => state.courseIds.includes(course.id));
  const courses = chosen.length ? chosen : allCourses;
  const charge = finaliseCharge(allCourses, state.courseIds, learners);
  const cost = quote.status === 'success' ? quote.data.credits : charge.cost;
  const enrolments = quote.status === 'success' ? quote.data.enrolments : charge.enrolments;
  const isEmpty = enrolments === 0;
  const isBlocked = quote.status === 'success' && !quote.data.is_enough;
  const courseNames = (ids: readonly number[]) => ids.map((id) => courses.find((c) => c.id === id)?.name ?? `Course ${id}`).join(', ');

  const lastPage = Math.max(1, Math.ceil(learners.length / PAGE_SIZE));
  const current = Math.min(page, lastPage);
  const columns: TableColumn<FinaliseLearner>[] = [
    {
      key: 'learner',
      header: 'Learner',
      render: (l) => (
        <span className="enrol-learner-cell">
          <span>{l.name}</span>
          <span className="enrol-muted">
            {l.email ?? 'Login code'}
            {l.isNew ? ' · new account' : ''}
          </span>
        </span>
      ),
    },
    ...courses.map((course): TableColumn<FinaliseLearner> => ({
      key: `course-${course.id}`,
      header: course.name,
      align: 'center',
      render: (l) =>
        l.enrolled_course_ids.includes(course.id) ? (
          <span className="enrol-muted">Already enrolled</span>
        ) : (
          <span>{credits(course.credit_cost)}</span>
        ),
    })),
  ];

  return (
    <div className="enrol-finalise">
      <Table
        caption="Courses and learners"
        columns={columns}
        rows={learners.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE)}
        rowKey={(l) => l.key}
        emptyText="No learners chosen yet."
        stackOnMobile
      />
      {lastPage > 1 ? (
        <Pagination page={current} lastPage={lastPage} onPageChange={(next) => setPage(Math.max(1, Math.min(next, lastPage)))} />
      ) : null}
      <Card title="Cost">
        <dl className="enrol-cost" data-testid="enrol-cost">
          <div>
            <dt>New employees belong to</dt>
            <dd>{companyName}</dd>
          </div>
          <div>
            <dt>Courses × learners</dt>
            <dd>
              {courses.length} course{courses.length === 1 ? '' : 's'} × {learners.length} learner{learners.length === 1 ? '' : 's'}
            </dd>
          </div>
          <div>
            <dt>Enrolments charged</dt>
            <dd data-testid="enrol-charged-count">{enrolments}</dd>
          </div>
          <div>
            <dt>Cost</dt>
            <dd data-testid="enrol-cost-total">{credits(cost)}</dd>
          </div>
          {charge.skipped.length ? (
            <div className="enrol-cost__wide">
              <dt>Skipped, already enrolled (not charged)</dt>
              <dd>
                <ul className="enrol-skipped" data-testid="enrol-skipped">
                  {charge.skipped.map((s) => (
                    <li key={s.name + s.courseIds.join()}>
                      {s.name}: {courseNames(s.courseIds)}
                    </li>
                  ))}
                </ul>
              </dd>
            </div>
          ) : null}
          {quote.status === 'success' ? (
            <>
              <div>
                <dt>Balance before</dt>
                <dd data-testid="enrol-balance-before">{credits(sum(quote.data.accounts, 'balance_before'))}</dd>
              </div>
              <div>
                <dt>Balance after</dt>
                <dd data-testid="enrol-balance-after" className={isBlocked ? 'enrol-negative' : undefined}>
                  {credits(sum(quote.data.accounts, 'balance_after'))}
                </dd>
              </div>
            </>
          ) : null}
        </dl>
        {quote.status === 'success' ? (
          <PaidFrom quote={quote.data} payFromParent={payFromParent} onPayFromParent={onPayFromParent} />
        ) : null}
        {quote.status === 'loading' ? <SkeletonBlock height={48} /> : null}
        {quote.status === 'error' ? <LoadError error={quote.error} onRetry={quote.reload} what="the cost of this enrolment" /> : null}
        <p className="enrol-muted">
          The cost counts every learner on every course they are not enrolled on yet; learners already enrolled on a course are skipped
          there and not charged.
        </p>
      </Card>
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
