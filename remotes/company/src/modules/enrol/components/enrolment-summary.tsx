import type { ReactNode } from 'react';
import type { EnrolmentSummary } from '@portal/contracts';
import { Button, ButtonLink, Card, Table } from '@portal/design-system';

/**
 * After enrolling (spec §3 "Enrolment summary"), on the wizard and on the older page: totals, what
 * the page adds (the older page lists the enrolments made), each failed learner with the reason, and the ways on.
 */
export function EnrolmentSummaryCard({
  summary,
  onEnrolMore,
  children,
}: {
  summary: EnrolmentSummary;
  onEnrolMore: () => void;
  children?: ReactNode;
}) {
  return (
    <section aria-labelledby="enrolment-summary-title" className="enrol-summary" data-testid="enrolment-summary">
      <Card title={<span id="enrolment-summary-title">Enrolment summary</span>}>
        <dl className="enrol-cost">
          <div>
            <dt>Total attempted</dt>
            <dd data-testid="summary-attempted">{summary.total_attempted}</dd>
          </div>
          <div>
            <dt>Successful</dt>
            <dd data-testid="summary-successful">{summary.total_successful}</dd>
          </div>
          <div>
            <dt>Failed</dt>
            <dd data-testid="summary-failed">{summary.total_failed}</dd>
          </div>
        </dl>
        {children}
        {summary.failed_users.length ? (
          <Table
            caption="Learners not enrolled"
            columns={[
              { key: 'name', header: 'Name', render: (u) => u.name },
              { key: 'email', header: 'Email', render: (u) => u.email ?? '—' },
              { key: 'reason', header: 'Reason', render: (u) => u.reason },
            ]}
            rows={summary.failed_users.map((u, index) => ({ ...u, index }))}
            rowKey={(u) => u.index}
            emptyText="Everyone was enrolled."
          />
        ) : null}
        <div className="enrol-actions">
          <ButtonLink href="/reporting">View enrolments</ButtonLink>
          <Button type="button" variant="secondary" onClick={onEnrolMore}>
            Enrol more employees
          </Button>
        </div>
      </Card>
    </section>
  );
}
