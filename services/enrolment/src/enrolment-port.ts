import type { EnrolmentPort, PortContext } from '@portal/service-kit';
import { removeEnrollmentsOf, removeEnrollmentsOfCourse } from './modules/enrollments/remove-enrollments';
import { courseIdsWithEnrollments } from './modules/enrollments/enrollment.repository';
import { setCreditBalance } from './modules/credits/set-credit-balance';
import { creditBalancesOf } from './modules/credits/credit.repository';
import { learnerRecordsOf } from './modules/learner-data/learner-records';

/** Enrolment's front door (kit `EnrolmentPort`): each call runs, and commits, on its own entity manager. */
export function createEnrolmentPort({ orm, now }: PortContext): EnrolmentPort {
  return {
    removeEnrollmentsOfCourse: (courseId) => removeEnrollmentsOfCourse(orm.em.fork(), courseId),
    removeEnrollmentsOf: ({ userIds = [], companyIds = [] }) => removeEnrollmentsOf(orm.em.fork(), { userIds, companyIds }),
    setCreditBalance: (companyId, balance, note) => setCreditBalance(orm.em.fork(), companyId, balance, note),
    async creditBalances(companyIds) {
      const balances = await creditBalancesOf(orm.em.fork(), companyIds);
      return companyIds.map((companyId) => ({ companyId, balance: balances.get(companyId) ?? 0 }));
    },
    coursesWithEnrollments: (companyId, courseIds) => courseIdsWithEnrollments(orm.em.fork(), companyId, courseIds),
    // Issue 9 work in progress: built by the enrolling part of the credits-and-enrolment change.
    enrolledCourseIds: () => Promise.reject(new Error('not built yet (issue 9)')),
    enrolledCourseNames: () => Promise.reject(new Error('not built yet (issue 9)')),
    learnerRecords: (userId) => learnerRecordsOf(orm.em.fork(), userId, now()),
  };
}
