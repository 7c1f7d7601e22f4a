import type { EnrolledRow } from '@portal/contracts';
import { codeLearnersOf, codeLearnersPage, CODE_LEARNERS_PAGE_SIZE } from './new-learner-codes';

const row = (user_id: number, learner_name: string, email: string | null, login_code: string | null, course_id = 1): EnrolledRow => ({
  enrollment_id: user_id * 10 + course_id,
  user_id,
  learner_name,
  email,
  course_id,
  course_name: `Course ${course_id}`,
  login_code,
  code: 'E1',
  credits: 1,
});

describe('codeLearnersOf', () => {
  it('keeps each learner without an email who has a code, once whatever the number of courses', () => {
    const rows = [
      row(1, 'Ann', null, 'AAAA1111'),
      row(1, 'Ann', null, 'AAAA1111', 2),
      row(2, 'Bob', 'bob@x.test', 'BBBB2222'),
      row(3, 'Cy', null, null),
      row(4, 'Di', null, 'DDDD4444'),
    ];
    expect(codeLearnersOf(rows)).toEqual([
      { user_id: 1, learner_name: 'Ann', login_code: 'AAAA1111' },
      { user_id: 4, learner_name: 'Di', login_code: 'DDDD4444' },
    ]);
  });
});

describe('codeLearnersPage', () => {
  const learners = Array.from({ length: 23 }, (_, i) => ({
    user_id: i + 1,
    learner_name: `Learner ${String(i).padStart(2, '0')}`,
    login_code: `CODE${i}`,
  }));

  it('searches names and codes in any case, sorts both ways and pages by ten', () => {
    expect(codeLearnersPage(learners, 'code7', { key: 'learner_name', dir: 'asc' }, 1).rows.map((l) => l.user_id)).toEqual([8]);
    expect(codeLearnersPage(learners, 'LEARNER 1', { key: 'learner_name', dir: 'desc' }, 1).rows[0]?.learner_name).toBe('Learner 19');
    const last = codeLearnersPage(learners, '', { key: 'learner_name', dir: 'asc' }, 9);
    expect(last).toMatchObject({ page: 3, lastPage: 3, total: 23 });
    expect(last.rows).toHaveLength(23 - 2 * CODE_LEARNERS_PAGE_SIZE);
    expect(codeLearnersPage(learners, 'nobody', { key: 'login_code', dir: 'asc' }, 1)).toMatchObject({
      rows: [],
      total: 0,
      page: 1,
      lastPage: 1,
    });
  });
});
