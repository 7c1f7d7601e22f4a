import type { EnrolQuote } from '@portal/contracts';
import { credits, learnersByCourses, paidFromText } from './quote-text';

/** At most this many enrolments are listed by name; the rest are counted. */
const LISTED = 8;

/** The enrolments a quote would make: one learner and course by name, or learners × courses and a short list. */
function WhoOnWhat({ quote }: { quote: EnrolQuote }) {
  const [only] = quote.enrolments;
  if (quote.enrolments.length === 1 && only) {
    return (
      <>
        <div>
          <dt>Learner</dt>
          <dd data-testid="spend-learner">{only.learner_name}</dd>
        </div>
        <div>
          <dt>Course</dt>
          <dd data-testid="spend-course">
            {only.course_name}
            {only.re_enrolment ? ' (re-enrolment)' : ''}
          </dd>
        </div>
      </>
    );
  }
  const listed = quote.enrolments.slice(0, LISTED);
  return (
    <div className="spend-confirmation__wide">
      <dt>Learners × courses</dt>
      <dd>
        <span data-testid="spend-pairs">{learnersByCourses(quote)}</span>
        <ul className="spend-confirmation__list">
          {listed.map((e) => (
            <li key={`${e.user_id}:${e.course_id}`}>
              {e.learner_name}: {e.course_name}
              {e.re_enrolment ? ' (re-enrolment)' : ''} · {credits(e.credits)}
            </li>
          ))}
          {quote.enrolments.length > LISTED ? <li>and {quote.enrolments.length - LISTED} more</li> : null}
        </ul>
      </dd>
    </div>
  );
}

/**
 * Each paying account's balance now and after: the company's own first. A depot's learner is
 * charged to her depot (issue 32 item 2), so the payer may be another account than the company's.
 */
function Balances({ quote, namesOwn }: { quote: EnrolQuote; namesOwn: boolean }) {
  const own = quote.sources;
  const accounts = quote.accounts.length
    ? [...quote.accounts].sort((a, b) => Number(b.company_id === own.company_id) - Number(a.company_id === own.company_id))
    : [{ company_id: own.company_id, company_name: own.company_name, balance_before: own.balance, credits: 0, balance_after: own.balance }];
  const [first, ...others] = accounts;
  if (!first) return null;
  const label = first.company_id === own.company_id && !namesOwn ? 'Balance' : `${first.company_name}'s balance`;
  return (
    <>
      <div>
        <dt>{label} now</dt>
        <dd data-testid="spend-balance-before">{credits(first.balance_before)}</dd>
      </div>
      <div>
        <dt>{label} after</dt>
        <dd data-testid="spend-balance-after">{credits(first.balance_after)}</dd>
      </div>
      {others.map((account) => (
        <div key={account.company_id} className="spend-confirmation__wide">
          <dt>{account.company_name}&apos;s balance after</dt>
          <dd data-testid="spend-parent-balance-after">
            {credits(account.balance_after)} (now {credits(account.balance_before)})
          </dd>
        </div>
      ))}
    </>
  );
}

/**
 * A quote as the confirmation shows it: what, how many credits, from whom, and the balance after.
 * `namesOwn`: name the company even when it pays its own (the admin is no member of it).
 */
export function QuoteDetails({ quote, namesOwn = false }: { quote: EnrolQuote; namesOwn?: boolean }) {
  const paidFrom = paidFromText(quote);
  return (
    <dl className="spend-confirmation__details">
      <WhoOnWhat quote={quote} />
      <div>
        <dt>Credits</dt>
        <dd data-testid="spend-credits">{credits(quote.credits)}</dd>
      </div>
      {paidFrom ? (
        <div className="spend-confirmation__wide">
          <dt>Paid from</dt>
          <dd data-testid="spend-paid-from">{paidFrom}</dd>
        </div>
      ) : null}
      <Balances quote={quote} namesOwn={namesOwn} />
      {quote.skipped.length ? (
        <div className="spend-confirmation__wide">
          <dt>Skipped, already enrolled (not charged)</dt>
          <dd>
            <ul className="spend-confirmation__list" data-testid="spend-skipped">
              {quote.skipped.map((s, i) => (
                <li key={i}>
                  {s.learner_name}: {s.course_name}
                </li>
              ))}
            </ul>
          </dd>
        </div>
      ) : null}
    </dl>
  );
}
