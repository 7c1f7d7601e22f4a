import type { Em } from './db';

/**
 * Enrolment's in-process API for the services that cascade into its tables (a service never
 * writes another's tables). The gateway wires enrolment's implementation into every service.
 */
export interface EnrolmentPort {
  /** Deletes a course's enrolments and returns the credits they cost to the companies that paid. */
  removeEnrollmentsOfCourse(em: Em, courseId: number): Promise<{ removed: number; refunded: number }>;
  /** Deletes the enrolments of these users (no refund: the learners are going away). */
  removeEnrollmentsOfUsers(em: Em, userIds: number[]): Promise<{ removed: number }>;
  /** Deletes the enrolments bought by these companies (no refund). */
  removeEnrollmentsOfCompanies(em: Em, companyIds: number[]): Promise<{ removed: number }>;
  /** Sets a company's balance, recording the difference in the ledger as an adjustment. */
  setCreditBalance(em: Em, companyId: number, balance: number, note: string): Promise<void>;
  creditBalanceOf(em: Em, companyId: number): Promise<number>;
  /** Whether a company has any enrolment on a course (a selected course with enrolments stays selected). */
  hasEnrollments(em: Em, companyId: number, courseId: number): Promise<boolean>;
}
