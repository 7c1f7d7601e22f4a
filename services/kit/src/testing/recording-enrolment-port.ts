import type { EnrolmentPort, LearnerRecords } from '../ports';

/**
 * For the tests of services that enrolment depends on (identity, catalogue), which run without
 * it: records what they ask of enrolment and keeps balances and enrolled courses in memory. The
 * gateway's tests run the same cascades against enrolment's real port and tables.
 */
export function createRecordingEnrolmentPort() {
  const calls: { method: keyof EnrolmentPort; args: unknown[] }[] = [];
  const balances = new Map<number, number>();
  /** `${companyId}:${courseId}` of the enrolments a test pretends exist. */
  const enrolled = new Set<string>();
  /** `${userId}:${courseId}` of the open enrolments of learners a test pretends exist. */
  const learnerEnrolled = new Set<string>();
  /** What `learnerRecords` answers per user (nothing recorded: empty records). */
  const records = new Map<number, LearnerRecords>();
  const sorted = (ids: number[] | undefined) => [...(ids ?? [])].sort((a, b) => a - b);
  const port: EnrolmentPort = {
    removeEnrolmentsOfCourse(courseId) {
      calls.push({ method: 'removeEnrolmentsOfCourse', args: [courseId] });
      return Promise.resolve({ removed: 0, refunded: 0 });
    },
    removeEnrolmentsOf(owners) {
      const userIds = sorted(owners.userIds);
      const companyIds = sorted(owners.companyIds);
      calls.push({ method: 'removeEnrolmentsOf', args: [{ userIds, companyIds }] });
      return Promise.resolve({ removed: 0 });
    },
    setCreditBalance(companyId, balance, note) {
      calls.push({ method: 'setCreditBalance', args: [companyId, balance, note] });
      balances.set(companyId, balance);
      return Promise.resolve();
    },
    creditBalances(companyIds) {
      return Promise.resolve(companyIds.map((companyId) => ({ companyId, balance: balances.get(companyId) ?? 0 })));
    },
    coursesWithEnrolments(companyId, courseIds) {
      return Promise.resolve(courseIds.filter((courseId) => enrolled.has(`${companyId}:${courseId}`)));
    },
    enrolledCourseIds(userIds, courseIds) {
      return Promise.resolve(
        userIds.map((userId) => ({ userId, courseIds: courseIds.filter((courseId) => learnerEnrolled.has(`${userId}:${courseId}`)) })),
      );
    },
    enrolledCourseNames(userIds) {
      return Promise.resolve(userIds.map((userId) => ({ userId, courseNames: [] })));
    },
    enrolmentCounts(userIds) {
      return Promise.resolve(userIds.map((userId) => ({ userId, count: records.get(userId)?.enrollments.length ?? 0 })));
    },
    learnerRecords(userId) {
      calls.push({ method: 'learnerRecords', args: [userId] });
      return Promise.resolve(records.get(userId) ?? { enrollments: [], results: [], scormLog: [], activities: [], certificates: [] });
    },
    countEnrolmentsOf(owners) {
      calls.push({ method: 'countEnrolmentsOf', args: [{ userIds: sorted(owners.userIds), companyIds: sorted(owners.companyIds) }] });
      return Promise.resolve(0);
    },
    moveCompanyRecords(fromCompanyId, toCompanyId) {
      calls.push({ method: 'moveCompanyRecords', args: [fromCompanyId, toCompanyId] });
      return Promise.resolve({ movedEnrollments: 0, movedCredits: 0 });
    },
    contentAttempt() {
      return Promise.resolve(null);
    },
    storeLastWord(input) {
      calls.push({ method: 'storeLastWord', args: [input] });
      return Promise.resolve({ applied: false });
    },
    anonymiseLearner(userId) {
      calls.push({ method: 'anonymiseLearner', args: [userId] });
      return Promise.resolve({ clearedSuspendData: 0 });
    },
  };
  return {
    port,
    calls,
    balances,
    /** Pretend the company has an enrolment on the course. */
    enrol: (companyId: number, courseId: number) => enrolled.add(`${companyId}:${courseId}`),
    /** Pretend the learner has an open enrolment on the course. */
    enrolLearner: (userId: number, courseId: number) => learnerEnrolled.add(`${userId}:${courseId}`),
    /** Pretend enrolment holds these records about the user. */
    setLearnerRecords: (userId: number, value: LearnerRecords) => records.set(userId, value),
    reset: () => calls.splice(0),
  };
}

/** A port this test never reaches: any call fails the test, naming the port and method. */
export function unwiredPort<P extends object>(name: string): P {
  return new Proxy({} as P, {
    get(_target, method) {
      if (typeof method !== 'string' || method === 'then') return undefined;
      return () => Promise.reject(new Error(`The ${name} port is not part of this test (called ${method}).`));
    },
  });
}
