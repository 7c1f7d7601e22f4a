import { useState } from 'react';
import { ApiError } from '@portal/contracts';
import type { ListNotice } from '@portal/frontend-kit/list-panel';
import { useRefreshAdminCounts } from '../admin-tabs/admin-counts';

interface ListDeletionOptions<Row> {
  /** Deletes the row; resolves to the success notice's text. */
  remove: (row: Row) => Promise<string>;
  onDeleted: () => void;
  failedText: string;
  /** Runs after the failure notice is set (an alert, a log line). */
  onFailed?: (error: unknown) => void;
}

/** The row an admin list is about to delete, the request's busy flag and the list's notice. */
export function useListDeletion<Row>({ remove, onDeleted, failedText, onFailed }: ListDeletionOptions<Row>) {
  const [toDelete, setToDelete] = useState<Row | null>(null);
  const [isBusy, setBusy] = useState(false);
  const [notice, setNotice] = useState<ListNotice | null>(null);
  const refreshCounts = useRefreshAdminCounts();

  async function confirmDelete() {
    if (!toDelete) return;
    setBusy(true);
    try {
      setNotice({ tone: 'success', text: await remove(toDelete) });
      onDeleted();
      // The dashboard's tab counts include the row just deleted.
      refreshCounts();
    } catch (error) {
      setNotice({ tone: 'error', text: failedText });
      onFailed?.(error);
    } finally {
      setBusy(false);
      setToDelete(null);
    }
  }

  return { toDelete, setToDelete, isBusy, notice, setNotice, confirmDelete };
}

export type ListDeletion<Row> = ReturnType<typeof useListDeletion<Row>>;

/** A failed deletion's alert as the admin's lists say it: "An error occurred while deleting the company: …". */
export const alertDeleteFailure = (noun: string) => (error: unknown) =>
  window.alert(`An error occurred while deleting the ${noun}: ${error instanceof ApiError ? error.message : String(error)}`);
