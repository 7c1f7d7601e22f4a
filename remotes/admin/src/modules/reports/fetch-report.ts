import { ApiError, readXsrfToken, XLSX_CONTENT_TYPE, XSRF_HEADER, type ReportType } from '@portal/contracts';

export interface ReportRequest {
  start_date: string;
  end_date: string;
  company_id?: number;
  course_id?: number;
  role?: 'learner' | 'manager' | 'admin';
}

/**
 * POST /api/reports/{type} asking for the spreadsheet: the typed client always asks for JSON, so
 * this one request sets Accept itself (with the XSRF header the client would send).
 */
export async function fetchReportFile(type: ReportType, body: ReportRequest): Promise<Response> {
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    Accept: XLSX_CONTENT_TYPE,
    'X-Requested-With': 'XMLHttpRequest',
  };
  const token = readXsrfToken();
  if (token) headers[XSRF_HEADER] = token;
  const response = await fetch(`/api/reports/${type}`, { method: 'POST', credentials: 'same-origin', headers, body: JSON.stringify(body) });
  if (!response.ok) {
    const problem = (await response.json().catch(() => ({}))) as { message?: string };
    throw new ApiError(response.status, problem);
  }
  return response;
}
