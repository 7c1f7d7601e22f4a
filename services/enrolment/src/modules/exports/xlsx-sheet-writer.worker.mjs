// The bulk report's .xlsx writer, on a worker thread (export-enrolments.ts `workerXlsxResponse`):
// exceljs's XML and its garbage take about two thirds of an export's CPU, so they run beside the
// thread that reads the next rows from the database. Plain JavaScript: the worker runs without the
// TypeScript loader (tsx in production, vitest in tests).
//
// In (workerData): { sheetName, columns: [{ header, width, kind: 'text' | 'number' }], dateColumns: number[] (1-based) }.
// In (messages): a batch of rows, as export-enrolments.ts's RowEncoder makes it: { rows, texts:
// Int32Array (per row, per text column: a number into the texts table, -1 for no cell), numbers:
// Float64Array (per row, per number column; NaN for no cell; a date is Excel's serial day, written
// under the column's date format), newTexts: the table's next entries, reset: the table starts
// again first }, and { end: true }.
// Out: Uint8Array chunks of the file, { written: true } once a batch is written and the zip behind
// the sheet has taken in all but 2 MB of it (the main thread's cue for the next batch), { done: true }, { error }.
import { parentPort, workerData } from 'node:worker_threads';
import { once } from 'node:events';
import { Writable } from 'node:stream';
// The streaming writer alone (exceljs 4.4.0, no exports map): the whole package takes 170 ms of CPU
// to load (its reader, CSV and document model too), the writer 70.
import WorkbookWriter from 'exceljs/lib/stream/xlsx/workbook-writer.js';

const { sheetName, columns, dateColumns } = workerData;
const width = columns.length;
const DATE_FORMAT = 'dd/mm/yyyy';
const isDate = columns.map((_, i) => dateColumns.includes(i + 1));

/** The file's bytes not posted yet: posted 256 KB at a time (the zip writes hundreds of small pieces). */
let pending = [];
let pendingBytes = 0;
function flush() {
  if (pendingBytes === 0) return;
  // A copy the main thread owns (the zip's buffers may be slices of a shared pool), transferred.
  const bytes = new Uint8Array(pendingBytes);
  let at = 0;
  for (const piece of pending) {
    bytes.set(piece, at);
    at += piece.length;
  }
  pending = [];
  pendingBytes = 0;
  parentPort.postMessage(bytes, [bytes.buffer]);
}

const out = new Writable({
  write(chunk, _encoding, callback) {
    pending.push(chunk);
    pendingBytes += chunk.length;
    if (pendingBytes >= 256 * 1024) flush();
    callback();
  },
  final(callback) {
    flush();
    parentPort.postMessage({ done: true });
    callback();
  },
});

const workbook = new WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
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

/** Bytes of XML the zip has not taken in yet (the stream in front of its deflate is readable-stream 2: no writableLength). */
const backlog = (stream) => stream?.writableLength ?? stream?._writableState?.length ?? 0;
/** Past this the writer waits for the deflate (about 1,500 rows of XML): it compresses on libuv's pool meanwhile. */
const MAX_BACKLOG = 2 * 1024 * 1024;

/** exceljs hands a sheet's XML to the zip without heeding backpressure: wait while the zip holds a backlog. */
async function drained() {
  const stream = sheet.stream?.pipes?.[0];
  while (backlog(stream) > MAX_BACKLOG && !stream.destroyed) await once(stream, 'drain');
}

const kinds = columns.map((c) => c.kind);
/** The texts table, as the main thread numbered them. */
let table = [];

async function writeRows({ rows, texts, numbers, newTexts, reset }) {
  if (reset) table = [];
  for (const text of newTexts) table.push(text);
  const values = new Array(width);
  for (let n = 0, t = 0, d = 0; n < rows; n++) {
    // The deflate runs on libuv's pool one 64 KB buffer at a time, and this thread hands it the next:
    // let it in every 100 rows (about one buffer of XML), and wait when it falls behind.
    if (n % 100 === 99) {
      await new Promise((resolve) => setImmediate(resolve));
      await drained();
    }
    for (let i = 0; i < width; i++) {
      if (kinds[i] === 'text') {
        const code = texts[t++];
        values[i] = code < 0 ? undefined : table[code];
      } else {
        const value = numbers[d++];
        values[i] = Number.isNaN(value) ? undefined : value;
      }
    }
    const row = sheet.addRow(values);
    // Not includeEmpty: that would make a cell of each gap (undefined value) again.
    row.eachCell(shareStyle);
    row.commit();
  }
  await drained();
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
      await writeRows(message);
      flush();
      parentPort.postMessage({ written: true });
    })
    .catch((error) => {
      parentPort.postMessage({ error: String(error?.stack ?? error) });
    });
});
