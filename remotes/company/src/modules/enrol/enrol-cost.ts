/** What the cost needs of a course: its id and its credit value (the catalogue's `credit_cost`). */
export interface CostedCourse {
  id: number;
  credit_cost: number;
}

/** '1 credit', '5 credits': how the wizard writes an amount. */
export const creditsText = (n: number) => `${n} credit${n === 1 ? '' : 's'}`;

/**
 * Spec §9: the sum of the credit values of the chosen courses — of every course on offer when none
 * is chosen — times the number of learners.
 */
export function enrolmentCost(courses: readonly CostedCourse[], chosenIds: readonly number[], learners: number): number {
  const chosen = new Set(chosenIds);
  const counted = chosen.size === 0 ? courses : courses.filter((course) => chosen.has(course.id));
  const perLearner = counted.reduce((sum, course) => sum + Math.max(0, course.credit_cost), 0);
  return perLearner * Math.max(0, learners);
}

/** Spec §5 credit check: the balance minus the cost must be at least 0. */
export function creditCheck(available: number, cost: number): { after: number; isEnough: boolean } {
  const after = available - cost;
  return { after, isEnough: after >= 0 };
}

/** A learner of the finalise as the charge needs them: the courses they are enrolled on already. */
export interface ChargedLearner {
  name: string;
  enrolled_course_ids: readonly number[];
}

export interface FinaliseCharge {
  /** Credits the finalise will spend. */
  cost: number;
  /** Learner × course enrolments it will make. */
  enrolments: number;
  /** Learners already enrolled on some of the courses: skipped there, not charged. */
  skipped: { name: string; courseIds: number[] }[];
}

/**
 * What the finalise will charge (issue 24 item 3): each learner on each course — the chosen ones,
 * or every course on offer when none is chosen (spec §9) — except the courses they are already
 * enrolled on, which the server skips and does not charge.
 */
export function finaliseCharge(
  courses: readonly CostedCourse[],
  chosenIds: readonly number[],
  learners: readonly ChargedLearner[],
): FinaliseCharge {
  const chosen = new Set(chosenIds);
  const counted = chosen.size === 0 ? courses : courses.filter((course) => chosen.has(course.id));
  let cost = 0;
  let enrolments = 0;
  const skipped: FinaliseCharge['skipped'] = [];
  for (const learner of learners) {
    const already = counted.filter((course) => learner.enrolled_course_ids.includes(course.id)).map((course) => course.id);
    if (already.length) skipped.push({ name: learner.name, courseIds: already });
    for (const course of counted) {
      if (already.includes(course.id)) continue;
      cost += Math.max(0, course.credit_cost);
      enrolments += 1;
    }
  }
  return { cost, enrolments, skipped };
}
