import type { ReactNode } from 'react';
import { Table, type TableColumn, type TableSort } from '@portal/design-system';

/** A column the list can be sorted by (the key is the server's sort name). */
export function sortableColumn<Row>(key: string, header: string, render: (row: Row) => ReactNode): TableColumn<Row> {
  return { key, header, render, sortable: true };
}

export interface SortedTableProps<Row extends { id: number }> {
  caption: string;
  columns: TableColumn<Row>[];
  rows: Row[];
  loading: boolean;
  sort: TableSort;
  onSortChange: (key: string) => void;
  emptyText: ReactNode;
}

/** A company list's table: sorted by the server, a card a row on a phone. */
export function SortedTable<Row extends { id: number }>({
  caption,
  columns,
  rows,
  loading,
  sort,
  onSortChange,
  emptyText,
}: SortedTableProps<Row>) {
  return (
    <Table
      caption={caption}
      columns={columns}
      rows={rows}
      rowKey={(row) => row.id}
      loading={loading}
      sort={sort}
      onSortChange={onSortChange}
      emptyText={emptyText}
      stackOnMobile
    />
  );
}
