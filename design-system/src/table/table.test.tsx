import { fireEvent, render, screen, within } from '@testing-library/react';
import { expectNoAxeViolations } from '../test-utils/expect-no-axe-violations';
import { Table, type TableColumn } from './table';

interface Learner {
  id: number;
  name: string;
  credits: number;
}

const columns: TableColumn<Learner>[] = [
  { key: 'name', header: 'Name', render: (row) => row.name, sortable: true },
  { key: 'credits', header: 'Credits', render: (row) => row.credits, sortable: true, align: 'right' },
  { key: 'actions', header: 'Actions', render: (row) => <a href={`/learners/${row.id}`}>Edit {row.name}</a> },
];

const rows: Learner[] = [
  { id: 1, name: 'Ada Lovelace', credits: 3 },
  { id: 2, name: 'Grace Hopper', credits: 5 },
];

describe('Table', () => {
  it('has no accessibility violations', async () => {
    const { container } = render(
      <Table
        caption="Learners"
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        emptyText="No learners"
        sort={{ key: 'name', dir: 'asc' }}
        onSortChange={() => {}}
      />,
    );
    await expectNoAxeViolations(container);
  });

  it('renders a row per item through the column renderers', () => {
    render(<Table caption="Learners" columns={columns} rows={rows} rowKey={(row) => row.id} emptyText="No learners" />);
    const table = screen.getByRole('table', { name: 'Learners' });
    const bodyRows = within(table).getAllByRole('row').slice(1);
    expect(bodyRows).toHaveLength(2);
    expect(within(bodyRows[1]!).getByRole('link', { name: 'Edit Grace Hopper' }).getAttribute('href')).toBe('/learners/2');
    expect(within(bodyRows[0]!).getAllByRole('cell')[1]!.className).toContain('ds-align-right');
  });

  it('makes the scroll container a focusable region named by the caption', () => {
    const { rerender } = render(<Table caption="Learners" columns={columns} rows={rows} rowKey={(row) => row.id} emptyText="-" />);
    expect(screen.getByRole('region', { name: 'Learners' }).tabIndex).toBe(0);
    rerender(<Table columns={columns} rows={rows} rowKey={(row) => row.id} emptyText="-" />);
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('shows emptyText across all columns when there are no rows', () => {
    render(<Table columns={columns} rows={[]} rowKey={(row) => row.id} emptyText="No learners found" />);
    const cell = screen.getByRole('cell', { name: 'No learners found' });
    expect(cell.getAttribute('colspan')).toBe('3');
  });

  it('marks a table without rows, so a phone drops its headers and shows the empty text whole', () => {
    const { rerender } = render(<Table columns={columns} rows={[]} rowKey={(row) => row.id} emptyText="No learners found" />);
    expect(screen.getByRole('table').classList.contains('ds-table--no-rows')).toBe(true);
    rerender(<Table columns={columns} rows={rows} rowKey={(row) => row.id} emptyText="No learners found" />);
    expect(screen.getByRole('table').classList.contains('ds-table--no-rows')).toBe(false);
  });

  it('marks the table busy and shows a spinner instead of the empty text while loading', () => {
    render(<Table columns={columns} rows={[]} rowKey={(row) => row.id} emptyText="No learners found" loading />);
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    expect(screen.queryByText('No learners found')).toBeNull();
  });

  it('renders sortable headers as buttons with aria-sort and reports the clicked key', () => {
    const onSortChange = vi.fn();
    render(
      <Table
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        emptyText="-"
        sort={{ key: 'credits', dir: 'desc' }}
        onSortChange={onSortChange}
      />,
    );
    const [nameHeader, creditsHeader, actionsHeader] = screen.getAllByRole('columnheader');
    expect(nameHeader!.getAttribute('aria-sort')).toBe('none');
    expect(creditsHeader!.getAttribute('aria-sort')).toBe('descending');
    expect(actionsHeader!.hasAttribute('aria-sort')).toBe(false);
    expect(within(actionsHeader!).queryByRole('button')).toBeNull();

    fireEvent.click(within(nameHeader!).getByRole('button', { name: 'Name' }));
    expect(onSortChange).toHaveBeenCalledWith('name');
  });

  it('stacks rows on phones only when asked, labelling each cell by its column', () => {
    const labelled: TableColumn<Learner>[] = [
      ...columns.slice(0, 2),
      {
        key: 'actions',
        header: <span className="ds-visually-hidden">Actions</span>,
        render: (row) => <a href={`/learners/${row.id}`}>Edit {row.name}</a>,
      },
      { key: 'note', header: <em>Note</em>, label: 'Note', render: () => '—' },
    ];
    const { rerender } = render(
      <Table caption="Learners" columns={labelled} rows={rows} rowKey={(row) => row.id} emptyText="No learners" />,
    );
    expect(screen.getByRole('table').className).toBe('ds-table');
    expect(screen.getAllByRole('cell')[0]!.hasAttribute('data-label')).toBe(false);

    rerender(<Table caption="Learners" columns={labelled} rows={rows} rowKey={(row) => row.id} emptyText="No learners" stackOnMobile />);
    expect(screen.getByRole('table').className).toBe('ds-table ds-table--stack');
    const cells = within(screen.getAllByRole('row')[1]!).getAllByRole('cell');
    // Text headers label their cells; a header that is not text needs a `label` (actions go without).
    expect(cells.map((cell) => cell.getAttribute('data-label'))).toEqual(['Name', 'Credits', null, 'Note']);
  });
});
