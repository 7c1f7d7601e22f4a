/** What the cost needs of a course: its id and its credit value (the catalogue's `credit_cost`). */
export interface CostedCourse {
  id: number;
  credit_cost: number;
}

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
