import { once } from 'node:events';
import { PassThrough, Readable, type Writable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import ExcelJS from 'exceljs';
import { logger } from '@portal/service-kit';

// The exports' writing side: a streamed .xlsx answer, written in process (exceljs) or on a worker thread.

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const WORKER_URL = new URL('./xlsx-sheet-writer.worker.mjs', import.meta.url);

/** A streamed .xlsx answer: the writer runs after the response has started, into `pass`. */
export function xlsxResponse(
  fileName: string,
  write: (workbook: ExcelJS.stream.xlsx.WorkbookWriter, sent: (sheet: unknown) => Promise<void>) => Promise<void>,
): Response {
  const pass = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: pass, useStyles: true, useSharedStrings: false });
  /** Resolves once what was written so far has left for the client: a slow reader holds the writer back instead of memory filling up. */
  const closed = once(pass, 'close').catch(() => undefined);
  // The stream in front of exceljs's deflate is readable-stream 2's: no writableNeedDrain, its state's needDrain.
  const drained = async (stream: (Writable & { _writableState?: { needDrain?: boolean } }) | undefined) => {
    if (!stream) return;
    while ((stream.writableNeedDrain ?? stream._writableState?.needDrain) && !stream.destroyed && !pass.destroyed)
      await Promise.race([once(stream, 'drain'), closed]);
  };
  const sent = async (sheet: unknown) => {
    await new Promise((resolve) => setImmediate(resolve));
    // exceljs hands a sheet's XML to the zip without heeding backpressure: wait while the deflate
    // stream behind the sheet holds a backlog (it grows by 100 MB of XML when the CPU is scarce).
    await drained((sheet as { stream?: { pipes?: Writable[] } }).stream?.pipes?.[0]);
    await drained(pass);
  };
  write(workbook, sent)
    .then(() => workbook.commit())
    .catch((error: unknown) => {
      logger.error('export failed while streaming', { fileName, error: String(error) });
      pass.destroy(error instanceof Error ? error : new Error(String(error)));
    });
  return new Response(Readable.toWeb(pass) as ReadableStream, {
    headers: { 'Content-Type': XLSX, 'Content-Disposition': `attachment; filename="${fileName}"`, 'Cache-Control': 'no-store' },
  });
}

/** A column of the writer thread's rows: text, or a number (a date as Excel's serial day). */
export type ColumnKind = 'text' | 'number';

/** Texts numbered once per export: past this many the table starts again (memory stays bounded). */
const TEXT_TABLE_LIMIT = 100_000;

/**
 * Rows for the writer thread, encoded so the message is two transferred buffers and the texts it
 * has not seen yet: each text is a number into a table both threads keep (a learner's name, a
 * course, a depot or a status is sent once, not once a row), each number a double, -1 / NaN for no
 * cell. Structured cloning 70,000 values a step, and the strings and heap numbers it makes on the
 * writer's side, were a tenth of the writer thread's time.
 */
export class RowEncoder {
  private readonly table = new Map<string, number>();
  private texts: Int32Array = new Int32Array(0);
  private numbers: Float64Array = new Float64Array(0);
  private newTexts: string[] = [];
  private reset = false;
  private rows = 0;
  private t = 0;
  private n = 0;
  private readonly textColumns: number;
  private readonly numberColumns: number;

  /** `sheet`: which of the workbook's sheets the rows are for (an index into startSheetWriter's `sheets`). */
  constructor(
    kinds: ColumnKind[],
    private readonly sheet = 0,
  ) {
    this.textColumns = kinds.filter((k) => k === 'text').length;
    this.numberColumns = kinds.length - this.textColumns;
  }

  /** A new batch of this many rows: then per row, per column in order, `text` or `number`. */
  start(rows: number) {
    if (this.table.size > TEXT_TABLE_LIMIT) {
      this.table.clear();
      this.reset = true;
    }
    this.rows = rows;
    this.texts = new Int32Array(rows * this.textColumns);
    this.numbers = new Float64Array(rows * this.numberColumns);
    this.newTexts = [];
    this.t = 0;
    this.n = 0;
  }

  text(value: string | null | undefined) {
    if (!value) {
      this.texts[this.t++] = -1;
      return;
    }
    let code = this.table.get(value);
    if (code === undefined) {
      code = this.table.size;
      this.table.set(value, code);
      this.newTexts.push(value);
    }
    this.texts[this.t++] = code;
  }

  number(value: number | null | undefined) {
    this.numbers[this.n++] = value ?? Number.NaN;
  }

