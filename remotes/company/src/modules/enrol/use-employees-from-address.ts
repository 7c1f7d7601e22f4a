import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { companyUsers, type ApiClient } from '@portal/contracts';
import { toChosen } from './components/employee-table';
import type { ChosenEmployee } from './wizard-state';

/** At most this many ids are read from `users=` (the people page's selection; the route's own limit). */
const MAX_IDS = 100;

/**
 * `/enrolments/create/v2?users=12,15`: the People page's "Enrol" (issue 32 item 6). The ids are
 * read once, looked up among the company's and its depots' learners (anyone else's are left out),
 * handed to `onChosen`, and removed from the address so a reload does not add them again.
 */
export function useEmployeesFromAddress(api: ApiClient, companyId: number | null, onChosen: (employees: ChosenEmployee[]) => void) {
  const [params, setParams] = useSearchParams();
  // Read once, when the page opens.
  const [ids] = useState(() => idsOf(params.get('users')));
  const [result, setResult] = useState<{ phase: 'done' | 'error'; count: number } | null>(null);

  useEffect(() => {
    if (ids.length === 0 || companyId === null) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('users');
        return next;
      },
      { replace: true },
    );
    api.call(companyUsers, { params: { companyId }, query: { ids: ids.join(',') } }).then(
      (answer) => {
        onChosen(answer.data.map(toChosen));
        setResult({ phase: 'done', count: answer.data.length });
      },
      () => setResult({ phase: 'error', count: ids.length }),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the company is known: onChosen is a fresh closure each render.
  }, [companyId]);

  if (ids.length === 0) return { phase: 'idle' as const, count: 0 };
  return result ?? { phase: 'loading' as const, count: ids.length };
}

function idsOf(raw: string | null): number[] {
  if (!raw) return [];
  return raw
    .split(',')
    .map(Number)
    .filter((id) => Number.isInteger(id) && id > 0)
    .slice(0, MAX_IDS);
}
