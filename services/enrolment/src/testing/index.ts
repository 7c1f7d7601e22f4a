/** Enrolment's test factories and rows, for its own tests and those of the gateway and reporting. */
export { changeCredits } from '../modules/credits/credit.repository';
export { openAttempt } from '../modules/player/launch-course';
export { recordAnsweredAttempt, type AnsweredAttempt } from '../modules/player/answered-attempt';
export { Enrolment, type IEnrolment } from '../modules/enrolments/enrolment.entity';
export { CreditAccount, CreditTransaction } from '../modules/credits/credit.entity';
export { ScormAttempt, ScoState, ScormInteraction, ScormLogEntry, ScormObjective } from '../modules/player/scorm.entity';
export { ANSWER_TEXT_MAX } from '../modules/player/scorm-records';
export { LearnerActivity } from '../modules/activities/learner-activity.entity';
export { makeCreditAccount, makeEnrolment } from './factories';
export { CertificateRecord } from '../modules/certificates/certificate.entity';
export { certificatePdf } from '../modules/certificates/certificate-pdf';
export { issueCertificate } from '../modules/certificates/issue-certificate';
export { enrol, PARENT_PAYS_ONLY } from '../modules/enrolling/enrol';
export { createEnrolmentTestWorld, type EnrolmentTestWorld } from './enrolment-test-world';
