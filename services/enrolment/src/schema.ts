import type { ServiceSchema } from '@portal/service-kit';
import { Enrolment } from './modules/enrolments/enrolment.entity';
import { CreditAccount, CreditTransaction } from './modules/credits/credit.entity';
import { EnrolmentInitial } from './migrations/202611210030_enrolment_initial';
import { EnrolmentScormRuntime } from './migrations/202611210800_enrolment_scorm_runtime';
import { EnrolmentAdminTools } from './migrations/202611230200_enrolment_admin_tools';
import { ScoState, ScormAttempt, ScormInteraction, ScormLogEntry, ScormObjective } from './modules/player/scorm.entity';
import { EnrolmentScormObjectives } from './migrations/202611250500_enrolment_scorm_objectives';
import { LearnerActivity } from './modules/activities/learner-activity.entity';
import { Invoice } from './modules/purchases/invoice.entity';
import { EnrolmentCreditsAndInvoices } from './migrations/202611230100_enrolment_credits_and_invoices';
import { EnrolmentReporting } from './migrations/202612010100_enrolment_reporting';
import { EnrolmentReportingSorts } from './migrations/202612020100_enrolment_reporting_sorts';
import { EnrolmentReportingStatusActivity } from './migrations/202612030100_enrolment_reporting_status_activity';
import { EnrolmentScormAnswers } from './migrations/202612040100_enrolment_scorm_answers';
import { EnrolmentCertificates } from './migrations/202611240100_enrolment_certificates';
import { CertificateRecord } from './modules/certificates/certificate.entity';
import { EnrolmentSentReminders } from './migrations/202611250200_enrolment_sent_reminders';
import { SentReminder } from './modules/reminders/sent-reminder.entity';
import { EnrolmentAttemptSession } from './migrations/202612040100_enrolment_attempt_session';

export const enrolmentSchema: ServiceSchema = {
  entities: [
    Enrolment,
    CreditAccount,
    CreditTransaction,
    ScormAttempt,
    ScoState,
    ScormLogEntry,
    LearnerActivity,
    Invoice,
    CertificateRecord,
    SentReminder,
    ScormObjective,
    ScormInteraction,
  ],
  migrations: [
    { name: '202611210030_enrolment_initial', class: EnrolmentInitial },
    { name: '202611210800_enrolment_scorm_runtime', class: EnrolmentScormRuntime },
    { name: '202611230100_enrolment_credits_and_invoices', class: EnrolmentCreditsAndInvoices },
    { name: '202611230200_enrolment_admin_tools', class: EnrolmentAdminTools },
    { name: '202611240100_enrolment_certificates', class: EnrolmentCertificates },
    { name: '202611250200_enrolment_sent_reminders', class: EnrolmentSentReminders },
    { name: '202611250500_enrolment_scorm_objectives', class: EnrolmentScormObjectives },
    { name: '202612010100_enrolment_reporting', class: EnrolmentReporting },
    { name: '202612020100_enrolment_reporting_sorts', class: EnrolmentReportingSorts },
    { name: '202612030100_enrolment_reporting_status_activity', class: EnrolmentReportingStatusActivity },
    { name: '202612040100_enrolment_attempt_session', class: EnrolmentAttemptSession },
    { name: '202612040100_enrolment_scorm_answers', class: EnrolmentScormAnswers },
  ],
};
