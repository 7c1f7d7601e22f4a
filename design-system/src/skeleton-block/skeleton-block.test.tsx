import { render } from '@testing-library/react';
import { expectNoAxeViolations } from '../test-utils/expect-no-axe-violations';
import { SkeletonBlock } from './skeleton-block';

describe('SkeletonBlock', () => {
  it('has no accessibility violations', async () => {
    const { container } = render(<SkeletonBlock />);
    await expectNoAxeViolations(container);
  });

  it('is hidden from assistive technology and sized by props', () => {
    const { container } = render(<SkeletonBlock width={120} height="2rem" circle />);
    const block = container.firstElementChild as HTMLElement;
    expect(block.getAttribute('aria-hidden')).toBe('true');
    expect(block.style.width).toBe('120px');
    expect(block.style.height).toBe('2rem');
    expect(block.style.borderRadius).toBe('50%');
  });
});
