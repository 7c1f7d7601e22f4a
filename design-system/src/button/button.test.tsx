import { fireEvent, render, screen } from '@testing-library/react';
import { expectNoAxeViolations } from '../test-utils/expect-no-axe-violations';
import { Button, ButtonLink } from './button';

describe('Button', () => {
  it('has no accessibility violations in every variant', async () => {
    const { container } = render(
      <>
        <Button>Save</Button>
        <Button variant="secondary" size="sm">
          Cancel
        </Button>
        <Button variant="danger">Delete</Button>
        <Button variant="ghost" loading>
          Generating...
        </Button>
        <ButtonLink href="/courses" variant="secondary">
          Browse courses
        </ButtonLink>
      </>,
    );
    await expectNoAxeViolations(container);
  });

  it('applies variant and size classes and calls onClick', () => {
    const onClick = vi.fn();
    render(
      <Button variant="danger" size="sm" onClick={onClick}>
        Delete
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Delete' });
    expect(button.className).toContain('ds-button--danger');
    expect(button.className).toContain('ds-button--sm');
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('is disabled and busy while loading, so clicks are ignored', () => {
    const onClick = vi.fn();
    render(
      <Button loading onClick={onClick}>
        Generating...
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Generating...' });
    expect(button).toHaveProperty('disabled', true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('forwards native button props such as type', () => {
    render(<Button type="submit">Send</Button>);
    expect(screen.getByRole('button', { name: 'Send' }).getAttribute('type')).toBe('submit');
  });
});

describe('ButtonLink', () => {
  it('renders an anchor with the button look and anchor props', () => {
    render(
      <ButtonLink href="/account" target="_blank" rel="noreferrer" variant="ghost">
        Account
      </ButtonLink>,
    );
    const link = screen.getByRole('link', { name: 'Account' });
    expect(link.getAttribute('href')).toBe('/account');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.className).toContain('ds-button--ghost');
    expect(link.className).toContain('ds-button--md');
  });
});
