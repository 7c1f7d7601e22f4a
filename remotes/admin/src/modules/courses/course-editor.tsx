import { lazy, Suspense, useEffect, useState } from 'react';
import {
  Controller,
  useForm,
  useWatch,
  type Control,
  type FieldPath,
  type Resolver,
  type UseFormReturn,
  type UseFormSetError,
} from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import {
  ApiError,
  appendFormFields,
  COMPANY_SPECIFIC_CATEGORY_NAME,
  getCourse,
  listCategories,
  type ApiClient,
  type CourseDetail,
} from '@portal/contracts';
import { createCourseBodySchema, updateCourseBodySchema } from '@portal/contracts/schemas';
import { Button, FormField, Notice, ProgressBar, SkeletonBlock } from '@portal/design-system';
import { LoadError, useApiQuery, uploadWithProgress } from '@portal/frontend-kit';
import { BoundField } from '@portal/frontend-kit/forms';
import { useRefreshAdminCounts } from '../admin-tabs/admin-counts';
import { useRevealedNotice } from '../admin-ui/use-revealed-notice';
import { courseRequestBody, EMPTY_COURSE, valuesOfCourse, type CourseValues } from './course-form-values';
import {
  ActivitiesFieldset,
  CategoriesFieldset,
  CourseCompanyField,
  CourseFilesFields,
  CourseNumbersGrid,
  fieldErrorOf,
} from './course-form-parts';

// The editor is large: it loads with this form only, never with the dashboard.
const RichTextEditor = lazy(() => import('./rich-text-editor'));

/** The add / edit course screen (admin): a multipart form with the package zip, sent with progress in %. */
export function CourseEditor({ api, courseId }: { api: ApiClient; courseId: number | null }) {
  const navigate = useNavigate();
  const course = useApiQuery(courseId === null ? 'new' : String(courseId), () =>
    courseId === null ? Promise.resolve(null) : api.call(getCourse, { params: { id: courseId } }).then((r) => r.data),
  );
  const categories = useApiQuery('categories', () => api.call(listCategories).then((r) => r.data));
  const [flash, setFlash] = useState<string | null>(null);
  const [warnings, setWarnings] = useState<string[]>([]);
  const [saves, setSaves] = useState(0);
  const refreshCounts = useRefreshAdminCounts();
  const goBack = (event?: { preventDefault(): void }) => {
    event?.preventDefault();
    void navigate('/admin?tab=courses');
  };

  return (
    <div className="admin-panel admin-course-editor" data-testid="admin-course-editor">
      <a href="/admin?tab=courses" className="admin-course-editor__back" onClick={goBack}>
        Go back
      </a>
      <h2 className="admin-panel__title">{courseId === null ? 'Add course' : 'Edit course'}</h2>
      {course.status === 'error' ? <LoadError error={course.error} onRetry={course.reload} what="the course" /> : null}
      {categories.status === 'error' ? <LoadError error={categories.error} onRetry={categories.reload} what="the categories" /> : null}
      {course.status === 'loading' || categories.status === 'loading' ? <SkeletonBlock height={320} /> : null}
      {course.status === 'success' && categories.status === 'success' ? (
        <CourseForm
          key={`${courseId ?? 'new'}-${course.data?.file_name ?? ''}-${saves}`}
          api={api}
          course={course.data}
          categories={categories.data}
          flash={flash}
          warnings={warnings}
          onSaved={(saved, message, saveWarnings) => {
            setFlash(message);
            setWarnings(saveWarnings);
            if (courseId === null) {
              refreshCounts();
              void navigate(`/admin?tab=courses&course=${saved.id}`);
            } else {
              setSaves((n) => n + 1);
              course.reload();
            }
          }}
        />
      ) : null}
    </div>
  );
}

interface CourseFormProps {
  api: ApiClient;
  course: CourseDetail | null;
  categories: { id: number; name: string }[];
  flash: string | null;
  /** What the last save's upload should make the admin look at (e.g. no passing score in a 2004 package). */
  warnings: string[];
  onSaved: (course: CourseDetail, message: string, warnings: string[]) => void;
}

/** 'Company Specific' ticked: the course belongs to one company, picked here; un-ticked, the company clears. */
function useCompanySpecific(form: UseFormReturn<CourseValues>, categories: { id: number; name: string }[]) {
  const { setValue } = form;
  const companySpecificId = categories.find((c) => c.name === COMPANY_SPECIFIC_CATEGORY_NAME)?.id;
  const categoryIds = useWatch({ control: form.control, name: 'category_ids' }).map(Number);
  const companyId = useWatch({ control: form.control, name: 'company_id' });
  const isCompanySpecific = companySpecificId !== undefined && categoryIds.includes(companySpecificId);
  useEffect(() => {
    if (!isCompanySpecific) setValue('company_id', '');
  }, [isCompanySpecific, setValue]);
  return { isCompanySpecific, companyId };
}

