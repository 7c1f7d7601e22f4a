import { REPORT_TYPES, reportDownloadRoutes, reportGenerateRoutes, XLSX_CONTENT_TYPE, type Report } from '@portal/contracts';
import { createServiceRouter, type AppContext, type ServiceDeps } from '@portal/service-kit';
import { buildReport } from './build-report';
import { reportRange } from './report-range';
import { reportFileName, reportWorkbook } from './report-workbook';

/** JSON when the caller asks for it (the page's table and chart); otherwise the spreadsheet. */
async function answer(c: AppContext, report: Report, now: Date): Promise<Response> {
  const accept = c.req.header('Accept') ?? '';
  if (accept.includes('application/json') && !accept.includes('spreadsheetml')) return c.json(report);
  const bytes = await reportWorkbook(report, now);
  return new Response(bytes, {
    headers: {
      'Content-Type': XLSX_CONTENT_TYPE,
      'Content-Disposition': `attachment; filename="${reportFileName(report)}"`,
      'Cache-Control': 'no-store',
    },
  });
}

export function systemReportRoutes(deps: ServiceDeps) {
  const router = createServiceRouter(deps);
  for (const type of REPORT_TYPES) {
    router
      .handle(reportGenerateRoutes[type], async ({ c, em, body }) => {
        const now = deps.now();
        const range = reportRange({ startDate: body.start_date, endDate: body.end_date }, now);
        return answer(
          c,
          await buildReport(em, type, { range, companyId: body.company_id, courseId: body.course_id, role: body.role }),
          now,
        );
      })
      .handle(reportDownloadRoutes[type], async ({ c, em, query }) => {
        const now = deps.now();
        const range = reportRange({ startDate: query.startDate, endDate: query.endDate }, now);
        return answer(
          c,
          await buildReport(em, type, { range, companyId: query.companyId, courseId: query.courseId, role: query.role }),
          now,
        );
      });
  }
  return router.app;
}
