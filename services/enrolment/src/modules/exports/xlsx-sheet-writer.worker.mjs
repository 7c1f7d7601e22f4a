// The bulk report's .xlsx writer, on a worker thread (export-enrolments.ts `workerXlsxResponse`):
// exceljs's XML and its garbage take about two thirds of an export's CPU, so they run beside the
// thread that reads the next rows from the database. Plain JavaScript: the worker runs without the
// TypeScript loader (tsx in production, vitest in tests).
//
// In (workerData): { sheetName, columns: [{ header, width }], dateColumns: number[] (1-based) }.
// In (messages): { rows: flat array of `columns.length` values a row; a date is epoch ms or null }, { end: true }.
// Out: Uint8Array chunks of the file, { written: true } once a batch is written and the zip behind
// the sheet has taken it in (the main thread's cue for the next batch), { done: true }, { error }.
import { parentPort, workerData } from 'node:worker_threads';
import { once } from 'node:events';
import { Writable } from 'node:stream';
import ExcelJS from 'exceljs';

const { sheetName, columns, dateColumns } = workerData;
const width = columns.length;
const DATE_FORMAT = 'dd/mm/yyyy';
const isDate = columns.map((_, i) => dateColumns.includes(i + 1));

const out = new Writable({
  // A copy the main thread owns: the zip's buffers may be slices of a shared pool.
  write(chunk, _encoding, callback) {
    const copy = new Uint8Array(chunk);
    parentPort.postMessage(copy, [copy.buffer]);
    callback();
  },
  final(callback) {
    parentPort.postMessage({ done: true });
    callback();
  },
});

const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
sheet.columns = columns.map(({ header, width: w }) => ({ header, width: w }));
sheet.getRow(1).font = { bold: true };
sheet.getRow(1).commit();
for (const c of dateColumns) sheet.getColumn(c).numFmt = DATE_FORMAT;
// One style object per column, shared by its cells: exceljs remembers the style id of an object it
// has seen (a WeakMap), where the copy it makes per cell is rendered to XML and looked up again
// for each of the 1.4 million cells of a 100,000-row export (about 45% of its CPU).
const columnStyles = columns.map((_, i) => (isDate[i] ? { numFmt: DATE_FORMAT } : {}));
const shareStyle = (cell, column) => {
  cell.style = columnStyles[column - 1];
};

/** Resolves when this stream has no backlog (or is gone). */
async function drained(stream) {
  while (stream?.writableNeedDrain && !stream.destroyed) await once(stream, 'drain');
}

function writeRows(flat) {
  const values = new Array(width);
  for (let at = 0; at < flat.length; at += width) {
    for (let i = 0; i < width; i++) {
      const value = flat[at + i];
      values[i] = isDate[i] && value !== null ? new Date(value) : value;
    }
    const row = sheet.addRow(values);
    row.eachCell({ includeEmpty: true }, shareStyle);
    row.commit();
  }
}

let queue = Promise.resolve();
parentPort.on('message', (message) => {
  queue = queue
    .then(async () => {
      if (message.end) {
        sheet.commit();
        await workbook.commit();
        return;
      }
      writeRows(message.rows);
      // exceljs hands a sheet's XML to the zip without heeding backpressure: the batch counts as
      // written once the deflate stream behind the sheet has no backlog.
      await drained(sheet.stream?.pipes?.[0]);
      parentPort.postMessage({ written: true });
    })
    .catch((error) => {
      parentPort.postMessage({ error: String(error?.stack ?? error) });
    });
});