  /** The batch as a message and its buffers to transfer. */
  finish() {
    const message = {
      sheet: this.sheet,
      rows: this.rows,
      texts: this.texts,
      numbers: this.numbers,
      newTexts: this.newTexts,
      reset: this.reset,
    };
    this.reset = false;
    return { message, transfer: [this.texts.buffer, this.numbers.buffer] as ArrayBuffer[] };
  }
}

/** The writer thread, watched from its start: a failure before the response is built is kept for it. */
export interface SheetWriter {
  worker: Worker;
  failure: Error | null;
  onFailure: (error: Error) => void;
}

export interface SheetSpec {
  sheetName: string;
  columns: { header: string; width: number | undefined; kind: ColumnKind | undefined }[];
  dateColumns: number[];
  /** The date columns' number format; dd/mm/yyyy unless said. */
  dateFormat?: string;
}

export function startSheetWriter(workerData: { sheets: SheetSpec[] }): SheetWriter {
  const worker = new Worker(WORKER_URL, {
    // Plain JavaScript: without the parent's flags (tsx's loader) it starts in a third of the time.
    execArgv: [],
    // A small young generation: fewer pages touched (peak RSS 130 → 100 MB for 100,000 rows) for the same CPU.
    resourceLimits: { maxYoungGenerationSizeMb: 4 },
    workerData,
  });
  const writer: SheetWriter = {
    worker,
    failure: null,
    onFailure: (error) => {
      writer.failure ??= error;
    },
  };
  // Listened to at once: a worker's 'error' without a listener would end the process.
  worker.on('error', (error) => writer.onFailure(error instanceof Error ? error : new Error(String(error))));
  worker.on('exit', (code) => writer.onFailure(new Error(`the export's worker stopped (exit code ${code})`)));
  return writer;
}

/**
 * A streamed .xlsx answer whose workbook is written on a worker thread (xlsx-sheet-writer.worker.mjs):
 * `produce` hands it batches of rows (a `RowEncoder`'s) through `send`, which resolves once the
 * worker has written the previous batch and the client has taken what was written: one batch is in
 * the worker while the next is read, and a slow reader holds both back.
 */
export function workerXlsxResponse(
  writer: SheetWriter,
  fileName: string,
  produce: (send: (batch: ReturnType<RowEncoder['finish']>) => Promise<void>) => Promise<void>,
): Response {
  const { worker } = writer;
  const pass = new PassThrough();
  let failed: Error | null = null;
  let finished = false;
  /** The worker's cue that the batch sent last is written (resolved at first: nothing is in it). */
  let written: { promise: Promise<void>; resolve: () => void } = { promise: Promise.resolve(), resolve: () => undefined };
  const fail = (error: unknown) => {
    if (finished) return;
    finished = true;
    failed = error instanceof Error ? error : new Error(String(error));
    logger.error('export failed while streaming', { fileName, error: String(error) });
    written.resolve();
    void worker.terminate();
    pass.destroy(failed);
  };
  worker.on('message', (message: Uint8Array | { written?: true; done?: true; error?: string }) => {
    if (message instanceof Uint8Array) {
      pass.write(message);
    } else if (message.written) {
      written.resolve();
    } else if (message.done) {
      finished = true;
      pass.end();
      void worker.terminate();
    } else if (message.error) {
      fail(new Error(message.error));
    }
  });
  // Its stopping after the file is done (terminate) is no failure: fail ignores it then.
  writer.onFailure = fail;
  if (writer.failure) fail(writer.failure);
  // The client went away: stop reading and writing.
  pass.on('close', () => {
    if (finished) return;
    finished = true;
    written.resolve();
    void worker.terminate();
  });
  const closed = once(pass, 'close').catch(() => undefined);
  const send = async (batch: ReturnType<RowEncoder['finish']>) => {
    await written.promise;
    while (pass.writableNeedDrain && !pass.destroyed) await Promise.race([once(pass, 'drain'), closed]);
    if (finished || pass.destroyed) throw failed ?? new Error('the client went away');
    let resolve = () => undefined as void;
    written = { promise: new Promise<void>((r) => (resolve = r)), resolve: () => resolve() };
    worker.postMessage(batch.message, batch.transfer);
  };
  produce(send)
    .then(async () => {
      await written.promise;
      if (!finished) worker.postMessage({ end: true });
    })
    .catch(fail);
  return new Response(Readable.toWeb(pass) as ReadableStream, {
    headers: { 'Content-Type': XLSX, 'Content-Disposition': `attachment; filename="${fileName}"`, 'Cache-Control': 'no-store' },
  });
}

/** What `workerXlsxResponse`'s producer hands on: one encoded batch at a time. */
export type SendBatch = (batch: ReturnType<RowEncoder['finish']>) => Promise<void>;
