import { Button, Notice, PageHeader } from '@portal/design-system';
import { LoadError, type RemotePageProps } from '@portal/frontend-kit';
import { useCompanyCourses } from '../modules/courses/use-company-courses';
import { useSavedNotice } from '../modules/courses/use-saved-notice';
import { useSelectedCoursesPanel } from '../modules/courses/use-selected-courses-panel';
import { CourseCategoriesNav } from '../modules/courses/course-categories-nav';
import { CourseList } from '../modules/courses/course-list';
import { SelectedCoursesPanel } from '../modules/courses/selected-courses-panel';
import '../modules/courses/courses.css';

/** /courses (spec §2 "Courses"): categories, search, 10 a page, and the company's selected courses. */
export default function Courses({ api }: RemotePageProps) {
  const { savedNotice, dismiss } = useSavedNotice();
  const { isOpen: isPanelOpen, close: closePanel, toggle: togglePanel, openerRef, panelRef } = useSelectedCoursesPanel();
  const catalogue = useCompanyCourses(api);
  const { categories, categoryId, setCategory, selection } = catalogue;

  return (
    <div className="company-courses-page" data-testid="company-courses">
      <PageHeader
        title="Courses"
        subtitle="Choose the courses your company uses, then enrol your employees."
        actions={
          <Button ref={openerRef} variant="secondary" onClick={togglePanel} aria-expanded={isPanelOpen} aria-controls="selected-courses">
            Selected Courses ({selection.selected?.length ?? 0})
          </Button>
        }
      />
      {savedNotice ? (
        <Notice tone="success" onDismiss={dismiss}>
          {savedNotice}
        </Notice>
      ) : null}
      {categories.status === 'error' ? <LoadError error={categories.error} onRetry={categories.reload} what="the categories" /> : null}
      <CourseCategoriesNav
        categories={categories.status === 'success' ? categories.data : null}
        categoryId={categoryId}
        onChoose={setCategory}
      />
      <div className="company-courses-layout">
        <CourseList {...catalogue} />
        {isPanelOpen ? <SelectedCoursesPanel selected={selection.selected} panelRef={panelRef} onClose={closePanel} /> : null}
      </div>
    </div>
  );
}
