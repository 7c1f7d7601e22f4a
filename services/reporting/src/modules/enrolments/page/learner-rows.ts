import type { Knex } from '@portal/service-kit';
import type { PageRequest, PageScope } from './page-request';
import { oneOrUnion, type ReportingReader } from './reporting-reader';

/** A learner on the page, with their rows under the filter and the rows up to and including theirs. */
export interface LearnerSpan {
  user_id: number;
  n: number;
  upto: number;
}

/** `(user_id, n)`: how many of the filter's enrolments each learner has, counted per company along its `(company_id, user_id)` index. */
export function countsPerLearner(reader: ReportingReader, scope: PageScope): Knex.QueryBuilder {
  const perCompany = scope.companyIds.map((companyId) =>
    reader.filtered(scope, [companyId]).select('e.user_id').count({ n: '*' }).groupBy('e.user_id'),
  );
  return reader.knex.select('c.user_id').sum({ n: 'c.n' }).from(oneOrUnion(reader.knex, perCompany).as('c')).groupBy('c.user_id');
}

/** The page's rows of these learners (in the page's order): their rows by id, cut to the page. */
export async function rowsOfLearners(
  reader: ReportingReader,
  request: Pick<PageRequest, 'filter' | 'companyIds' | 'match' | 'order' | 'take' | 'skip'>,
  learners: LearnerSpan[],
): Promise<number[]> {
  const { order, take, skip } = request;
  if (learners.length === 0) return [];
  const rows = await reader.rows<{ id: number; user_id: number }>(
    reader
      .filtered(request)
      .whereIn(
        'e.user_id',
        learners.map((l) => l.user_id),
      )
      .select('e.id', 'e.user_id')
      .orderBy('e.id', order),
  );
  const byLearner = new Map<number, number[]>();
  for (const row of rows) {
    const list = byLearner.get(Number(row.user_id)) ?? [];
    list.push(Number(row.id));
    byLearner.set(Number(row.user_id), list);
  }
  const ordered = learners.flatMap((l) => byLearner.get(l.user_id) ?? []);
  const [first] = learners;
  if (!first) return [];
  const start = skip - (first.upto - first.n);
  return ordered.slice(start, start + take);
}
