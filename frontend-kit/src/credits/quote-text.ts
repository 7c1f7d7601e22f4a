import type { EnrolQuote } from '@portal/contracts';

export const credits = (n: number) => `${n} credit${n === 1 ? '' : 's'}`;
const count = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** "2 learners × 3 courses" of the enrolments a quote would make. */
export function learnersByCourses(quote: EnrolQuote): string {
  const learners = new Set(quote.enrolments.map((e) => e.user_id)).size;
  const courses = new Set(quote.enrolments.map((e) => e.course_id)).size;
  return `${count(learners, 'learner')} × ${count(courses, 'course')}`;
}

/** Who pays what, when a depot's parent pays part: "Scaffolders North 1 credit, Scaffolders Ltd 1 credit". */
export function paidFromText(quote: EnrolQuote): string | null {
  const payers = quote.paid_from.filter((p) => p.amount > 0);
  if (payers.length < 2) return null;
  return payers.map((p) => `${p.company_name} ${credits(p.amount)}`).join(', ');
}
