import { render, screen } from '@testing-library/react';
import { expectNoAxeViolations } from '../test-utils/expect-no-axe-violations';
import { StatPanel } from './stat-panel';

describe('StatPanel', () => {
  it('has no accessibility violations in its three shapes', async () => {
    const { container } = render(
      <>
        <StatPanel label="Credits" value={120} />
        <StatPanel label="Learners" value={42} href="/reporting" />
        <StatPanel label="Certificates" value={17} href="https://example.org" linkLabel="View certificates" external />
      </>,
    );
    await expectNoAxeViolations(container);
  });

  it('shows label and value without a link when there is no href', () => {
    render(<StatPanel label="Credits" value="1,250" />);
    expect(screen.getByText('Credits')).toBeTruthy();
    expect(screen.getByText('1,250')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('makes the whole panel a link named by label and value when linkLabel is absent', () => {
    render(<StatPanel label="Learners" value={42} href="/reporting" />);
    const link = screen.getByRole('link');
    expect(link.getAttribute('href')).toBe('/reporting');
    expect(link.textContent).toBe('Learners42');
    expect(link.getAttribute('target')).toBeNull();
  });

  it('renders a separate link with linkLabel, opening in a new tab when external', () => {
    render(<StatPanel label="Certificates" value={17} href="https://example.org/c" linkLabel="View" external />);
    const link = screen.getByRole('link', { name: 'View (opens in a new tab)' });
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByText('17').closest('a')).toBeNull();
  });
});
