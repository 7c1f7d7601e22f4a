import { render, screen } from '@testing-library/react';
import { expectNoAxeViolations } from '../test-utils/expect-no-axe-violations';
import { Icon, IconSvg } from './icon';
import { ICON_NAMES, type IconName } from './icon-paths';

/** The drawing only, without the title. */
function drawingOf(name: IconName): string {
  const { container, unmount } = render(<Icon name={name} />);
  const markup = container.querySelector('svg')?.innerHTML ?? '';
  unmount();
  return markup;
}

describe('Icon', () => {
  it('has no accessibility violations, decorative or labelled', async () => {
    const { container } = render(
      <>
        <button type="button" aria-label="Close">
          <Icon name="close" />
        </button>
        <Icon name="warning" label="Warning" />
      </>,
    );
    await expectNoAxeViolations(container);
  });

  it('draws a distinct, non-empty icon for every name', () => {
    const drawings = ICON_NAMES.map(drawingOf);
    expect(drawings.every((drawing) => drawing.length > 0)).toBe(true);
    expect(new Set(drawings).size).toBe(ICON_NAMES.length);
  });

  it('is a stroked 24 × 24 drawing at the size asked, hidden from assistive technology without a label', () => {
    const { container } = render(<Icon name="search" size={18} strokeWidth={2.5} className="ds-search__icon" />);
    const svg = container.querySelector('svg');
    expect(svg?.getAttribute('aria-hidden')).toBe('true');
    expect(svg?.getAttribute('viewBox')).toBe('0 0 24 24');
    expect(svg?.getAttribute('width')).toBe('18');
    expect(svg?.getAttribute('stroke-width')).toBe('2.5');
    expect(svg?.getAttribute('class')).toBe('ds-icon ds-search__icon');
  });

  it('is an image named by its label', () => {
    render(<Icon name="admin" label="Admin area" />);
    expect(screen.getByRole('img', { name: 'Admin area' })).toBeTruthy();
  });

  it('frames a drawing of another set the same way', () => {
    const { container } = render(
      <IconSvg data-icon="dot">
        <circle cx="12" cy="12" r="2" />
      </IconSvg>,
    );
    expect(container.querySelector('svg[data-icon="dot"] circle')).toBeTruthy();
  });
});
