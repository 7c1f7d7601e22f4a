/** Catalogue's test factories, for its own tests and those of the services that depend on it. */
export { Course, type ICourse } from '../modules/courses/course.entity';
export { CourseActivity } from '../modules/activities/course-activity.entity';
export { BridgingActivity, CompanyCourse } from '../modules/company-courses/company-course.entity';
export { makeBridgingActivity, makeCompanyCourse, makeCourse, makeCourseActivity, makeSco } from './factories';
