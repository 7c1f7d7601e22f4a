import { z } from 'zod';
import { defineRoute, idParam } from '../route';
import { ADMIN_PAGE_SIZE } from '../constants';
import { ADMIN_LIST_PARAMS, listQuery, pageSchema } from '../list';

/** What the audit log records (issue 12 item 9): who did what and when. */
export const AUDIT_ACTIONS = [
  'credits.changed',
  'enrollment.manual-pass',
  'enrollment.deleted',
  'user.deleted',
  'user.updated',
  'company.deleted',
  'user.moved',
  'depot.learners-moved',
  'user.anonymised',
  'user.mimic',
  'user.unmimic',
  'settings.changed',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** How the views name each action. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'credits.changed': 'Credits changed',
  'enrollment.manual-pass': 'Manual pass',
  'enrollment.deleted': 'Enrolment withdrawn',
  'user.deleted': 'User deleted',
  'user.updated': 'User edited',
  'company.deleted': 'Company or depot deleted',
  'user.moved': 'Learner moved',
  'depot.learners-moved': 'Depot learners moved to parent',
  'user.anonymised': 'Learner anonymised',
  'user.mimic': 'Mimicked a company',
  'user.unmimic': 'Stopped mimicking',
  'settings.changed': 'Settings changed',
};

export const auditEntrySchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  actor_id: z.number().int().nullable(),
  /** The actor's name at the time ('System' for scheduled work). */
  actor_name: z.string(),
  actor_role: z.string().nullable(),
  action: z.enum(AUDIT_ACTIONS),
  company_id: z.number().int().nullable(),
  company_name: z.string().nullable(),
  subject_type: z.string().nullable(),
  subject_id: z.number().int().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntryView = z.infer<typeof auditEntrySchema>;

export const AUDIT_SORTABLE = ['created_at', 'action', 'actor_name'] as const;
export const auditListQuery = listQuery({
  sortable: AUDIT_SORTABLE,
  defaultSort: 'created_at',
  defaultDir: 'desc',
  perPage: { default: ADMIN_PAGE_SIZE },
  names: ADMIN_LIST_PARAMS,
  filters: {
    actor_id: idParam.optional(),
    company_id: idParam.optional(),
    action: z.enum(AUDIT_ACTIONS, { error: `Filter by one of: ${AUDIT_ACTIONS.join(', ')}.` }).optional(),
  },
});
export type AuditListQuery = z.output<typeof auditListQuery>;

export const auditList = defineRoute({
  name: 'audit.list',
  method: 'GET',
  path: '/api/audit',
  service: 'identity',
  access: ['manager', 'admin'],
  summary:
    'The audit log, newest first. Admins see every row and filter by actor, company and action; a manager sees the rows of their company and its depots only. Search finds the actor name and the action.',
  query: auditListQuery,
  response: pageSchema(auditEntrySchema),
});

export const auditRoutes = [auditList] as const;
