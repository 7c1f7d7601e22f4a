import { render, screen } from '@testing-library/react';
import { expectNoAxeViolations } from '../test-utils/expect-no-axe-violations';
import { Button } from '../button';
import { Card } from './card';

describe('Card', () => {
  it('has no accessibility violations', async () => {
    const { container } = render(
      <Card title="Company details" actions={<Button size="sm">Edit</Button>}>
        <p>Acme Ltd</p>
      </Card>,
    );
    await expectNoAxeViolations(container);
  });

  it('renders the title as a heading, the actions and the content', () => {
    render(
      <Card title="Depots" actions={<Button size="sm">Add depot</Button>}>
        <p>No depots yet</p>
      </Card>,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Depots' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add depot' })).toBeTruthy();
    expect(screen.getByText('No depots yet')).toBeTruthy();
  });

  it('omits the header when there is neither title nor actions', () => {
    const { container } = render(<Card>Body only</Card>);
    expect(container.querySelector('.ds-card__header')).toBeNull();
    expect(screen.queryByRole('heading')).toBeNull();
  });
});
