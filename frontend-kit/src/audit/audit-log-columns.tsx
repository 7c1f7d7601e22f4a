import type { ReactNode } from 'react';
import { AUDIT_ACTION_LABELS, formatDate, type AuditEntryView } from '@portal/contracts';
import type { TableColumn } from '@portal/design-system';

export interface AuditLogColumnsOptions {
  /** The actor's cell; their name unless given (the admin's filters by them). */
  who?: (row: AuditEntryView) => ReactNode;
  /** The company's cell; its name unless given. */
  company?: (row: AuditEntryView) => ReactNode;
}

/** The audit log's When, Who, What and Company columns, as the admin's log and a manager's card show them. */
export function auditLogColumns({ who, company }: AuditLogColumnsOptions = {}): TableColumn<AuditEntryView>[] {
  return [
    { key: 'created_at', header: 'When', sortable: true, render: (r) => `${formatDate(r.created_at)} ${r.created_at.slice(11, 16)}` },
    { key: 'actor_name', header: 'Who', sortable: true, render: who ?? ((r) => r.actor_name) },
    { key: 'action', header: 'What', sortable: true, render: (r) => AUDIT_ACTION_LABELS[r.action] },
    { key: 'company', header: 'Company', render: company ?? ((r) => r.company_name ?? '—') },
  ];
}
