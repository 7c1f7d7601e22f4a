import { appendFormFields, type CourseDetail } from '@portal/contracts';
import { courseRequestBody, EMPTY_COURSE, valuesOfCourse } from './course-form-values';

const course: CourseDetail = {
  id: 7,
  name: 'Golf basics',
  description: '<p>Learn golf</p>',
  category_ids: [1, 20],
  categories: [],
  company_id: 2,
  duration: null,
  validity_period: 2,
  sku: null,
  wp_link: null,
  credit_cost: 3,
  has_bridging: 1,
  scorm_version: '1.2',
  file_name: 'golf.zip',
  certificate_link: null,
  created_at: '2026-01-02T00:00:00.000Z',
  pass_mark: 80,
  package_pass_mark: 80,
  activities: [{ id: 4, name: 'Site walk', code: 2468, description: 'Walk it', type: 'file', file_url: null, file_name: 'map.pdf' }],
};

/** The multipart fields the server receives (text fields as strings, file parts as Files). */
const fields = (body: Record<string, unknown>) => Object.fromEntries(appendFormFields(new FormData(), body).entries());

describe('course form values', () => {
  it('edits a saved course as the fields the form shows, with blanks for what it lacks', () => {
    expect(valuesOfCourse(course)).toMatchObject({
      category_ids: ['1', '20'],
      company_id: 2,
      duration: '',
      sku: '',
      wp_link: '',
      has_bridging: true,
      pass_mark: 80,
      activities: [{ id: 4, name: 'Site walk', code: '2468', description: 'Walk it', type: 'file', current_file: 'map.pdf' }],
    });
  });

  it('sends an edit as PUT over POST, with numeric categories and activities without their current file', () => {
    expect(fields(courseRequestBody(valuesOfCourse(course), { isNew: false, isCompanySpecific: true }))).toEqual({
      name: 'Golf basics',
      description: '<p>Learn golf</p>',
      'category_ids[0]': '1',
      'category_ids[1]': '20',
      company_id: '2',
      duration: '',
      validity_period: '2',
      sku: '',
      wp_link: '',
      credit_cost: '3',
      pass_mark: '80',
      has_bridging: '1',
      'activities[0][id]': '4',
      'activities[0][name]': 'Site walk',
      'activities[0][code]': '2468',
      'activities[0][description]': 'Walk it',
      'activities[0][type]': 'file',
      _method: 'PUT',
    });
  });

  it('leaves the company out unless the course is company specific, and adds the files chosen', () => {
    const file = new File(['zip'], 'golf.zip', { type: 'application/zip' });
    const body = courseRequestBody(
      { ...EMPTY_COURSE, name: 'New', category_ids: ['1'], company_id: 2, file },
      { isNew: true, isCompanySpecific: false },
    );
    const sent = appendFormFields(new FormData(), body);
    expect(sent.has('company_id')).toBe(false);
    expect(sent.has('_method')).toBe(false);
    expect(sent.get('file')).toBeInstanceOf(File);
    expect(sent.get('has_bridging')).toBe('0');
  });

  it('prefills the pass mark from the course (the package’s own passing score once saved), blank when none (issue 13 item 8)', () => {
    expect(valuesOfCourse({ ...course, pass_mark: null }).pass_mark).toBe('');
    expect(EMPTY_COURSE.pass_mark).toBe('');
    expect(
      fields(courseRequestBody({ ...valuesOfCourse(course), pass_mark: 65 }, { isNew: false, isCompanySpecific: false })).pass_mark,
    ).toBe('65');
  });
});
