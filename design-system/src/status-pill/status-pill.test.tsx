import { render, screen } from '@testing-library/react';
import { expectNoAxeViolations } from '../test-utils/expect-no-axe-violations';
import { StatusPill, type CourseStatus } from './status-pill';

const statuses: CourseStatus[] = ['not-started', 'in-progress', 'passed', 'failed', 'expired'];

describe('StatusPill', () => {
  it('has no accessibility violations for any status', async () => {
    const { container } = render(
      <>
        {statuses.map((status) => (
          <StatusPill key={status} status={status} />
        ))}
      </>,
    );
    await expectNoAxeViolations(container);
  });

  it.each([
    ['not-started', 'Not Started'],
    ['in-progress', 'In Progress'],
    ['passed', 'Passed'],
    ['failed', 'Failed'],
    ['expired', 'Expired'],
  ] as const)('shows default text and tone class for %s', (status, text) => {
    render(<StatusPill status={status} />);
    const pill = screen.getByText(text);
    expect(pill.className).toContain(`ds-pill--${status}`);
  });

  it('shows custom children instead of the default text', () => {
    render(<StatusPill status="expired">Expired 01/02/2025</StatusPill>);
    expect(screen.getByText('Expired 01/02/2025')).toBeTruthy();
    expect(screen.queryByText('Expired')).toBeNull();
  });
});
