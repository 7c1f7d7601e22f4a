import { listCourses, type ApiClient } from '@portal/contracts';
import { SearchablePicker, type PickerFieldProps } from '@portal/frontend-kit/pickers';

const MATCHES = 10;

/** Pick any course by name (admins see every course, company-specific ones too). */
export function CoursePicker({ api, ...field }: PickerFieldProps & { api: ApiClient }) {
  return (
    <SearchablePicker<{ id: number; name: string }>
      {...field}
      queryKey="course-options"
      search={(term) =>
        api
          .call(listCourses, { query: { per_page: MATCHES, sortBy: 'name', ...(term ? { search: term } : {}) } })
          .then((r) => r.data.map((c) => ({ id: c.id, name: c.name })))
      }
      optionLabel={(course) => course.name}
      searchLabel="Search courses"
      searchPlaceholder="Course name"
      chooseText="Choose a course…"
      loadingText="Loading courses…"
      className="course-picker"
      selectClassName="admin-select"
    />
  );
}
