import { useMemo, useState } from 'react';
import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { StatusPill, type CourseStatus } from '../status-pill';
import { Table, type TableColumn, type TableSort } from './table';

interface Enrolment {
  id: number;
  learner: string;
  course: string;
  status: CourseStatus;
  enrolledAt: string;
}

const enrolments: Enrolment[] = [
  { id: 1, learner: 'Ada Lovelace', course: 'Fire Safety Awareness', status: 'passed', enrolledAt: '2025-01-14' },
  { id: 2, learner: 'Grace Hopper', course: 'Manual Handling', status: 'in-progress', enrolledAt: '2025-02-03' },
  { id: 3, learner: 'Alan Turing', course: 'Working at Height', status: 'not-started', enrolledAt: '2025-03-21' },
  { id: 4, learner: 'Katherine Johnson', course: 'COSHH', status: 'failed', enrolledAt: '2024-11-30' },
  { id: 5, learner: 'Tim Berners-Lee', course: 'Asbestos Awareness', status: 'expired', enrolledAt: '2022-06-08' },
];

const columns: TableColumn<Enrolment>[] = [
  { key: 'learner', header: 'Learner', render: (row) => row.learner, sortable: true },
  { key: 'course', header: 'Course', render: (row) => row.course, sortable: true },
  { key: 'status', header: 'Status', render: (row) => <StatusPill status={row.status} /> },
  {
    key: 'enrolledAt',
    header: 'Enrolled',
    render: (row) => new Date(row.enrolledAt).toLocaleDateString('en-GB'),
    sortable: true,
    align: 'right',
  },
];

const meta = {
  title: 'Data/Table',
  component: Table<Enrolment>,
  args: {
    caption: 'Enrolments',
    columns,
    rows: enrolments,
    rowKey: (row: Enrolment) => row.id,
    emptyText: 'No enrolments match your filters.',
  },
} satisfies Meta<typeof Table<Enrolment>>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Empty: Story = { args: { rows: [] } };
export const Loading: Story = { args: { rows: [], loading: true } };
export const LoadingWithStaleRows: Story = { args: { loading: true } };

function SortableTable() {
  const [sort, setSort] = useState<TableSort>({ key: 'learner', dir: 'asc' });
  const sorted = useMemo(() => {
    const key = sort.key as keyof Enrolment;
    const factor = sort.dir === 'asc' ? 1 : -1;
    return [...enrolments].sort((a, b) => String(a[key]).localeCompare(String(b[key])) * factor);
  }, [sort]);
  return (
    <Table
      caption="Enrolments (click a header to sort)"
      columns={columns}
      rows={sorted}
      rowKey={(row) => row.id}
      emptyText="No enrolments"
      sort={sort}
      onSortChange={(key) => setSort((current) => ({ key, dir: current.key === key && current.dir === 'asc' ? 'desc' : 'asc' }))}
    />
  );
}

export const Sortable: Story = { render: () => <SortableTable /> };

/** Narrow the viewport to 600 px or less: each row becomes a card of label and value lines. */
export const StackedOnMobile: Story = { args: { stackOnMobile: true }, parameters: { viewport: { defaultViewport: 'mobile1' } } };
