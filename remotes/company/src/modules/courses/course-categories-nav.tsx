import type { Category } from '@portal/contracts';
import { CategoryIcon } from '@portal/design-system';
import { categoryIconOf } from './category-icon-of';

interface CourseCategoriesNavProps {
  categories: readonly Category[] | null;
  categoryId: number | undefined;
  onChoose: (id: number | undefined) => void;
}

/** The row of category buttons above the course list: All Courses, then each category. */
export function CourseCategoriesNav({ categories, categoryId, onChoose }: CourseCategoriesNavProps) {
  return (
    <nav className="course-categories" aria-label="Course categories">
      <button type="button" className="course-category" aria-pressed={!categoryId} onClick={() => onChoose(undefined)}>
        All Courses
      </button>
      {(categories ?? []).map((category) => (
        <button
          key={category.id}
          type="button"
          className="course-category"
          aria-pressed={categoryId === category.id}
          onClick={() => onChoose(category.id)}
        >
          <CategoryIcon icon={categoryIconOf(category.id)} size={20} />
          <span>{category.name}</span>
        </button>
      ))}
    </nav>
  );
}
