import { open } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { ENROLLING_MESSAGES } from '@portal/contracts';
import { AppError, uploadedFilePath } from '@portal/service-kit';

/** One learner row of a spreadsheet, as typed: `row` is the sheet's own row number. */
export interface SheetRow {
  row: number;
  name: string;
  email: string | null;
}

/** How far down the header row may be (title rows, logos, notes above it). */
const HEADER_SEARCH_ROWS = 20;
const NAME_HEADERS = new Set(['name', 'full name', 'learner name', 'employee name']);
const EMAIL_HEADERS = new Set(['email', 'e-mail', 'email address', 'e-mail address']);
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

const notXlsx = () => new AppError('bad_request', ENROLLING_MESSAGES.bulkNotXlsx);

/**
 * A cell as the person sees it: formatted, rich text joined, a hyperlink's text. In the Email
 * column a mailto link whose text is not an address ('Mail Bob') gives its address.
 */
function cellText(cell: ExcelJS.Cell, isEmail = false): string {
  const value = cell.value;
  if (value == null) return '';
  if (typeof value === 'object' && 'hyperlink' in value) {
    const text = (
      typeof value.text === 'string'
        ? value.text
        : ((value.text as ExcelJS.CellRichTextValue | undefined)?.richText?.map((r) => r.text).join('') ?? '')
    ).trim();
    const mailto = /^mailto:/i.test(value.hyperlink)
      ? decodeURIComponent(value.hyperlink.replace(/^mailto:/i, '').split('?', 1)[0] ?? '').trim()
      : '';
    return isEmail && mailto && !text.includes('@') ? mailto : text || mailto;
  }
  let text: string;
  try {
    text = cell.text;
  } catch {
    text = String(value as unknown);
  }
  return text.replace(/\s+/g, ' ').trim();
}

const headerKey = (text: string) =>
  text
    .toLowerCase()
    .replace(/[\s_:*]+/g, ' ')
    .trim();

async function startsLikeZip(file: File): Promise<boolean> {
  const path = uploadedFilePath(file);
  if (path) {
    const handle = await open(path, 'r');
    try {
      const head = Buffer.alloc(4);
      const { bytesRead } = await handle.read(head, 0, 4, 0);
      return bytesRead === 4 && head.equals(ZIP_MAGIC);
    } finally {
      await handle.close();
    }
  }
  return Buffer.from(await file.slice(0, 4).arrayBuffer()).equals(ZIP_MAGIC);
}

/**
 * Reads the learners of an uploaded .xlsx: the first sheet with a Name heading in its first 20
 * rows (any case, any column; Email beside it anywhere in that row, other columns ignored). Blank
 * rows and rows without a name are left out. Not an .xlsx, no Name column, or no learners: 400.
 */
export async function readBulkSheet(file: File): Promise<SheetRow[]> {
  if (!(await startsLikeZip(file))) throw notXlsx();
  const workbook = new ExcelJS.Workbook();
  try {
    const path = uploadedFilePath(file);
    if (path) await workbook.xlsx.readFile(path);
    else await workbook.xlsx.load(await file.arrayBuffer());
  } catch {
    throw notXlsx();
  }
  for (const sheet of workbook.worksheets) {
    const header = findHeader(sheet);
    if (!header) continue;
    const rows: SheetRow[] = [];
    sheet.eachRow((row, rowNumber) => {
      if (rowNumber <= header.row) return;
      const name = cellText(row.getCell(header.nameColumn));
      if (!name) return;
      const email = header.emailColumn ? cellText(row.getCell(header.emailColumn), true) : '';
      rows.push({ row: rowNumber, name, email: email || null });
    });
    if (rows.length === 0) throw new AppError('bad_request', ENROLLING_MESSAGES.bulkEmpty);
    return rows;
  }
  throw new AppError('bad_request', ENROLLING_MESSAGES.bulkNoName);
}

function findHeader(sheet: ExcelJS.Worksheet): { row: number; nameColumn: number; emailColumn: number | null } | null {
  const last = Math.min(sheet.rowCount, HEADER_SEARCH_ROWS);
  for (let r = 1; r <= last; r++) {
    let nameColumn: number | null = null;
    let emailColumn: number | null = null;
    sheet.getRow(r).eachCell((cell, column) => {
      const key = headerKey(cellText(cell));
      if (nameColumn === null && NAME_HEADERS.has(key)) nameColumn = column;
      else if (emailColumn === null && EMAIL_HEADERS.has(key)) emailColumn = column;
    });
    if (nameColumn !== null) return { row: r, nameColumn, emailColumn };
  }
  return null;
}
