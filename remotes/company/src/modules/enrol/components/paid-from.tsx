import type { WizardQuote } from '@portal/contracts';
import { Table, type TableColumn } from '@portal/design-system';
import { creditsText } from '../enrol-cost';

type Account = WizardQuote['accounts'][number];
type Group = WizardQuote['groups'][number];

/** Who pays the learners of one company: "South Depot 3 credits, then Haulage Ltd 1 credit". */
function payersText(group: Group): string {
  if (group.paid_by.length === 0) return 'nothing to pay';
  return group.paid_by.map((p) => `${p.company_name} ${creditsText(p.credits)}`).join(', then ');
}

/**
 * Step 3's "Paid from" (issue 32 item 2): each paying account with its balance before, the credits
 * this enrolment takes and its balance after; then, company by company, whose learners they are and
 * which account pays them. With depot learners, the manager may have the parent pay for them.
 */
export function PaidFrom({
  quote,
  payingCompanyId,
  payFromParent,
  onPayFromParent,
}: {
  quote: WizardQuote;
  /** The signed-in manager's company: only a parent's manager may have it pay for its depots. */
  payingCompanyId: number | null;
  payFromParent: boolean;
  onPayFromParent: (value: boolean) => void;
}) {
  const columns: TableColumn<Account>[] = [
    { key: 'account', header: 'Account', render: (a) => a.company_name },
    { key: 'before', header: 'Balance before', align: 'right', render: (a) => creditsText(a.balance_before) },
    { key: 'taken', header: 'Credits taken', align: 'right', render: (a) => creditsText(a.credits) },
    {
      key: 'after',
      header: 'Balance after',
      align: 'right',
      render: (a) => <span className={a.balance_after < 0 ? 'enrol-negative' : undefined}>{creditsText(a.balance_after)}</span>,
    },
  ];
  const depotGroups = quote.groups.filter((g) => g.parent !== null && g.parent.company_id === payingCompanyId);
  const parentName = depotGroups[0]?.parent?.company_name;
  return (
    <section className="enrol-paid-from" aria-labelledby="enrol-paid-from-title" data-testid="enrol-paid-from">
      <h4 id="enrol-paid-from-title" className="enrol-subtitle">
        Paid from
      </h4>
      <Table
        caption="Credits by account"
        columns={columns}
        rows={quote.accounts}
        rowKey={(a) => String(a.company_id)}
        emptyText="Nothing to pay."
        stackOnMobile
      />
      <ul className="enrol-paid-groups">
        {quote.groups.map((group) => (
          <li key={group.company_id} data-testid="enrol-paid-group">
            {group.company_name}&rsquo;s learners: {group.enrolments} enrolment{group.enrolments === 1 ? '' : 's'},{' '}
            {creditsText(group.credits)} — paid from {payersText(group)}.
          </li>
        ))}
      </ul>
      {depotGroups.length ? (
        <label className="enrol-pay-from-parent">
          <input type="checkbox" checked={payFromParent} onChange={(event) => onPayFromParent(event.target.checked)} />
          <span>
            Pay for depot learners from {parentName ?? 'the parent company'}&rsquo;s credits (otherwise each depot pays from its own credits
            first).
          </span>
        </label>
      ) : null}
    </section>
  );
}
