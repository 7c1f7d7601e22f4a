import { render, screen, within } from '@testing-library/react';
import { expectNoAxeViolations } from '../test-utils/expect-no-axe-violations';
import { PieChart } from './pie-chart';

const slices = [
  { label: 'Passed', value: 12 },
  { label: 'Incomplete', value: 5 },
  { label: 'Not Started', value: 3, color: '#8796a5' },
];

describe('PieChart', () => {
  it('has no accessibility violations', async () => {
    const { container } = render(<PieChart title="Course completion" slices={slices} />);
    await expectNoAxeViolations(container);
  });

  it('renders nothing when every value is zero', () => {
    const { container } = render(<PieChart title="Course completion" slices={slices.map((slice) => ({ ...slice, value: 0 }))} />);
    expect(container.innerHTML).toBe('');
  });

  it('renders nothing for an empty slice list', () => {
    const { container } = render(<PieChart title="Course completion" slices={[]} />);
    expect(container.innerHTML).toBe('');
  });

  it('is a captioned figure whose image summarises every value', () => {
    render(<PieChart title="Course completion" slices={slices} />);
    expect(screen.getByRole('figure', { name: 'Course completion' })).toBeTruthy();
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe('Course completion: Passed 12, Incomplete 5, Not Started 3');
  });

  it('lists label and value in the legend, including zero slices', () => {
    render(<PieChart title="Course completion" slices={[...slices, { label: 'Failed', value: 0 }]} />);
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['Passed12', 'Incomplete5', 'Not Started3', 'Failed0']);
  });

  it('draws one sector per non-zero slice in the given or default colour', () => {
    const { container } = render(<PieChart title="Course completion" slices={[...slices, { label: 'Failed', value: 0 }]} size={160} />);
    const sectors = container.querySelectorAll('path.ds-pie__sector');
    expect(sectors).toHaveLength(3);
    expect(sectors[2]!.getAttribute('fill')).toBe('#8796a5');
    expect(container.querySelector('svg')!.getAttribute('width')).toBe('160');
  });
});
