import { render, screen } from '@testing-library/react';
import { expectNoAxeViolations } from '../test-utils/expect-no-axe-violations';
import { ButtonLink } from '../button';
import { PageHeader } from './page-header';

describe('PageHeader', () => {
  it('has no accessibility violations', async () => {
    const { container } = render(
      <main>
        <PageHeader
          title="Admin Dashboard"
          subtitle="Conduct site management below."
          actions={<ButtonLink href="/admin/users/new">Add user</ButtonLink>}
        />
      </main>,
    );
    await expectNoAxeViolations(container);
  });

  it('renders the title as the h1 with subtitle and actions', () => {
    render(
      <PageHeader
        title="Admin Dashboard"
        subtitle="Conduct site management below."
        actions={<ButtonLink href="/admin">Go back</ButtonLink>}
      />,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeTruthy();
    expect(screen.getByText('Conduct site management below.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go back' })).toBeTruthy();
  });

  it('leaves out the subtitle and actions when not given', () => {
    const { container } = render(<PageHeader title="Enrolments" />);
    expect(container.querySelector('.ds-page-header__subtitle')).toBeNull();
    expect(container.querySelector('.ds-page-header__actions')).toBeNull();
  });
});
