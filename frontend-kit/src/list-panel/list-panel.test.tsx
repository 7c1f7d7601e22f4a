import { fireEvent, render, screen } from '@testing-library/react';
import type { QueryState } from '../data/use-api-query';
import { ListPanel, type ListNotice } from './list-panel';

type Row = { id: number; name: string };
type Data = { data: Row[]; total: number };

function panel(list: QueryState<Data>, extra: { notice?: ListNotice; onDismissNotice?: () => void; isSearching?: boolean } = {}) {
  return (
    <ListPanel<Row, Data>
      testId="list"
      noun={{ one: 'learner', many: 'learners' }}
      toolbar={<button type="button">Add learner</button>}
      isSearching={extra.isSearching ?? false}
      list={{ ...list, reload: () => undefined }}
      pageOf={(data) => ({ currentPage: 1, lastPage: 5, total: data.total })}
      requestedPage={1}
      hasTotal
      onPageChange={() => undefined}
      columns={[{ key: 'name', header: 'Name', render: (row) => row.name }]}
      sort={undefined}
      onSortChange={() => undefined}
      notice={extra.notice ?? null}
      {...(extra.onDismissNotice ? { onDismissNotice: extra.onDismissNotice } : {})}
    >
      <p>opened over the list</p>
    </ListPanel>
  );
}

const loaded = (rows: Row[], total = rows.length) => ({ status: 'success', data: { data: rows, total } }) as QueryState<Data>;

describe('ListPanel', () => {
  it('shows its toolbar, a table named by its noun, what it opens over itself and the notice, which can be dismissed', () => {
    const onDismissNotice = vi.fn();
    render(panel(loaded([{ id: 1, name: 'Lee' }]), { notice: { tone: 'success', text: 'Lee was deleted.' }, onDismissNotice }));
    expect(screen.getByRole('button', { name: 'Add learner' })).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Learners' })).toBeTruthy();
    expect(screen.getByText('opened over the list')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(onDismissNotice).toHaveBeenCalled();
  });

  it('says whether nothing matched the search or nothing is there yet', () => {
    const { rerender } = render(panel(loaded([])));
    expect(screen.getByText('There are no learners yet.')).toBeTruthy();
    rerender(panel(loaded([]), { isSearching: true }));
    expect(screen.getByText('No learners match your search.')).toBeTruthy();
  });

  it('shows its footer with the first rows and keeps it while a later page loads', () => {
    const { rerender } = render(panel({ status: 'loading' } as QueryState<Data>));
    expect(screen.queryByRole('button', { name: /Next/ })).toBeNull();
    rerender(panel(loaded([{ id: 1, name: 'Lee' }], 65)));
    expect(screen.getByText('65 in total')).toBeTruthy();
    rerender(panel({ status: 'loading' } as QueryState<Data>));
    expect(screen.getByRole('button', { name: /Next/ })).toBeTruthy();
  });
});
