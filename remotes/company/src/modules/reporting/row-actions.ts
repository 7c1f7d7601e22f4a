import type { ReportingEnrolmentRow } from '@portal/contracts';

export type RowAction = 'edit' | 'remind' | 'certificate' | 're-enrol';

/**
 * The buttons a row shows, in order (spec §4). The server decides what each enrolment allows
 * (`actions`, from its status and expiry); the page only lays them out: Edit and Remind before the
 * learner starts, View Certificate while a pass is valid, Re-enrol once it expires within 7 days.
 */
export function rowActions(actions: ReportingEnrolmentRow['actions']): RowAction[] {
  const list: RowAction[] = [];
  if (actions.edit) list.push('edit');
  if (actions.remind) list.push('remind');
  if (actions.view_certificate) list.push('certificate');
  if (actions.re_enrol) list.push('re-enrol');
  return list;
}
