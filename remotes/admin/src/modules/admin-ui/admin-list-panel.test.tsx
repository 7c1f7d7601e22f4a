import { render, screen } from '@testing-library/react';
import type { QueryState } from '@portal/frontend-kit';
import { AdminListPanel } from './admin-list-panel';
import type { ListDeletion } from './use-list-deletion';

type Row = { id: number; name: string };
type Data = { data: Row[]; total: number };

const deletion = {
  notice: null,
  setNotice: () => undefined,
  toDelete: null,
  setToDelete: () => undefined,
  isBusy: false,
  confirmDelete: async () => undefined,
} as unknown as ListDeletion<Row>;

function panel(list: QueryState<Data>) {
  return (
    <AdminListPanel<Row, Data>
      testId="list"
      noun={{ one: 'learner', many: 'learners' }}
      toolbar={null}
      isSearching={false}
      list={{ ...list, reload: () => undefined }}
      pageOf={(data) => ({ currentPage: 1, lastPage: 5, total: data.total })}
      requestedPage={1}
      hasTotal
      onPageChange={() => undefined}
      columns={[{ key: 'name', header: 'Name', render: (row) => row.name }]}
      sort={undefined}
      onSortChange={() => undefined}
      deletion={deletion}
      confirmation={null}
    />
  );
}

describe('AdminListPanel', () => {
  it('shows its footer with the first rows (not beside the skeleton, which the rows would push down) and keeps it while a later page loads', () => {
    const { rerender } = render(panel({ status: 'loading' } as QueryState<Data>));
    expect(screen.queryByRole('button', { name: /Next/ })).toBeNull();
    rerender(panel({ status: 'success', data: { data: [{ id: 1, name: 'Lee' }], total: 65 } } as QueryState<Data>));
    expect(screen.getByText('65 in total')).toBeTruthy();
    rerender(panel({ status: 'loading' } as QueryState<Data>));
    expect(screen.getByRole('button', { name: /Next/ })).toBeTruthy();
  });
});
