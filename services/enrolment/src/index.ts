export { createEnrolmentApp } from './app';
export { enrolmentSchema } from './schema';
export { createEnrolmentPort } from './enrolment-port';
export { seedDemoEnrolment } from './seeders/demo-enrolment';
export { certificateIssuedJob } from './modules/certificates/certificate-jobs';
export { enrolmentScheduledTasks, enrolmentJobDefinitions, sendExpiryReminders } from './modules/reminders';
export { contentTokenSecret, signContentToken, verifyContentToken } from './modules/player/content-token';
export { enrolmentService } from './service';
