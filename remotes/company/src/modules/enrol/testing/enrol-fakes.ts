import type { BulkRow, CourseSummary, Employee } from '@portal/contracts';
import { courseSummaryFake } from '@portal/frontend-kit/testing';

export const course = (id: number, name: string, credit_cost: number, selected = true): CourseSummary =>
  courseSummaryFake(id, name, { description: `<p>${name}</p>`, credit_cost, selected, has_enrollments: false });

export const employee = (id: number, name: string, patch: Partial<Employee> = {}): Employee => ({
  id,
  name,
  email: `${name.toLowerCase().replace(/\s+/g, '.')}@demo.test`,
  login_code: null,
  company_id: 2,
  company_name: 'Demo Construction Ltd',
  created_at: '2026-01-02T00:00:00.000Z',
  enrolled_course_ids: [],
  ...patch,
});

export const bulkRow = (row: number, Name: string, Email: string | null, patch: Partial<BulkRow> = {}): BulkRow => ({
  row,
  Name,
  Email,
  problems: [],
  existing_user_id: null,
  existing_user_name: null,
  enrolled_course_ids: [],
  ok: true,
  ...patch,
});

/** The catalogue's answer for a company: every course on one page, with its selection. */
export function coursesAnswer(courses: CourseSummary[]) {
  return {
    data: courses,
    meta: { current_page: 1, last_page: 1, per_page: 100, total: courses.length },
    selected: courses.filter((c) => c.selected).map((c) => ({ id: c.id, name: c.name })),
  };
}

/**
 * XMLHttpRequest as uploadWithProgress uses it: one progress event of 50%, then `answer` once
 * `release()` is called (at once when `isHeld` is false). Installed with vi.stubGlobal; `sent` keeps each FormData.
 */
export function fakeXhr(answer: (form: FormData) => { status: number; body: unknown }, isHeld = false) {
  const sent: { url: string; form: FormData }[] = [];
  let release: () => void = () => {};
  const gate = isHeld ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve();
  class FakeXhr {
    status = 0;
    responseText = '';
    withCredentials = false;
    upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    private url = '';
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader() {}
    send(form: FormData) {
      sent.push({ url: this.url, form });
      queueMicrotask(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
        void gate.then(() => {
          const { status, body } = answer(form);
          this.status = status;
          this.responseText = JSON.stringify(body);
          this.onload?.();
        });
      });
    }
  }
  return { FakeXhr, sent, release: () => release() };
}
