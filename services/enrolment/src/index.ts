export { createEnrolmentApp } from './app';
export { enrolmentSchema } from './schema';
export { seedDemoEnrolment } from './seeders/demo-enrolment';
export { Enrollment } from './modules/enrollments/enrollment.entity';
export { CreditAccount, CreditTransaction } from './modules/credits/credit.entity';
export { creditBalanceOf } from './modules/credits/credit-balance';
export { enrolmentPort, changeCredits } from './enrolment-port';
