import type { CourseDetail } from '@portal/contracts';
import type { ParsedManifest } from '../packages/manifest';

/**
 * The package's own passing score as a whole percentage: SCORM 2004's scaled passing score (the
 * primary objective's minNormalizedMeasure) or SCORM 1.2's mastery score, of the first SCO that
 * names one. Null when the package names none.
 */
export function packagePassMark(manifest: ParsedManifest | null): number | null {
  for (const sco of manifest?.scos ?? []) {
    if (sco.scaledPassingScore !== null && sco.scaledPassingScore !== undefined)
      return Math.min(100, Math.max(0, Math.round(sco.scaledPassingScore * 100)));
    if (sco.masteryScore !== null && sco.masteryScore !== undefined) return Math.min(100, Math.max(0, Math.round(sco.masteryScore)));
  }
  return null;
}

export const NO_PASSING_SCORE_WARNING =
  'This SCORM 2004 package names no passing score. If its content reports only a score, learners stay In Progress unless the course has a pass mark: set one on this form.';

/** What the admin should know after an upload: a 2004 package with no passing score and no pass mark set. */
export function uploadWarnings(
  course: Pick<CourseDetail, 'scorm_version' | 'pass_mark' | 'package_pass_mark'>,
  options: { hasNewPackage: boolean },
): string[] {
  if (!options.hasNewPackage || course.scorm_version !== '2004' || course.package_pass_mark !== null) return [];
  return [
    course.pass_mark === null
      ? NO_PASSING_SCORE_WARNING
      : `This SCORM 2004 package names no passing score: the course's pass mark (${course.pass_mark}%) decides when its content reports only a score.`,
  ];
}
