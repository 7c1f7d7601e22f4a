import { emailField, ENROLLING_MESSAGES, type BulkRow } from '@portal/contracts';
import type { Em, ServiceDeps } from '@portal/service-kit';
import { openCourseIdsOf } from '../enrolments/enrolment.repository';
import type { SheetRow } from './read-sheet';

/**
 * Every row of an upload for the review step, with its problems; nothing is written or spent.
 * A bad email or a repeat of an earlier row (same email; same name when neither has an email) is
 * not ok. An email of an employee of the company or its depots matches the row to them (finalise
 * then enrols them instead of making an account), flagged with the courses sent that they are
 * already enrolled on (open enrolments: see isOpenEnrolment) — so the same file uploaded again
 * after finalising enrols nobody twice.
 */
export async function reviewRows(
  em: Em,
  deps: Pick<ServiceDeps, 'identity' | 'now'>,
  companyId: number,
  rows: SheetRow[],
  courseIds: number[],
): Promise<BulkRow[]> {
  const checked = rows.map((row) => {
    const parsed = row.email === null ? null : emailField.safeParse(row.email);
    return { row, email: parsed?.success ? parsed.data : null, badEmail: parsed?.success === false ? row.email : null };
  });
  const employees = await deps.identity.usersByEmails(companyId, [...new Set(checked.flatMap((c) => (c.email ? [c.email] : [])))]);
  const byEmail = new Map(employees.flatMap((u) => (u.email === null ? [] : [[u.email.toLowerCase(), u] as const])));
  const open =
    courseIds.length && employees.length
      ? await openCourseIdsOf(
          em,
          employees.map((u) => u.id),
          courseIds,
          deps.now(),
        )
      : new Map<number, number[]>();

  const seen = new Set<string>();
  return checked.map(({ row, email, badEmail }) => {
    const problems: string[] = [];
    if (badEmail !== null) problems.push(ENROLLING_MESSAGES.bulkBadEmail);
    const key = email ?? (badEmail !== null ? `bad:${badEmail.toLowerCase()}` : `name:${row.name.toLowerCase()}`);
    const duplicate = seen.has(key);
    seen.add(key);
    if (duplicate) problems.push(ENROLLING_MESSAGES.bulkDuplicate);
    const employee = email ? byEmail.get(email) : undefined;
    if (employee) problems.push(ENROLLING_MESSAGES.bulkExisting);
    const enrolled = employee ? (open.get(employee.id) ?? []) : [];
    if (enrolled.length) problems.push(ENROLLING_MESSAGES.alreadyEnrolled);
    return {
      row: row.row,
      Name: row.name,
      Email: email ?? row.email,
      problems,
      existing_user_id: employee?.id ?? null,
      existing_user_name: employee?.name ?? null,
      enrolled_course_ids: enrolled,
      ok: badEmail === null && !duplicate,
    };
  });
}
