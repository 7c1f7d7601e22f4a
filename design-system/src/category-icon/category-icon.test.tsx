import { render, screen } from '@testing-library/react';
import { expectNoAxeViolations } from '../test-utils/expect-no-axe-violations';
import { CategoryIcon, CATEGORY_ICON_NAMES, type CategoryIconName } from './category-icon';

/** The drawing only, without the title or the data attribute. */
function drawingOf(icon: CategoryIconName): string {
  const { container, unmount } = render(<CategoryIcon icon={icon} />);
  const markup = container.querySelector('svg')?.innerHTML ?? '';
  unmount();
  return markup;
}

describe('CategoryIcon', () => {
  it('has no accessibility violations, decorative or titled', async () => {
    const { container } = render(
      <>
        <CategoryIcon icon="flame" />
        <CategoryIcon icon="first-aid" title="First Aid" />
        <CategoryIcon icon="shield" title="Other" />
      </>,
    );
    await expectNoAxeViolations(container);
  });

  it('has the fourteen subject drawings and the general shield', () => {
    expect(CATEGORY_ICON_NAMES).toHaveLength(15);
    expect(CATEGORY_ICON_NAMES.at(-1)).toBe('shield');
  });

  it('draws a distinct, non-empty icon for every name', () => {
    const drawings = CATEGORY_ICON_NAMES.map(drawingOf);
    expect(drawings.every((drawing) => drawing.length > 0)).toBe(true);
    expect(new Set(drawings).size).toBe(CATEGORY_ICON_NAMES.length);
  });

  it('names its drawing in a data attribute', () => {
    const { container } = render(<CategoryIcon icon="ladder" />);
    expect(container.querySelector('svg')?.getAttribute('data-icon')).toBe('ladder');
  });

  it('is hidden from assistive technology without a title and an image named by it with one', () => {
    const { container } = render(<CategoryIcon icon="bolt" />);
    expect(container.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
    render(<CategoryIcon icon="bolt" title="Electrical Safety" />);
    expect(screen.getByRole('img', { name: 'Electrical Safety' })).toBeTruthy();
  });
});
