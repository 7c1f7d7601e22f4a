import { EXPORT_LOGIN_CODE_COLUMNS, exportFileName, REPORTING_MESSAGES } from '@portal/contracts';
import { validationError, type Em, type Principal } from '@portal/service-kit';
import { actingScope } from '../enrolment-actions/acting-scope';
import { checkedIds, CHUNK, enrolmentRows, namesFor, type Deps } from './export-rows';
import { xlsxResponse } from './xlsx-writer';

/** POST /api/enrollments/exportLoginCodes: {dd-mm-yyyy}_login_codes.xlsx, one learner a row, laid out to print. */
export async function exportLoginCodes(em: Em, deps: Deps, principal: Principal, ids: number[], now: Date): Promise<Response> {
  const wanted = await checkedIds(em, deps, principal, ids);
  const scope = await actingScope(deps.identity, principal.companyId);
  const companies = new Map(scope.companies.map((c) => [c.id, c.name]));
  // Read before streaming: whether any learner has a code decides between the file and the 422.
  const lines: [string, string, string, string][] = [];
  const seen = new Set<string>();
  for (let i = 0; i < wanted.length; i += CHUNK) {
    const rows = await enrolmentRows(em, wanted.slice(i, i + CHUNK));
    const names = await namesFor(deps, rows, companies);
    for (const r of rows) {
      const code = names.codes.get(Number(r.user_id));
      const key = `${r.user_id}:${r.course_id}`;
      if (!code || seen.has(key)) continue;
      seen.add(key);
      lines.push([
        names.users.get(Number(r.user_id))?.name ?? 'Deleted learner',
        code,
        names.courses.get(Number(r.course_id)) ?? 'Deleted course',
        names.depot(Number(r.company_id)),
      ]);
    }
  }
  if (lines.length === 0) throw validationError({ ids: [REPORTING_MESSAGES.noLoginCodes] }, REPORTING_MESSAGES.noLoginCodes);
  lines.sort((a, b) => a[0].localeCompare(b[0]));
  return xlsxResponse(exportFileName('login_codes', now), async (workbook, sent) => {
    const sheet = workbook.addWorksheet('Login codes', {
      views: [{ state: 'frozen', ySplit: 1 }],
      pageSetup: { paperSize: 9, orientation: 'portrait', fitToPage: true, fitToWidth: 1, fitToHeight: 0, printTitlesRow: '1:1' },
    });
    sheet.columns = EXPORT_LOGIN_CODE_COLUMNS.map((header, i) => ({ header, width: [32, 16, 36, 24][i] }));
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    for (const [n, line] of lines.entries()) {
      if (n % 5000 === 4999) await sent(sheet);
      const row = sheet.addRow(line);
      row.height = 24;
      row.getCell(2).font = { name: 'Courier New', size: 14, bold: true };
      row.commit();
    }
    sheet.commit();
  });
}
