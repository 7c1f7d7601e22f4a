import { canActForCompany, notFound, type Em, type Principal, type ServiceDeps } from '@portal/service-kit';
import { findEnrolment } from '../enrolments/enrolment.repository';
import type { IEnrolment } from '../enrolments/enrolment.entity';

/**
 * Who may see a learner's certificates: the learner, managers of the company the enrolment was
 * bought for (or of its parent, for a depot) and admins. Anyone else gets the same 404 as an id
 * that does not exist, so ids cannot be probed.
 */
export async function canSeeCertificatesOf(
  deps: Pick<ServiceDeps, 'identity'>,
  principal: Principal,
  owner: { userId: number; companyId: number },
): Promise<boolean> {
  if (principal.role === 'learner') return principal.userId === owner.userId;
  return canActForCompany(deps.identity, principal, owner.companyId);
}

export async function visibleEnrolment(
  deps: Pick<ServiceDeps, 'identity'>,
  em: Em,
  principal: Principal,
  enrolmentId: number,
): Promise<IEnrolment> {
  const enrolment = await findEnrolment(em, enrolmentId);
  if (!enrolment || !(await canSeeCertificatesOf(deps, principal, enrolment))) throw notFound('That certificate');
  return enrolment;
}
