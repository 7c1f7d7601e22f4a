import { useFieldArray, type FieldErrors, type UseFormRegister, type UseFormReturn, type UseFormSetValue } from 'react-hook-form';
import { ACTIVITY_TYPES, type ApiClient, type CourseDetail } from '@portal/contracts';
import { Button, FileInput, FormField } from '@portal/design-system';
import { BoundField } from '@portal/frontend-kit/forms';
import { CompanyPicker } from '@portal/frontend-kit/pickers';
import type { CourseValues } from './course-form-values';

/** A field's error by its dotted path ('activities.0.file'), as FormField takes it. */
export function fieldErrorOf(errors: FieldErrors<CourseValues>, name: string): string[] | undefined {
  let node: unknown = errors;
  for (const part of name.split('.')) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  const text = node && typeof node === 'object' && 'message' in node ? (node as { message?: string }).message : undefined;
  return text ? [text] : undefined;
}

type ErrorOf = (name: string) => string[] | undefined;

/** The course's categories as checkboxes. */
export function CategoriesFieldset({
  categories,
  register,
  error,
}: {
  categories: { id: number; name: string }[];
  register: UseFormRegister<CourseValues>;
  error: string[] | undefined;
}) {
  return (
    <fieldset className="admin-course-form__fieldset">
      <legend>Categories</legend>
      <div className="admin-course-form__categories">
        {categories.map((category) => (
          <label key={category.id} className="admin-course-form__check">
            <input type="checkbox" value={category.id} {...register('category_ids')} /> {category.name}
          </label>
        ))}
      </div>
      {error ? (
        <p className="ds-field__error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** The SCORM package and the certificate image: each kept unless a new file is chosen. */
export function CourseFilesFields({
  course,
  setValue,
  errorOf,
}: {
  course: CourseDetail | null;
  setValue: UseFormSetValue<CourseValues>;
  errorOf: ErrorOf;
}) {
  return (
    <>
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
    </>
  );
}

/** The bridging activities: name, code, type, description and file each; added and removed here. */
export function ActivitiesFieldset({ form, errorOf }: { form: UseFormReturn<CourseValues>; errorOf: ErrorOf }) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'activities' });
  return (
    <fieldset className="admin-course-form__fieldset">
      <legend>Activities</legend>
      {fields.length === 0 ? (
        <p className="admin-course-form__empty">No activities. Add one for courses with bridging activities.</p>
      ) : null}
      {fields.map((field, index) => (
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
              onFileChange={(file) => form.setValue(`activities.${index}.file`, file)}
            />
          </FormField>
          <Button type="button" variant="ghost" size="sm" onClick={() => remove(index)}>
            Remove activity
          </Button>
        </div>
      ))}
      <Button type="button" variant="secondary" size="sm" onClick={() => append({ name: '', code: '', description: '', type: 'file' })}>
        Add activity
      </Button>
    </fieldset>
  );
}

/** The course's duration, validity, cost, pass mark and SKU. */
export function CourseNumbersGrid({
  form,
  packagePassMark,
}: {
  form: UseFormReturn<CourseValues>;
  packagePassMark: number | null | undefined;
}) {
  return (
    <div className="admin-course-form__grid">
      <BoundField form={form} name="duration" id="course-duration" label="Duration" placeholder="e.g. 30 minutes" />
      <BoundField form={form} name="validity_period" id="course-validity" label="Validity period (years)" type="number" min={1} max={100} />
      <BoundField form={form} name="credit_cost" id="course-credits" label="Credit cost" type="number" min={0} />
      <BoundField
        form={form}
        name="pass_mark"
        id="course-pass-mark"
        label="Pass mark (%)"
        hint={
          packagePassMark !== null && packagePassMark !== undefined
            ? `The package's own passing score is ${packagePassMark}%. Decides a pass when the content reports a score but no pass or fail.`
            : "Decides a pass when the content reports a score but no pass or fail. Blank: the package's own passing score, if it names one."
        }
        type="number"
        min={0}
        max={100}
      />
      <BoundField form={form} name="sku" id="course-sku" label="SKU" />
    </div>
  );
}

/** The company a 'Company Specific' course belongs to. */
export function CourseCompanyField({
  api,
  companyId,
  onChange,
  error,
}: {
  api: ApiClient;
  companyId: unknown;
  onChange: (id: number | null) => void;
  error: string[] | undefined;
}) {
  return (
    <FormField label="Company" htmlFor="course-company" error={error}>
      <CompanyPicker api={api} id="course-company" value={Number(companyId) || null} onChange={onChange} />
    </FormField>
  );
}
