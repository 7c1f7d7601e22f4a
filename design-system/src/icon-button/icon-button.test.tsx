import { fireEvent, render, screen } from '@testing-library/react';
import { expectNoAxeViolations } from '../test-utils/expect-no-axe-violations';
import { ACTION_ICON_NAMES, IconButton, IconLink } from '.';

describe('IconButton', () => {
  it('has no accessibility violations, for every icon and as a link', async () => {
    const { container } = render(
      <>
        {ACTION_ICON_NAMES.map((name) => (
          <IconButton key={name} icon={name} label={`Do ${name}`} detail="Lee Carter, Fire Safety" />
        ))}
        <IconLink icon="certificate" label="View Certificate" detail="of Lee Carter" href="/api/enrollments/1/certificate" />
      </>,
    );
    await expectNoAxeViolations(container);
  });

  it('is named by its label and detail, shows the label as its tooltip, and draws a decorative icon', () => {
    const onClick = vi.fn();
    render(<IconButton icon="remind" label="Remind" detail="Lee Carter, Fire Safety" onClick={onClick} />);
    const button = screen.getByRole('button', { name: 'Remind Lee Carter, Fire Safety' });
    expect(button.getAttribute('data-tooltip')).toBe('Remind');
    expect(button.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
    expect(button.className).toContain('ds-icon-button');
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('is busy and disabled while loading', () => {
    render(<IconButton icon="renew" label="Re-enrol" variant="primary" loading />);
    const button = screen.getByRole('button', { name: 'Re-enrol' });
    expect(button).toHaveProperty('disabled', true);
    expect(button.className).toContain('ds-button--primary');
  });

  it('renders a link with its address', () => {
    render(<IconLink icon="certificate" label="View Certificate" href="/c.pdf" target="_blank" />);
    expect(screen.getByRole('link', { name: 'View Certificate' }).getAttribute('href')).toBe('/c.pdf');
  });
});
