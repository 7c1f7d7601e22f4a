import { render, screen } from '@testing-library/react';
import { expectNoAxeViolations } from '../test-utils/expect-no-axe-violations';
import { CategoryIcon, SPECIAL_CATEGORY_ICON_IDS } from './category-icon';

/** The drawing only, without the title or the data attribute. */
function drawingOf(categoryId: number): string {
  const { container, unmount } = render(<CategoryIcon categoryId={categoryId} />);
  const markup = container.querySelector('svg')!.innerHTML;
  unmount();
  return markup;
}

describe('CategoryIcon', () => {
  it('has no accessibility violations, decorative or titled', async () => {
    const { container } = render(
      <>
        <CategoryIcon categoryId={1} />
        <CategoryIcon categoryId={6} title="First Aid" />
        <CategoryIcon categoryId={999} title="Other" />
      </>,
    );
    await expectNoAxeViolations(container);
  });

  it('lists exactly the special category ids', () => {
    expect([...SPECIAL_CATEGORY_ICON_IDS].sort((a, b) => a - b)).toEqual([1, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 19]);
  });

  it('draws a distinct icon for every special id, none of them the default', () => {
    const drawings = SPECIAL_CATEGORY_ICON_IDS.map(drawingOf);
    const defaultDrawing = drawingOf(2);
    expect(new Set(drawings).size).toBe(SPECIAL_CATEGORY_ICON_IDS.length);
    expect(drawings).not.toContain(defaultDrawing);
  });

  it('draws the same default icon for any other id', () => {
    expect(drawingOf(2)).toBe(drawingOf(18));
    expect(drawingOf(0)).toBe(drawingOf(-4));
  });

  it('is hidden from assistive technology without a title and an image named by it with one', () => {
    const { container } = render(<CategoryIcon categoryId={9} />);
    expect(container.querySelector('svg')!.getAttribute('aria-hidden')).toBe('true');
    render(<CategoryIcon categoryId={9} title="Electrical Safety" />);
    expect(screen.getByRole('img', { name: 'Electrical Safety' })).toBeTruthy();
  });
});
