import { ApiError, XLSX_CONTENT_TYPE, XSRF_COOKIE, XSRF_HEADER, type ReportType } from '@portal/contracts';

export interface ReportRequest {
  start_date: string;
  end_date: string;
  company_id?: number;
  course_id?: number;
  role?: 'learner' | 'manager' | 'admin';
}

function readCookie(name: string): string | null {
  const found = document.cookie.split('; ').find((part) => part.startsWith(`${name}=`));
  return found ? decodeURIComponent(found.slice(name.length + 1)) : null;
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
  const token = readCookie(XSRF_COOKIE);
  if (token) headers[XSRF_HEADER] = token;
  const response = await fetch(`/api/reports/${type}`, { method: 'POST', credentials: 'same-origin', headers, body: JSON.stringify(body) });
  if (!response.ok) {
    const problem = (await response.json().catch(() => ({}))) as { message?: string };
    throw new ApiError(response.status, problem);
  }
  return response;
}
