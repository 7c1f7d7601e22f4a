import type { ServiceSchema } from '@portal/service-kit';
import { Enrollment } from './modules/enrollments/enrollment.entity';
import { CreditAccount, CreditTransaction } from './modules/credits/credit.entity';
import { EnrolmentInitial } from './migrations/202611210030_enrolment_initial';

export const enrolmentSchema: ServiceSchema = {
  entities: [Enrollment, CreditAccount, CreditTransaction],
  migrations: [{ name: '202611210030_enrolment_initial', class: EnrolmentInitial }],
};