/** Sends the course as a multipart upload with its progress in %, and says how it went. */
function useCourseUpload({
  course,
  isCompanySpecific,
  setError,
  flash,
  onSaved,
}: Pick<CourseFormProps, 'course' | 'flash' | 'onSaved'> & { isCompanySpecific: boolean; setError: UseFormSetError<CourseValues> }) {
  const isNew = course === null;
  const [progress, setProgress] = useState<number | null>(null);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(
    flash ? { tone: 'success', text: flash } : null,
  );

  async function submit(values: CourseValues) {
    setMessage(null);
    setProgress(0);
    const body = courseRequestBody(values, { isNew, isCompanySpecific });
    try {
      const response = await uploadWithProgress<{ message: string; data: CourseDetail; warnings?: string[] }>(
        isNew ? '/api/courses' : `/api/courses/${course.id}`,
        appendFormFields(new FormData(), body),
        setProgress,
      );
      setMessage({ tone: 'success', text: response.message });
      onSaved(response.data, response.message, response.warnings ?? []);
    } catch (error) {
      if (error instanceof ApiError) {
        for (const [field, messages] of Object.entries(error.fieldErrors))
          setError(field as FieldPath<CourseValues>, { message: messages.join(' ') });
        setMessage({ tone: 'error', text: error.message });
      } else setMessage({ tone: 'error', text: 'Something went wrong. Please try again.' });
    } finally {
      setProgress(null);
    }
  }

  return { progress, message, setMessage, submit };
}

function CourseForm({ api, course, categories, flash, warnings, onSaved }: CourseFormProps) {
  const isNew = course === null;
  const schema = isNew ? createCourseBodySchema : updateCourseBodySchema;
  const form = useForm<CourseValues>({
    defaultValues: course ? valuesOfCourse(course) : EMPTY_COURSE,
    resolver: zodResolver(schema as never) as unknown as Resolver<CourseValues>,
  });
  const { register, handleSubmit, setValue, setError, formState } = form;
  const { isCompanySpecific, companyId } = useCompanySpecific(form, categories);
  const { progress, message, setMessage, submit } = useCourseUpload({ course, isCompanySpecific, setError, flash, onSaved });
  const noticeRef = useRevealedNotice<HTMLDivElement>(message);

  const errorOf = (name: string) => fieldErrorOf(formState.errors, name);

  const submitting = formState.isSubmitting;
  return (
    <form className="admin-course-form" onSubmit={handleSubmit(submit)} noValidate>
      <div ref={noticeRef} tabIndex={-1} className="admin-course-form__notice">
        {message ? (
          <Notice tone={message.tone} onDismiss={() => setMessage(null)} autoHideMs={message.tone === 'success' ? 8000 : undefined}>
            {message.text}
          </Notice>
        ) : null}
      </div>
      {warnings.map((warning) => (
        <Notice key={warning} tone="warning" title="Check the pass mark">
          {warning}
        </Notice>
      ))}
      <BoundField form={form} name="name" id="course-name" label="Name" />
      <Suspense fallback={<SkeletonBlock height={190} />}>
        <FormField
          label="Description"
          htmlFor="course-description"
          hint="Shown on the course's card. Links open in a new tab; anything unsafe is removed when saved."
          error={errorOf('description')}
        >
          <DescriptionEditor control={form.control} />
        </FormField>
      </Suspense>

      <CategoriesFieldset categories={categories} register={register} error={errorOf('category_ids')} />
      {isCompanySpecific ? (
        <CourseCompanyField
          api={api}
          companyId={companyId}
          onChange={(id) => setValue('company_id', id ?? '')}
          error={errorOf('company_id')}
        />
      ) : null}

      <CourseNumbersGrid form={form} packagePassMark={course?.package_pass_mark} />
      <BoundField form={form} name="wp_link" id="course-wp-link" label="Learn more link (wp_link)" type="url" placeholder="https://" />
      <label className="admin-course-form__check">
        <input type="checkbox" {...register('has_bridging')} /> Has bridging activities
      </label>

      <CourseFilesFields course={course} setValue={setValue} errorOf={errorOf} />

      <ActivitiesFieldset form={form} errorOf={errorOf} />

      {progress !== null ? (
        <div className="admin-course-form__progress" data-testid="upload-progress">
          <ProgressBar value={progress} label={`Uploading… ${progress}%`} />
          <span>{progress < 100 ? `Uploading… ${progress}%` : 'Unpacking the package…'}</span>
        </div>
      ) : null}
      <div className="admin-course-form__actions">
        <Button type="submit" loading={submitting}>
          {isNew ? 'Create course' : 'Save course'}
        </Button>
      </div>
    </form>
  );
}

/** FormField hands its one child the hint and error ids; this passes them on to the editor. */
function DescriptionEditor({
  control,
  ...aria
}: {
  control: Control<CourseValues>;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
}) {
  return (
    <Controller
      control={control}
      name="description"
      render={({ field }) => (
        <RichTextEditor
          id="course-description"
          label="Description"
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          {...aria}
        />
      )}
    />
  );
}
