import { fireEvent, render, screen } from '@testing-library/react';
import { expectNoAxeViolations } from '../test-utils/expect-no-axe-violations';
import { Pagination } from './pagination';

function buttons() {
  return {
    previous: screen.getByRole<HTMLButtonElement>('button', { name: 'Previous' }),
    next: screen.getByRole<HTMLButtonElement>('button', { name: 'Next' }),
  };
}

describe('Pagination', () => {
  it('has no accessibility violations', async () => {
    const { container } = render(<Pagination page={2} lastPage={5} onPageChange={() => {}} />);
    await expectNoAxeViolations(container);
  });

  it('shows "Page X of Y"', () => {
    render(<Pagination page={2} lastPage={5} onPageChange={() => {}} />);
    expect(screen.getByText('Page 2 of 5')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Pagination' })).toBeTruthy();
  });

  it('disables Previous on page 1 and calls onPageChange(2) on Next', () => {
    const onPageChange = vi.fn();
    render(<Pagination page={1} lastPage={5} onPageChange={onPageChange} />);
    const { previous, next } = buttons();
    expect(previous.disabled).toBe(true);
    expect(next.disabled).toBe(false);
    fireEvent.click(next);
    expect(onPageChange).toHaveBeenCalledWith(2);
  });

  it('disables Next on the last page and goes back with Previous', () => {
    const onPageChange = vi.fn();
    render(<Pagination page={5} lastPage={5} onPageChange={onPageChange} />);
    const { previous, next } = buttons();
    expect(next.disabled).toBe(true);
    fireEvent.click(previous);
    expect(onPageChange).toHaveBeenCalledWith(4);
  });

  it('treats an empty result (lastPage 0) as a single page with both buttons disabled', () => {
    render(<Pagination page={1} lastPage={0} onPageChange={() => {}} />);
    expect(screen.getByText('Page 1 of 1')).toBeTruthy();
    const { previous, next } = buttons();
    expect(previous.disabled && next.disabled).toBe(true);
  });
});
