import ExcelJS from 'exceljs';
import type { Report } from '@portal/contracts';

/** A report as an .xlsx: one sheet, the column labels in row 1, one row per report row. */
export async function reportWorkbook(report: Report, now: Date): Promise<Uint8Array<ArrayBuffer>> {
  const workbook = new ExcelJS.Workbook();
  workbook.created = now;
  const sheet = workbook.addWorksheet(report.title.slice(0, 31));
  sheet.columns = report.columns.map((c) => ({
    header: c.label,
    key: c.key,
    width: Math.max(12, c.label.length + 2),
    ...(c.kind === 'date' ? { style: { numFmt: 'dd/mm/yyyy' } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  const dayKeys = report.columns.filter((c) => c.kind === 'date').map((c) => c.key);
  for (const row of report.rows) {
    // Days go in as real dates (UTC midnight), shown dd/mm/yyyy: spreadsheets sort and filter them as dates.
    const cells: Record<string, string | number | Date | null> = { ...row };
    for (const key of dayKeys) {
      const day = row[key];
      if (typeof day === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(day)) cells[key] = new Date(`${day}T00:00:00Z`);
    }
    sheet.addRow(cells);
  }
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

/** e.g. `credit-usage_2026-10-24_2026-11-23.xlsx`. */
export const reportFileName = (report: Report) => `${report.type}_${report.start_date}_${report.end_date}.xlsx`;
