import { exportFileName, SIGN_IN_LOGIN_CODE_COLUMNS } from '@portal/contracts';
import { xlsxResponse } from '../exports/xlsx-writer';
import { printable } from './sign-in-slips-pdf';
import type { SlipLearner } from './slip-learners';

/**
 * {dd-mm-yyyy}_login_codes.xlsx of a selection of learners: one learner a row (the /reporting
 * export has one row per enrolment), laid out to print like it.
 */
export function loginCodesSheet(learners: SlipLearner[], now: Date): Response {
  return xlsxResponse(exportFileName('login_codes', now), async (workbook) => {
    const sheet = workbook.addWorksheet('Login codes', {
      views: [{ state: 'frozen', ySplit: 1 }],
      pageSetup: { paperSize: 9, orientation: 'portrait', fitToPage: true, fitToWidth: 1, fitToHeight: 0, printTitlesRow: '1:1' },
    });
    sheet.columns = SIGN_IN_LOGIN_CODE_COLUMNS.map((header, i) => ({ header, width: [32, 16, 32][i] }));
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    for (const learner of learners) {
      // A name starting with = + - @ stays text: exceljs writes strings as strings, never formulas.
      const row = sheet.addRow([printable(learner.name), learner.loginCode, printable(learner.companyName)]);
      row.height = 24;
      row.getCell(2).font = { name: 'Courier New', size: 14, bold: true };
      row.commit();
    }
    sheet.commit();
  });
}
