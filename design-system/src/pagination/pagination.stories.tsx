import { useState } from 'react';
import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { Pagination } from './pagination';

const meta = {
  title: 'Navigation/Pagination',
  component: Pagination,
  args: { page: 2, lastPage: 5, onPageChange: () => {} },
} satisfies Meta<typeof Pagination>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Middle: Story = {};
export const FirstPage: Story = { args: { page: 1 } };
export const LastPage: Story = { args: { page: 5 } };
export const SinglePage: Story = { args: { page: 1, lastPage: 1 } };

function InteractivePagination() {
  const [page, setPage] = useState(1);
  return <Pagination page={page} lastPage={8} onPageChange={setPage} />;
}

export const Interactive: Story = { render: () => <InteractivePagination /> };
