import { useState } from 'react';
import { reportingEnrolments, type ApiClient, type ReportingFilters, type RouteOutput } from '@portal/contracts';
import { useApiQuery, type ListAddress } from '@portal/frontend-kit';
import { reportingQuery } from '../reporting-query';

export type ReportingData = RouteOutput<typeof reportingEnrolments>;

/** The page of enrolments the address asks for; `shown` keeps the last answer on screen while the next one loads. */
export function useReportingResults(api: ApiClient, list: ListAddress, filters: ReportingFilters, hasLanded: boolean) {
  const query = reportingQuery(list, filters);
  const data = useApiQuery(hasLanded ? `reporting:${JSON.stringify(query)}` : null, () => api.call(reportingEnrolments, { query }));
  const [shown, setShown] = useState<ReportingData | null>(null);
  if (data.status === 'success' && data.data !== shown) setShown(data.data);
  return { data, shown, isLoading: data.status === 'loading' };
}
