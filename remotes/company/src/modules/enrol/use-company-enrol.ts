import { useRef, useState } from 'react';
import { companyEnrol, type ApiClient, type Employee, type RouteOutput } from '@portal/contracts';
import { announceCreditBalanceChanged } from '@portal/frontend-kit';
import { toChosen } from './components/employee-table';
import { enrolFailureText } from './enrol-errors';
import type { ChosenEmployee } from './wizard-state';

export type CompanyEnrolResult = RouteOutput<typeof companyEnrol>;

/**
 * The older Enroll page's choices (courses, employees) and its Enrol: asked first, sent once, and
 * answered with the summary or the failure.
 */
export function useCompanyEnrol(api: ApiClient, companyId: number | null) {
  const [courseIds, setCourseIds] = useState<number[]>([]);
  const [employees, setEmployees] = useState<ChosenEmployee[]>([]);
  const [result, setResult] = useState<CompanyEnrolResult | null>(null);
  const [errorText, setErrorText] = useState<string | null>(null);
  const [isConfirming, setConfirming] = useState(false);
  const [isSubmitting, setIsSubmitting] = useState(false);
  // State changes a render later; the ref stops a double click on Confirm at once.
  const inFlight = useRef(false);

  async function enrol() {
    // Once: a second click on Confirm while the first runs does nothing.
    if (companyId === null || inFlight.current) return;
    inFlight.current = true;
    setIsSubmitting(true);
    try {
      const answer = await api.call(companyEnrol, {
        params: { companyId },
        body: { courses: courseIds, users: employees.map((e) => e.id) },
      });
      setResult(answer);
      setCourseIds([]);
      setEmployees([]);
      announceCreditBalanceChanged();
    } catch (error) {
      setErrorText(enrolFailureText(error));
    } finally {
      inFlight.current = false;
      setIsSubmitting(false);
      setConfirming(false);
    }
  }

  return {
    courseIds,
    toggleCourse: (id: number) => setCourseIds((ids) => (ids.includes(id) ? ids.filter((i) => i !== id) : [...ids, id])),
    employees,
    addEmployee: (employee: Employee) =>
      setEmployees((list) => (list.some((e) => e.id === employee.id) ? list : [...list, toChosen(employee)])),
    removeEmployee: (id: number) => setEmployees((list) => list.filter((e) => e.id !== id)),
    result,
    clearResult: () => setResult(null),
    errorText,
    clearError: () => setErrorText(null),
    isConfirming,
    setConfirming,
    isSubmitting,
    enrol,
  };
}
