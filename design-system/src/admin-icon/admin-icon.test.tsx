import { render, screen } from '@testing-library/react';
import { expectNoAxeViolations } from '../test-utils/expect-no-axe-violations';
import { AdminIcon } from './admin-icon';

describe('AdminIcon', () => {
  it('has no accessibility violations', async () => {
    const { container } = render(
      <a href="/admin">
        <AdminIcon /> Admin
      </a>,
    );
    await expectNoAxeViolations(container);
  });

  it('is decorative by default and a named image with a title', () => {
    const { container } = render(<AdminIcon size={32} />);
    const svg = container.querySelector('svg')!;
    expect(svg.getAttribute('aria-hidden')).toBe('true');
    expect(svg.getAttribute('width')).toBe('32');
    render(<AdminIcon title="Admin area" />);
    expect(screen.getByRole('img', { name: 'Admin area' })).toBeTruthy();
  });
});
