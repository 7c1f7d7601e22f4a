import type { EnrolmentPort } from '@portal/service-kit';

/**
 * Identity's own tests run without the enrolment service (which depends on identity): this port
 * records what identity asks of enrolment and keeps balances in memory. The gateway's tests run
 * the same cascades against enrolment's real port and tables.
 */
export function createRecordingEnrolmentPort() {
  const calls: { method: keyof EnrolmentPort; args: unknown[] }[] = [];
  const balances = new Map<number, number>();
  const port: EnrolmentPort = {
    async removeEnrollmentsOfCourse(_em, courseId) {
      calls.push({ method: 'removeEnrollmentsOfCourse', args: [courseId] });
      return { removed: 0, refunded: 0 };
    },
    async removeEnrollmentsOfUsers(_em, userIds) {
      calls.push({ method: 'removeEnrollmentsOfUsers', args: [[...userIds].sort((a, b) => a - b)] });
      return { removed: userIds.length };
    },
    async removeEnrollmentsOfCompanies(_em, companyIds) {
      calls.push({ method: 'removeEnrollmentsOfCompanies', args: [[...companyIds].sort((a, b) => a - b)] });
      return { removed: companyIds.length };
    },
    async setCreditBalance(_em, companyId, balance, note) {
      calls.push({ method: 'setCreditBalance', args: [companyId, balance, note] });
      balances.set(companyId, balance);
    },
    async creditBalanceOf(_em, companyId) {
      return balances.get(companyId) ?? 0;
    },
    async hasEnrollments() {
      return false;
    },
  };
  return { port, calls, balances, reset: () => calls.splice(0) };
}
