import type { ReactNode } from 'react';
import type { CourseSummary, WizardQuote } from '@portal/contracts';
import { Card, SkeletonBlock } from '@portal/design-system';
import { LoadError, type QueryState } from '@portal/frontend-kit';
import { creditsText, type FinaliseCharge } from '../enrol-cost';
import { PaidFrom } from './paid-from';

const sum = <K extends string>(rows: readonly Record<K, number>[], key: K) => rows.reduce((total, row) => total + row[key], 0);

interface FinaliseCostCardProps {
  companyName: string;
  courses: readonly CourseSummary[];
  learnerCount: number;
  /** The page's own count: what shows until the server's quote arrives. */
  charge: FinaliseCharge;
  quote: QueryState<WizardQuote> & { reload: () => void };
  isBlocked: boolean;
  ownCompanyId: number | null;
  payFromParent: boolean;
  onPayFromParent: (value: boolean) => void;
}

/** Step 3's Cost card: courses × learners, what is charged and skipped, and the balances before and after. */
export function FinaliseCostCard(props: FinaliseCostCardProps) {
  const { courses, learnerCount, charge, quote, isBlocked } = props;
  const courseNames = (ids: readonly number[]) => ids.map((id) => courses.find((c) => c.id === id)?.name ?? `Course ${id}`).join(', ');
  return (
    <Card title="Cost">
      <dl className="enrol-cost" data-testid="enrol-cost">
        <Fact term="New employees belong to">{props.companyName}</Fact>
        <Fact term="Courses × learners">
          {courses.length} course{courses.length === 1 ? '' : 's'} × {learnerCount} learner{learnerCount === 1 ? '' : 's'}
        </Fact>
        <Fact term="Enrolments charged" testId="enrol-charged-count">
          {quote.status === 'success' ? quote.data.enrolments : charge.enrolments}
        </Fact>
        <Fact term="Cost" testId="enrol-cost-total">
          {creditsText(quote.status === 'success' ? quote.data.credits : charge.cost)}
        </Fact>
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
            <Fact term="Balance before" testId="enrol-balance-before">
              {creditsText(sum(quote.data.accounts, 'balance_before'))}
            </Fact>
            <Fact term="Balance after" testId="enrol-balance-after" className={isBlocked ? 'enrol-negative' : undefined}>
              {creditsText(sum(quote.data.accounts, 'balance_after'))}
            </Fact>
          </>
        ) : null}
      </dl>
      {quote.status === 'success' ? (
        <PaidFrom
          quote={quote.data}
          payingCompanyId={props.ownCompanyId}
          payFromParent={props.payFromParent}
          onPayFromParent={props.onPayFromParent}
        />
      ) : null}
      {quote.status === 'loading' ? <SkeletonBlock height={48} /> : null}
      {quote.status === 'error' ? <LoadError error={quote.error} onRetry={quote.reload} what="the cost of this enrolment" /> : null}
      <p className="enrol-muted">
        The cost counts every learner on every course they are not enrolled on yet; learners already enrolled on a course are skipped there
        and not charged.
      </p>
    </Card>
  );
}

function Fact({ term, testId, className, children }: { term: string; testId?: string; className?: string; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd data-testid={testId} className={className}>
        {children}
      </dd>
    </div>
  );
}
