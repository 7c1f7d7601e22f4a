import type { SessionUser } from '@portal/contracts';
import type { Em, Principal } from '@portal/service-kit';
import type { IUser } from '../../data/user.entity';
import { companyNameOf } from '../../data/session.repository';
import { signInsOf } from '../../data/sign-in-record.repository';

export async function toSessionUser(em: Em, user: IUser, principal: Principal | null): Promise<SessionUser> {
  const companyId = principal?.companyId ?? user.companyId;
  return {
    id: user.id,
    name: user.name,
    email: user.email ?? null,
    role: user.role,
    company_id: companyId,
    company_name: await companyNameOf(em, companyId),
    is_mimicking: principal?.isMimicking ?? false,
    // The sign-in that made this session is recorded already: a second one means they were here before.
    is_first_visit: (await signInsOf(em, user.id, 2)).length <= 1,
  };
}
