import type { ReactNode } from 'react';
import { ConfirmModal } from '@portal/frontend-kit/confirm';
import { ListPanel, type ListPanelProps } from '@portal/frontend-kit/list-panel';
import type { ListDeletion } from './use-list-deletion';

export interface AdminListPanelProps<Row extends { id: number }, Data extends { data: Row[] }> extends Omit<
  ListPanelProps<Row, Data>,
  'notice' | 'onDismissNotice' | 'children'
> {
  deletion: ListDeletion<Row>;
  /** The delete confirmation's text. */
  confirmation: ReactNode;
  canCloseConfirmationWhileBusy?: boolean;
}

/** An admin list: the kit's list panel with the list's deletion notice and its delete confirmation. */
export function AdminListPanel<Row extends { id: number }, Data extends { data: Row[] }>({
  className = 'admin-panel',
  deletion,
  confirmation,
  canCloseConfirmationWhileBusy = false,
  ...list
}: AdminListPanelProps<Row, Data>) {
  const { notice, setNotice, toDelete, setToDelete, isBusy, confirmDelete } = deletion;
  return (
    <ListPanel {...list} className={className} notice={notice} onDismissNotice={() => setNotice(null)}>
      <ConfirmModal
        open={toDelete !== null}
        title={`Delete ${list.noun.one}`}
        confirmLabel={`Delete ${list.noun.one}`}
        isBusy={isBusy}
        canCloseWhileBusy={canCloseConfirmationWhileBusy}
        onConfirm={() => void confirmDelete()}
        onClose={() => setToDelete(null)}
      >
        {confirmation}
      </ConfirmModal>
    </ListPanel>
  );
}
