import { USER_MESSAGES, type checkNewEmployee, type RouteOutput } from '@portal/contracts';
import { canActForCompany, validationError, type Em, type EnrolmentPort, type IdentityPort, type Principal } from '@portal/service-kit';
import type { IUser } from '../../data/user.entity';
import { findUserByEmail } from '../../data/user.repository';
import { companyNames } from '../../data/company.repository';
import { familyOf } from '../users/manage-users';
import { learnersNamed } from '../../data/employee.repository';

type Existing = RouteOutput<typeof checkNewEmployee>['data']['existing'];

/**
 * Who a new employee typed into step 2 already is, creating nothing (issue 32 item 1): with an
 * email, the learner of that email in the company's family (its top company and depots) whom the
 * caller may act for — an email anyone else uses is the 422 that creating them would give; without
 * an email, the newest learner of the family with the same name (any case, spaces trimmed).
 */
export async function checkNewEmployeeAgainst(
  em: Em,
  ports: { identity: IdentityPort; enrolment: EnrolmentPort },
  principal: Principal,
  input: { companyId: number; name: string; email?: string | null },
): Promise<Existing> {
  const family = await familyOf(em, input.companyId);
  const mayActFor = (user: IUser) => canActForCompany(ports.identity, principal, user.companyId);
  let found: IUser | null = null;
  let match: 'email' | 'name' = 'name';
  if (input.email) {
    const user = await findUserByEmail(em, input.email);
    if (!user) return null;
    if (user.role !== 'learner' || !family.includes(user.companyId) || !(await mayActFor(user))) {
      throw validationError({ email: [USER_MESSAGES.emailTaken] }, USER_MESSAGES.emailTaken);
    }
    [found, match] = [user, 'email'];
  } else {
    for (const user of await learnersNamed(em, family, input.name)) {
      if (await mayActFor(user)) {
        found = user;
        break;
      }
    }
  }
  if (!found) return null;
  const [[courses], names] = await Promise.all([ports.enrolment.enrolledCourseNames([found.id]), companyNames(em, [found.companyId])]);
  return {
    match,
    existing_user_id: found.id,
    existing_user_name: found.name,
    existing_user_email: found.email ?? null,
    existing_user_company_id: found.companyId,
    existing_user_company_name: names.get(found.companyId) ?? '',
    existing_user_enrollments: courses?.courseNames ?? [],
  };
}
