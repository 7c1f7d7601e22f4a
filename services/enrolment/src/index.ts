export { createEnrolmentApp } from './app';
export { enrolmentSchema } from './schema';
export { createEnrolmentPort } from './enrolment-port';
export { seedDemoEnrolment } from './seeders/demo-enrolment';
export { enrolmentScheduledTasks, enrolmentJobDefinitions, sendExpiryReminders } from './modules/reminders';
