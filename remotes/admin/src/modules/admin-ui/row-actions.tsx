import type { ReactNode } from 'react';
import { Button, ButtonLink, type TableColumn } from '@portal/design-system';

/** The last column of an admin list: any extra actions, then Edit and Delete. */
export function rowActionsColumn<Row>({
  editHref,
  onDelete,
  extra,
}: {
  editHref: (row: Row) => string;
  onDelete: (row: Row) => void;
  extra?: (row: Row) => ReactNode;
}): TableColumn<Row> {
  return {
    key: 'actions',
    header: <span className="ds-visually-hidden">Actions</span>,
    align: 'right',
    render: (row) => (
      <div className="admin-row-actions">
        {extra?.(row)}
        <ButtonLink href={editHref(row)} variant="secondary" size="sm">
          Edit
        </ButtonLink>
        <Button variant="danger" size="sm" onClick={() => onDelete(row)}>
          Delete
        </Button>
      </div>
    ),
  };
}
