import { render, screen } from '@testing-library/react';
import { expectNoAxeViolations } from '../test-utils/expect-no-axe-violations';
import { ButtonLink } from '../button';
import { EmptyState } from './empty-state';

describe('EmptyState', () => {
  it('has no accessibility violations', async () => {
    const { container } = render(
      <EmptyState title="No enrolments yet" action={<ButtonLink href="/enroll">Enrol learners</ButtonLink>}>
        Enrol employees on a course to see their progress here.
      </EmptyState>,
    );
    await expectNoAxeViolations(container);
  });

  it('shows title, text and action', () => {
    render(
      <EmptyState title="No courses found" action={<ButtonLink href="/courses">All Courses</ButtonLink>}>
        Try another category.
      </EmptyState>,
    );
    expect(screen.getByText('No courses found')).toBeTruthy();
    expect(screen.getByText('Try another category.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'All Courses' })).toBeTruthy();
  });

  it('renders only the title when nothing else is given', () => {
    const { container } = render(<EmptyState title="Nothing here" />);
    expect(container.querySelector('.ds-empty-state__text')).toBeNull();
    expect(container.querySelector('.ds-empty-state__action')).toBeNull();
  });
});
