import { useCallback } from 'react';
import { companyUsers, type ApiClient } from '@portal/contracts';
import type { LearnerOption } from '../components/learner-filter';

/** The Learner filter's search: the company's employees whose name or email has the text. */
export function useLearnerSearch(api: ApiClient, companyId: number | null) {
  return useCallback(
    async (text: string): Promise<LearnerOption[]> => {
      if (companyId === null) return [];
      const answer = await api.call(companyUsers, { params: { companyId }, query: { s: text } });
      return answer.data.map((user) => ({ id: user.id, name: user.name, email: user.email }));
    },
    [api, companyId],
  );
}
