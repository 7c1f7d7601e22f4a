import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { LearnerEnrolment } from '@portal/contracts';
import { CourseCard } from './course-card';

const card = (extra: Partial<LearnerEnrolment>): LearnerEnrolment => ({
  id: 5,
  course: { id: 9, name: 'Working at height', description: '<p>Ladders</p>', wp_link: null },
  state: 'in-progress',
  passed: false,
  passed_at: null,
  expired: false,
  expired_at: null,
  in_progress: true,
  not_started: false,
  failed: false,
  certificate_code: null,
  reviews_link: null,
  progress: null,
  ...extra,
});

const renderCard = (enrolment: LearnerEnrolment) =>
  render(
    <MemoryRouter>
      <CourseCard enrollment={enrolment} />
    </MemoryRouter>,
  );

describe('the course card shows the content’s progress measure (issue 13 item 10)', () => {
  it('shows the progress of a course in progress that reports one', () => {
    renderCard(card({ progress: 40 }));
    expect(screen.getByRole('progressbar', { name: 'Progress' }).getAttribute('aria-valuenow')).toBe('40');
  });

  it('shows none when the content reports none, or once passed', () => {
    const { unmount } = renderCard(card({ progress: null }));
    expect(screen.queryByRole('progressbar')).toBeNull();
    unmount();
    renderCard(card({ state: 'passed', passed: true, in_progress: false, passed_at: '2026-06-15T12:00:00.000Z', progress: 100 }));
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
