/**
 * Enrolment's front door, for the services whose changes reach enrolments and credits (a service
 * never writes another's tables). Enrolment implements it (`createEnrolmentPort`); each method
 * commits on its own.
 */
export interface EnrolmentPort {
  /** Deletes a course's enrolments and returns the credits they cost to the companies that paid. */
  removeEnrolmentsOfCourse(courseId: number): Promise<{ removed: number; refunded: number }>;
  /** Deletes the enrolments of these users and those bought by these companies (no refund: they are going away). */
  removeEnrolmentsOf(owners: { userIds?: number[]; companyIds?: number[] }): Promise<{ removed: number }>;
  /**
   * Sets a company's balance, recording the difference in the ledger as an adjustment with who
   * did it and why (an admin's change of credit_balance needs a reason).
   */
  setCreditBalance(companyId: number, balance: number, note: string, actor?: CreditActor): Promise<void>;
  /** The balance of each of these companies (0 for a company without an account), one entry per id. */
  creditBalances(companyIds: number[]): Promise<{ companyId: number; balance: number }[]>;
  /** Which of these courses the company has any enrolment on (a selected course with enrolments stays selected). */
  coursesWithEnrolments(companyId: number, courseIds: number[]): Promise<number[]>;
  /**
   * For each of these users, which of these courses they have an open enrolment on (not passed
   * and expired). One entry per user id asked about, in the order asked.
   */
  enrolledCourseIds(userIds: number[], courseIds: number[]): Promise<{ userId: number; courseIds: number[] }[]>;
  /** The names of the courses each of these users is enrolled on, one entry per user id asked about. */
  enrolledCourseNames(userIds: number[]): Promise<{ userId: number; courseNames: string[] }[]>;
  /** How many enrolments each of these users holds (the People page), one entry per user id asked about. */
  enrolmentCounts(userIds: number[]): Promise<{ userId: number; count: number }[]>;
  /**
   * Everything enrolment holds about one learner, for their own data export: enrolments,
   * per-SCO results, the SCORM log, completed activities and certificates (with their state now).
   * Course names are the caller's to add (course ids only).
   */
  learnerRecords(userId: number): Promise<LearnerRecords>;
  /** How many enrolments these users hold or these companies bought (what `removeEnrolmentsOf` would delete). */
  countEnrolmentsOf(owners: { userIds?: number[]; companyIds?: number[] }): Promise<number>;
  /**
   * A depot is going and its learners move to the parent: the enrolments it bought and its
   * remaining credits (a transfer in both ledgers) go to the parent. How many enrolments moved.
   */
  moveCompanyRecords(
    fromCompanyId: number,
    toCompanyId: number,
    actor: CreditActor,
  ): Promise<{ movedEnrollments: number; movedCredits: number }>;
  /**
   * A player attempt as the content origin checks it on every request (issue 25 D2): its course
   * and the sign-in session that opened it, or null when the attempt or its enrolment is gone.
   */
  contentAttempt(attemptId: number): Promise<{ attemptId: number; courseId: number; userId: number; sessionId: string | null } | null>;
  /**
   * A SCO's last word (issue 31 item 1): what the content said as its page went while the player's
   * page was going too (the tab closed), sent by the content origin's SCO shell for an attempt its
   * token grants. Stored as the attempt's newest final commit of that SCO.
   */
  storeLastWord(input: { attemptId: number; sco: string; cmi: Record<string, unknown> }): Promise<{ applied: boolean }>;
  /** GDPR erasure of a learner's course state: SCORM suspend data (states and log) removed; results, enrolments and certificates stay. */
  anonymiseLearner(userId: number): Promise<{ clearedSuspendData: number }>;
}

/**
 * A learner's enrolment records as plain data; dates are ISO strings. The keys are those of the
 * learner's data file ("Download my data"), a format people keep: `enrollmentId` stays.
 */
export interface LearnerRecords {
  enrollments: {
    id: number;
    courseId: number;
    companyId: number;
    status: 'not_started' | 'in_progress' | 'passed' | 'failed';
    score: number | null;
    enrolledAt: string;
    startedAt: string | null;
    passedAt: string | null;
    expiresAt: string | null;
  }[];
  /** The newest state of each SCO the learner opened. */
  results: {
    enrollmentId: number;
    sco: string;
    progress: string;
    lessonStatus: string | null;
    scoreRaw: string | null;
    scoreMin: string | null;
    scoreMax: string | null;
    totalTime: string | null;
    updatedAt: string;
  }[];
  /** One row per SCORM commit accepted (suspend data, the course's own opaque state, is left out). */
  scormLog: {
    enrollmentId: number;
    sco: string;
    slideLocation: string | null;
    lessonStatus: string | null;
    sessionTime: string | null;
    scoreRaw: string | null;
    scoreMin: string | null;
    scoreMax: string | null;
    totalTime: string | null;
    at: string;
  }[];
  activities: { enrollmentId: number; activityId: number; completedAt: string | null }[];
  certificates: {
    enrollmentId: number;
    courseId: number;
    code: string;
    passedAt: string | null;
    expiresAt: string | null;
    state: 'valid' | 'expiring-soon' | 'expired' | 'superseded' | 'revoked';
    /** Path of the public check: /verify?code=… */
    verifyPath: string;
  }[];
}

/** Who moved credits, for the ledger: a person, or null for the shop or the system. */
export interface CreditActor {
  userId: number | null;
  name: string;
}
