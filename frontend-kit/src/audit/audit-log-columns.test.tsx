import type { AuditEntryView } from '@portal/contracts';
import { auditLogColumns } from './audit-log-columns';

const ROW = {
  id: 1,
  created_at: '2026-03-04T09:15:00.000Z',
  actor_id: 7,
  actor_name: 'Ada Admin',
  action: 'company.deleted',
  company_id: 2,
  company_name: null,
} as unknown as AuditEntryView;

describe('auditLogColumns', () => {
  it('shows when (day and time), who, what and the company, sortable by the first three', () => {
    const columns = auditLogColumns();
    expect(columns.map((c) => c.header)).toEqual(['When', 'Who', 'What', 'Company']);
    expect(columns.map((c) => Boolean(c.sortable))).toEqual([true, true, true, false]);
    expect(String(columns[0]?.render(ROW))).toContain('09:15');
    expect(columns[1]?.render(ROW)).toBe('Ada Admin');
    expect(columns[3]?.render(ROW)).toBe('—');
  });

  it('takes the Who and Company cells it is given', () => {
    const columns = auditLogColumns({ who: (r) => `by ${r.actor_name}`, company: (r) => `#${r.company_id}` });
    expect(columns[1]?.render(ROW)).toBe('by Ada Admin');
    expect(columns[3]?.render(ROW)).toBe('#2');
  });
});
