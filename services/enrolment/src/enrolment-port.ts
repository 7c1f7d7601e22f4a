import { createAuditLog, type EnrolmentPort, type PortContext } from '@portal/service-kit';
import { removeEnrolmentsOf, removeEnrolmentsOfCourse } from './modules/enrolling/remove-enrolments';
import { courseIdsOfUsers, courseIdsWithEnrolments, enrolmentCountsOf, openCourseIdsOf } from './modules/enrolments/enrolment.repository';
import { changeCreditBalance } from './modules/credits/set-credit-balance';
import { creditBalancesOf } from './modules/credits/credit.repository';
import { learnerRecordsOf } from './modules/learner-data/learner-records';
import { anonymiseLearner, countEnrolmentsOf, moveCompanyRecords } from './modules/learner-admin/learner-admin';
import { contentAttempt } from './modules/player/scorm.repository';
import { storeLastWord } from './modules/player/last-word';

/** Enrolment's front door (kit `EnrolmentPort`): each call runs, and commits, on its own entity manager. */
export function createEnrolmentPort(context: PortContext): EnrolmentPort {
  const { orm, now, ports } = context;
  const catalogue = () => {
    if (!ports) throw new Error('enrolledCourseNames needs the catalogue port (PortContext.ports)');
    return ports().catalogue;
  };
  const audit = createAuditLog({ orm, now });
  return {
    removeEnrolmentsOfCourse: (courseId) => removeEnrolmentsOfCourse(orm.em.fork(), courseId),
    removeEnrolmentsOf: ({ userIds = [], companyIds = [] }) => removeEnrolmentsOf(orm.em.fork(), { userIds, companyIds }),
    setCreditBalance: (companyId, balance, note, actor) => changeCreditBalance(orm.em.fork(), { companyId, balance, note, actor, audit }),
    async creditBalances(companyIds) {
      const balances = await creditBalancesOf(orm.em.fork(), companyIds);
      return companyIds.map((companyId) => ({ companyId, balance: balances.get(companyId) ?? 0 }));
    },
    coursesWithEnrolments: (companyId, courseIds) => courseIdsWithEnrolments(orm.em.fork(), companyId, courseIds),
    async enrolledCourseIds(userIds, courseIds) {
      const open = await openCourseIdsOf(orm.em.fork(), userIds, courseIds, now());
      return userIds.map((userId) => ({ userId, courseIds: open.get(userId) ?? [] }));
    },
    async enrolledCourseNames(userIds) {
      const byUser = await courseIdsOfUsers(orm.em.fork(), userIds);
      const courseIds = [...new Set([...byUser.values()].flat())];
      const courses = courseIds.length ? await catalogue().coursesByIds(courseIds) : [];
      const names = new Map(courses.map((c) => [c.id, c.name]));
      return userIds.map((userId) => ({ userId, courseNames: (byUser.get(userId) ?? []).flatMap((id) => names.get(id) ?? []) }));
    },
    async enrolmentCounts(userIds) {
      const counts = await enrolmentCountsOf(orm.em.fork(), userIds);
      return userIds.map((userId) => ({ userId, count: counts.get(userId) ?? 0 }));
    },
    learnerRecords: (userId) => learnerRecordsOf(orm.em.fork(), userId, now()),
    countEnrolmentsOf: ({ userIds = [], companyIds = [] }) => countEnrolmentsOf(orm.em.fork(), { userIds, companyIds }),
    moveCompanyRecords: (fromCompanyId, toCompanyId, actor) => moveCompanyRecords(orm.em.fork(), fromCompanyId, toCompanyId, actor, now()),
    anonymiseLearner: (userId) => anonymiseLearner(orm.em.fork(), userId),
    contentAttempt: (attemptId) => contentAttempt(orm, attemptId),
    storeLastWord(input) {
      if (!context.jobs) throw new Error('storeLastWord needs the job queue (PortContext.jobs)');
      return storeLastWord({ orm, catalogue: catalogue(), jobs: context.jobs }, input, now());
    },
  };
}
