import { render, screen } from '@testing-library/react';
import { expectNoAxeViolations } from '../test-utils/expect-no-axe-violations';
import { StarRating } from './star-rating';

function fills(container: HTMLElement): number[] {
  return Array.from(container.querySelectorAll('svg'), (svg) => Number(svg.getAttribute('data-fill')));
}

describe('StarRating', () => {
  it('has no accessibility violations', async () => {
    const { container } = render(<StarRating rating={4.7} label="4.7 Ratings" />);
    await expectNoAxeViolations(container);
  });

  it('is one image named by the label, or by the rating out of 5', () => {
    const { rerender } = render(<StarRating rating={4.7} label="4.7 Ratings" />);
    expect(screen.getByRole('img', { name: '4.7 Ratings' })).toBeTruthy();
    rerender(<StarRating rating={3} />);
    expect(screen.getByRole('img', { name: 'Rated 3 out of 5' })).toBeTruthy();
  });

  it('fills whole stars and a fraction of the next one', () => {
    const { container } = render(<StarRating rating={3.5} />);
    expect(fills(container)).toEqual([1, 1, 1, 0.5, 0]);
  });

  it('clamps ratings outside 0–5', () => {
    const { container, rerender } = render(<StarRating rating={7} />);
    expect(fills(container)).toEqual([1, 1, 1, 1, 1]);
    rerender(<StarRating rating={-1} />);
    expect(fills(container)).toEqual([0, 0, 0, 0, 0]);
  });
});
