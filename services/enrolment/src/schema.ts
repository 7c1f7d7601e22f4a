import type { ServiceSchema } from '@portal/service-kit';
import { Enrollment } from './modules/enrollments/enrollment.entity';
import { CreditAccount, CreditTransaction } from './modules/credits/credit.entity';
import { EnrolmentInitial } from './migrations/202611210030_enrolment_initial';
import { EnrolmentScormRuntime } from './migrations/202611210800_enrolment_scorm_runtime';
import { EnrolmentAdminTools } from './migrations/202611230200_enrolment_admin_tools';
import { ScoState, ScormAttempt, ScormInteraction, ScormLogEntry, ScormObjective } from './modules/player/scorm.entity';
import { EnrolmentScormObjectives } from './migrations/202611250500_enrolment_scorm_objectives';
import { LearnerActivity } from './modules/activities/learner-activity.entity';
import { Invoice } from './modules/purchases/invoice.entity';
import { EnrolmentCreditsAndInvoices } from './migrations/202611230100_enrolment_credits_and_invoices';

export const enrolmentSchema: ServiceSchema = {
  entities: [Enrollment, CreditAccount, CreditTransaction, ScormAttempt, ScoState, ScormLogEntry, LearnerActivity, Invoice, ScormObjective, ScormInteraction],
  migrations: [
    { name: '202611210030_enrolment_initial', class: EnrolmentInitial },
    { name: '202611210800_enrolment_scorm_runtime', class: EnrolmentScormRuntime },
    { name: '202611230100_enrolment_credits_and_invoices', class: EnrolmentCreditsAndInvoices },
    { name: '202611230200_enrolment_admin_tools', class: EnrolmentAdminTools },
    { name: '202611250500_enrolment_scorm_objectives', class: EnrolmentScormObjectives },
  ],
};
