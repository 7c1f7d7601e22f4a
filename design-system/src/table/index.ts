export { Table } from './table';
export type { TableProps, TableColumn, TableSort, SortDirection } from './table';
