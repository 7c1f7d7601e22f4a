import { render, screen } from '@testing-library/react';
import { expectNoAxeViolations } from '../test-utils/expect-no-axe-violations';
import { Spinner } from './spinner';

describe('Spinner', () => {
  it('has no accessibility violations', async () => {
    const { container } = render(<Spinner />);
    await expectNoAxeViolations(container);
  });

  it('is a status with the default label', () => {
    render(<Spinner />);
    expect(screen.getByRole('status').textContent).toBe('Loading…');
  });

  it('uses a custom label', () => {
    render(<Spinner label="Generating report" />);
    expect(screen.getByRole('status').textContent).toBe('Generating report');
  });
});
