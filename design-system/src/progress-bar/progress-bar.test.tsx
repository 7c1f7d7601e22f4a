import { render, screen } from '@testing-library/react';
import { expectNoAxeViolations } from '../test-utils/expect-no-axe-violations';
import { ProgressBar } from './progress-bar';

describe('ProgressBar', () => {
  it('has no accessibility violations', async () => {
    const { container } = render(<ProgressBar value={42} label="Course progress" />);
    await expectNoAxeViolations(container);
  });

  it('is a labelled progressbar with the rounded value', () => {
    render(<ProgressBar value={66.6} label="Upload" />);
    const bar = screen.getByRole('progressbar', { name: 'Upload' });
    expect(bar.getAttribute('aria-valuenow')).toBe('67');
    expect(screen.getByText('67%')).toBeTruthy();
    expect((bar.firstElementChild as HTMLElement).style.width).toBe('67%');
  });

  it('clamps values outside 0–100', () => {
    const { rerender } = render(<ProgressBar value={140} label="Progress" />);
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    rerender(<ProgressBar value={-5} label="Progress" />);
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('0');
    expect(screen.getByText('0%')).toBeTruthy();
  });
});
