/**
 * `@portal/frontend-kit/audit`: the audit log's columns, shared by the admin's Audit tab and the
 * company's audit card. A sub-entry: the main entry ships on every page.
 */
export { auditLogColumns, type AuditLogColumnsOptions } from './audit-log-columns';
