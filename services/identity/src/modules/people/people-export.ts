import ExcelJS from 'exceljs';
import { PEOPLE_EXPORT_COLUMNS, type Person } from '@portal/contracts';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** {dd-mm-yyyy}_people.xlsx (UTC), as the other exports are named. */
export function peopleExportFileName(now: Date): string {
  const [year, month, day] = now.toISOString().slice(0, 10).split('-');
  return `${day}-${month}-${year}_people.xlsx`;
}

/** One sheet, one person a row, the header bold and frozen. */
export async function peopleWorkbook(people: Person[], now: Date): Promise<Uint8Array<ArrayBuffer>> {
  const workbook = new ExcelJS.Workbook();
  workbook.created = now;
  const sheet = workbook.addWorksheet('People', { views: [{ state: 'frozen', ySplit: 1 }] });
  const widths = [28, 34, 16, 24, 12, 14];
  sheet.columns = PEOPLE_EXPORT_COLUMNS.map((header, i) => ({ header, key: header, width: widths[i] }));
  sheet.getRow(1).font = { bold: true };
  for (const p of people)
    sheet.addRow([p.name, p.email ?? '', p.login_code ?? '', p.company_name, p.enrolments, p.created_at.slice(0, 10)]);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}
