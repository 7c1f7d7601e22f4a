import { useSearchParams } from 'react-router';
import type { ApiClient } from '@portal/contracts';
import { CourseList } from './course-list';
import { CourseEditor } from './course-editor';
import './courses.css';

/**
 * The admin Courses tab: the course list, or the add / edit course screen named by `?course=`
 * (`new` or an id), so each screen has its own address and the browser's Back works.
 */
export function CoursesPanel({ api }: { api: ApiClient }) {
  const [params] = useSearchParams();
  const course = params.get('course');
  if (course === 'new') return <CourseEditor api={api} courseId={null} />;
  if (course && /^\d+$/.test(course)) return <CourseEditor api={api} courseId={Number(course)} />;
  return <CourseList api={api} />;
}
