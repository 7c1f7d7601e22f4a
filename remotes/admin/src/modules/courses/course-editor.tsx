import { lazy, Suspense, useEffect, useState } from 'react';
import { Controller, useFieldArray, useForm, useWatch, type Control, type FieldPath, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import {
  ACTIVITY_TYPES,
  ApiError,
  appendFormFields,
  COMPANY_SPECIFIC_CATEGORY_NAME,
  getCourse,
  listCategories,
  type ApiClient,
  type CourseDetail,
} from '@portal/contracts';
import { createCourseBodySchema, updateCourseBodySchema } from '@portal/contracts/schemas';
import { Button, FileInput, FormField, Notice, ProgressBar, SkeletonBlock } from '@portal/design-system';
import { LoadError, useApiQuery, uploadWithProgress } from '@portal/frontend-kit';
import { CompanyPicker } from '@portal/frontend-kit/pickers';
import { BoundField } from '@portal/frontend-kit/forms';
import { useRefreshAdminCounts } from '../admin-tabs/admin-counts';
import { useRevealedNotice } from '../admin-ui/use-revealed-notice';
import { courseRequestBody, EMPTY_COURSE, valuesOfCourse, type CourseValues } from './course-form-values';

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

function CourseForm({
  api,
  course,
  categories,
  flash,
  warnings,
  onSaved,
}: {
  api: ApiClient;
  course: CourseDetail | null;
  categories: { id: number; name: string }[];
  flash: string | null;
  /** What the last save's upload should make the admin look at (e.g. no passing score in a 2004 package). */
  warnings: string[];
  onSaved: (course: CourseDetail, message: string, warnings: string[]) => void;
}) {
  const isNew = course === null;
  const schema = isNew ? createCourseBodySchema : updateCourseBodySchema;
  const form = useForm<CourseValues>({
    defaultValues: course ? valuesOfCourse(course) : EMPTY_COURSE,
    resolver: zodResolver(schema as never) as unknown as Resolver<CourseValues>,
  });
  const { register, handleSubmit, setValue, setError, formState } = form;
  const activities = useFieldArray({ control: form.control, name: 'activities' });
  const [progress, setProgress] = useState<number | null>(null);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(
    flash ? { tone: 'success', text: flash } : null,
  );
  const noticeRef = useRevealedNotice<HTMLDivElement>(message);

  const companySpecificId = categories.find((c) => c.name === COMPANY_SPECIFIC_CATEGORY_NAME)?.id;
  const categoryIds = useWatch({ control: form.control, name: 'category_ids' }).map(Number);
  const companyId = useWatch({ control: form.control, name: 'company_id' });
  const isCompanySpecific = companySpecificId !== undefined && categoryIds.includes(companySpecificId);
  // Un-ticking 'Company Specific' clears the company.
  useEffect(() => {
    if (!isCompanySpecific) setValue('company_id', '');
  }, [isCompanySpecific, setValue]);

  const errorOf = (name: string): string[] | undefined => {
    const parts = name.split('.');
    let node: unknown = formState.errors;
    for (const part of parts) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
    const text = node && typeof node === 'object' && 'message' in node ? (node as { message?: string }).message : undefined;
    return text ? [text] : undefined;
  };

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

      <fieldset className="admin-course-form__fieldset">
        <legend>Categories</legend>
        <div className="admin-course-form__categories">
          {categories.map((category) => (
            <label key={category.id} className="admin-course-form__check">
              <input type="checkbox" value={category.id} {...register('category_ids')} /> {category.name}
            </label>
          ))}
        </div>
        {errorOf('category_ids') ? (
          <p className="ds-field__error" role="alert">
            {errorOf('category_ids')}
          </p>
        ) : null}
      </fieldset>
      {isCompanySpecific ? (
        <FormField label="Company" htmlFor="course-company" error={errorOf('company_id')}>
          <CompanyPicker
            api={api}
            id="course-company"
            value={Number(companyId) || null}
            onChange={(id) => setValue('company_id', id ?? '')}
          />
        </FormField>
      ) : null}

      <div className="admin-course-form__grid">
        <BoundField form={form} name="duration" id="course-duration" label="Duration" placeholder="e.g. 30 minutes" />
        <BoundField
          form={form}
          name="validity_period"
          id="course-validity"
          label="Validity period (years)"
          type="number"
          min={1}
          max={100}
        />
        <BoundField form={form} name="credit_cost" id="course-credits" label="Credit cost" type="number" min={0} />
        <BoundField
          form={form}
          name="pass_mark"
          id="course-pass-mark"
          label="Pass mark (%)"
          hint={
            course?.package_pass_mark !== null && course?.package_pass_mark !== undefined
              ? `The package's own passing score is ${course.package_pass_mark}%. Decides a pass when the content reports a score but no pass or fail.`
              : "Decides a pass when the content reports a score but no pass or fail. Blank: the package's own passing score, if it names one."
          }
          type="number"
          min={0}
          max={100}
        />
        <BoundField form={form} name="sku" id="course-sku" label="SKU" />
      </div>
      <BoundField form={form} name="wp_link" id="course-wp-link" label="Learn more link (wp_link)" type="url" placeholder="https://" />
      <label className="admin-course-form__check">
        <input type="checkbox" {...register('has_bridging')} /> Has bridging activities
      </label>

      <FormField
        label="Course package (SCORM .zip)"
        htmlFor="course-file"
        hint={
          course?.file_name
            ? `Current package: ${course.file_name} (SCORM ${course.scorm_version ?? '?'}). Choose a file only to replace it.`
            : 'A SCORM 1.2 or 2004 zip with imsmanifest.xml at the top.'
        }
        error={errorOf('file')}
      >
        <FileInput
          id="course-file"
          accept=".zip,application/zip"
          buttonLabel="Choose a .zip"
          placeholder={course?.file_name ? `Current: ${course.file_name}` : 'No package chosen'}
          invalid={!!errorOf('file')}
          onFileChange={(file) => setValue('file', file, { shouldValidate: false })}
        />
      </FormField>
      <FormField
        label="Certificate image"
        htmlFor="course-certificate"
        hint={course?.certificate_link ? 'A certificate image is set. Choose a file only to replace it.' : 'PNG, JPG, GIF or WebP.'}
        error={errorOf('certificate')}
      >
        <FileInput
          id="course-certificate"
          accept="image/*"
          buttonLabel="Choose an image"
          placeholder={course?.certificate_link ? 'Current image kept' : 'No image chosen'}
          invalid={!!errorOf('certificate')}
          onFileChange={(file) => setValue('certificate', file)}
        />
      </FormField>
      {course?.certificate_link ? (
        <img className="admin-course-form__certificate" src={course.certificate_link} alt="Current certificate" />
      ) : null}

      <fieldset className="admin-course-form__fieldset">
        <legend>Activities</legend>
        {activities.fields.length === 0 ? (
          <p className="admin-course-form__empty">No activities. Add one for courses with bridging activities.</p>
        ) : null}
        {activities.fields.map((field, index) => (
          <div key={field.id} className="admin-course-form__activity" data-testid="course-activity">
            <div className="admin-course-form__grid">
              <BoundField form={form} name={`activities.${index}.name`} id={`activity-${index}-name`} label="Activity name" />
              <BoundField
                form={form}
                name={`activities.${index}.code`}
                id={`activity-${index}-code`}
                label="Code (number)"
                hint="Left blank, a code is made."
                inputMode="numeric"
              />
              <BoundField form={form} name={`activities.${index}.type`} id={`activity-${index}-type`} label="Type">
                {(control) => (
                  <select className="ds-input" {...control}>
                    {ACTIVITY_TYPES.map((type) => (
                      <option key={type} value={type}>
                        {type}
                      </option>
                    ))}
                  </select>
                )}
              </BoundField>
            </div>
            <BoundField
              form={form}
              name={`activities.${index}.description`}
              id={`activity-${index}-description`}
              label="Activity description"
            >
              {(control) => <textarea className="ds-input admin-course-form__textarea" rows={3} {...control} />}
            </BoundField>
            <FormField
              label="Activity file"
              htmlFor={`activity-${index}-file`}
              hint={field.current_file ? `Current file: ${field.current_file}` : undefined}
              error={errorOf(`activities.${index}.file`)}
            >
              <FileInput
                id={`activity-${index}-file`}
                placeholder={field.current_file ? `Current: ${field.current_file}` : 'No file chosen'}
                invalid={!!errorOf(`activities.${index}.file`)}
                onFileChange={(file) => setValue(`activities.${index}.file`, file)}
              />
            </FormField>
            <Button type="button" variant="ghost" size="sm" onClick={() => activities.remove(index)}>
              Remove activity
            </Button>
          </div>
        ))}
        <Button
          type="button"
          variant="secondary"
          size="sm"
          onClick={() => activities.append({ name: '', code: '', description: '', type: 'file' })}
        >
          Add activity
        </Button>
      </fieldset>

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
