// The bulk report's .xlsx writer, on a worker thread (xlsx-writer.ts `workerXlsxResponse`):
// exceljs's XML and its garbage take about two thirds of an export's CPU, so they run beside the
// thread that reads the next rows from the database. Plain JavaScript: the worker runs without the
// TypeScript loader (tsx in production, vitest in tests).
//
// In (workerData): { sheets: [{ sheetName, columns: [{ header, width, kind: 'text' | 'number' }], dateColumns:
// number[] (1-based), dateFormat?: the date columns' number format (default dd/mm/yyyy) }] }, written in
// that order (a streamed workbook writes one sheet after another).
// In (messages): a batch of rows of sheet `sheet` (an index into `sheets`, never going back), as
// xlsx-writer.ts's RowEncoder makes it: { sheet, rows, texts: Int32Array (per row, per text
// column: a number into that sheet's texts table, -1 for no cell), numbers: Float64Array (per row,
// per number column; NaN for no cell; a date is Excel's serial day, written under the column's date
// format), newTexts: the table's next entries, reset: the table starts again first }, and { end: true }.
// Out: Uint8Array chunks of the file, { written: true } once a batch is written and the zip behind
// the sheet has taken in all but 2 MB of it (the main thread's cue for the next batch), { done: true }, { error }.
import { parentPort, workerData } from 'node:worker_threads';
import { once } from 'node:events';
import { Writable } from 'node:stream';
// The streaming writer alone (exceljs 4.4.0, no exports map): the whole package takes 170 ms of CPU
// to load (its reader, CSV and document model too), the writer 70.
import WorkbookWriter from 'exceljs/lib/stream/xlsx/workbook-writer.js';

const { sheets } = workerData;
const DEFAULT_DATE_FORMAT = 'dd/mm/yyyy';

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

/** The sheet being written: its exceljs worksheet, column kinds, shared styles and texts table. */
let current = null;
let currentIndex = -1;

function openSheet(index) {
  const { sheetName, columns, dateColumns, dateFormat = DEFAULT_DATE_FORMAT } = sheets[index];
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map(({ header, width: w }) => ({ header, width: w }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  for (const c of dateColumns) sheet.getColumn(c).numFmt = dateFormat;
  // One style object per column, shared by its cells: exceljs remembers the style id of an object it
  // has seen (a WeakMap), where the copy it makes per cell is rendered to XML and looked up again
  // for each of the 1.4 million cells of a 100,000-row export (about 45% of its CPU).
  const columnStyles = columns.map((_, i) => (dateColumns.includes(i + 1) ? { numFmt: dateFormat } : {}));
  return {
    sheet,
    width: columns.length,
    kinds: columns.map((c) => c.kind),
    shareStyle: (cell, column) => {
      cell.style = columnStyles[column - 1];
    },
    /** The texts table, as the main thread numbered them. */
    table: [],
  };
}

/** Moves on to sheet `index`, committing those before it (an empty one keeps its header). */
function sheetAt(index) {
  while (currentIndex < index) {
    current?.sheet.commit();
    currentIndex += 1;
    current = openSheet(currentIndex);
  }
  return current;
}

/** Bytes of XML the zip has not taken in yet (the stream in front of its deflate is readable-stream 2: no writableLength). */
const backlog = (stream) => stream?.writableLength ?? stream?._writableState?.length ?? 0;
/** Past this the writer waits for the deflate (about 1,500 rows of XML): it compresses on libuv's pool meanwhile. */
const MAX_BACKLOG = 2 * 1024 * 1024;

/** exceljs hands a sheet's XML to the zip without heeding backpressure: wait while the zip holds a backlog. */
async function drained(sheet) {
  const stream = sheet.stream?.pipes?.[0];
  while (backlog(stream) > MAX_BACKLOG && !stream.destroyed) await once(stream, 'drain');
}

async function writeRows({ sheet: index, rows, texts, numbers, newTexts, reset }) {
  const target = sheetAt(index);
  const { sheet, width, kinds, shareStyle } = target;
  if (reset) target.table = [];
  const table = target.table;
  for (const text of newTexts) table.push(text);
  const values = new Array(width);
  for (let n = 0, t = 0, d = 0; n < rows; n++) {
    // The deflate runs on libuv's pool one 64 KB buffer at a time, and this thread hands it the next:
    // let it in every 100 rows (about one buffer of XML), and wait when it falls behind.
    if (n % 100 === 99) {
      await new Promise((resolve) => setImmediate(resolve));
      await drained(sheet);
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
  await drained(sheet);
}

let queue = Promise.resolve();
parentPort.on('message', (message) => {
  queue = queue
    .then(async () => {
      if (message.end) {
        sheetAt(sheets.length - 1).sheet.commit();
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
