import { fireEvent, render, screen } from '@testing-library/react';
import { SkipLink } from './skip-link';

describe('SkipLink', () => {
  it('moves focus to the main region and keeps the address', () => {
    const before = window.location.href;
    render(
      <>
        <SkipLink className="shell-skip-link" />
        <nav>
          <a href="/elsewhere">Elsewhere</a>
        </nav>
        <main id="main" tabIndex={-1}>
          Content
        </main>
      </>,
    );
    const link = screen.getByRole('link', { name: 'Skip to content' });
    link.focus();
    const click = fireEvent.click(link);
    expect(click).toBe(false); // default prevented: no router navigation to '#main'
    expect(document.activeElement).toBe(screen.getByRole('main'));
    expect(window.location.href).toBe(before);
  });

  it('makes a main without tabIndex focusable before focusing it', () => {
    render(
      <>
        <SkipLink className="x" />
        <main id="main">Content</main>
      </>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'Skip to content' }));
    expect(screen.getByRole('main').getAttribute('tabindex')).toBe('-1');
    expect(document.activeElement).toBe(screen.getByRole('main'));
  });
});
