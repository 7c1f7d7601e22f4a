import { createHmac } from 'node:crypto';
import { createWriteStream, openAsBlob } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import {
  bodyLimitOf,
  CREDIT_MESSAGES,
  FORBIDDEN_NAME_MESSAGE,
  hasForbiddenSegment,
  SHOP_SIGNATURE_HEADER,
  type AnyRoute,
} from '@portal/contracts';
import { AppError } from '../errors';
import { safeEqual } from '../auth';

/**
 * An uploaded file, streamed to a temporary file while the request was read: a `File` whose bytes
 * stay on disk until read, plus its `path`. The binding removes it once the handler is done.
 */
export class UploadedFile extends File {
  constructor(
    readonly path: string,
    contents: Blob,
    name: string,
    type: string,
  ) {
    super([contents], name, { type });
  }
}

/** The temporary file behind an uploaded file (undefined for a file built in memory, e.g. in tests). */
export const uploadedFilePath = (file: Blob): string | undefined => (file instanceof UploadedFile ? file.path : undefined);

export interface RequestBody {
  /** JSON as parsed; a form as a record (`a[]` and repeated names make lists; files are UploadedFile). */
  value: unknown;
  /** Removes the temporary files (always call it). */
  dispose(): Promise<void>;
}

/** Most text a form's fields may hold together (files do not count); a route's own limit can only lower it. */
export const FORM_TEXT_LIMIT = 16 * 1024 * 1024;
/** Most fields and files one form may have. */
export const FORM_PART_LIMIT = 10_000;

const tooLarge = (limit: number) =>
  new AppError('payload_too_large', `The request is too large: at most ${formatBytes(limit)} may be sent here.`);
const malformed = (what: string) => new AppError('bad_request', `The form data is malformed (${what}).`);
const forbiddenName = () => new AppError('bad_request', FORBIDDEN_NAME_MESSAGE);

function formatBytes(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${+(bytes / 1024 ** 3).toFixed(1)} GB`;
  if (bytes >= 1024 ** 2) return `${+(bytes / 1024 ** 2).toFixed(1)} MB`;
  if (bytes >= 1024) return `${+(bytes / 1024).toFixed(1)} KB`;
  return `${bytes} bytes`;
}

const mediaTypeOf = (contentType: string) => (contentType.split(';', 1)[0] ?? '').trim().toLowerCase();
const isJson = (type: string) => type === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(type);
const isForm = (type: string) => type === 'multipart/form-data' || type === 'application/x-www-form-urlencoded';

/** The body's bytes as they arrive, refusing with 413 the moment they pass `limit` (the rest is never read). */
async function* limitedChunks(body: ReadableStream<Uint8Array>, limit: number): AsyncGenerator<Uint8Array> {
  const reader = body.getReader();
  let received = 0;
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        finished = true;
        return;
      }
      received += value.byteLength;
      if (received > limit) throw tooLarge(limit);
      yield value;
    }
  } finally {
    if (!finished) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}

async function readBytes(body: ReadableStream<Uint8Array> | null, limit: number): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  if (body) for await (const chunk of limitedChunks(body, limit)) chunks.push(chunk);
  return Buffer.concat(chunks);
}

function decodeText(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new AppError('bad_request', 'The request body is not valid UTF-8 text.');
  }
}

async function readText(body: ReadableStream<Uint8Array>, limit: number): Promise<string> {
  return decodeText(await readBytes(body, limit));
}

/** The shop's signature of a body: HMAC-SHA256 of its exact bytes with the shared secret, in hex. */
export function shopSignature(secret: string, body: string | Uint8Array): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

/**
 * Refuses with 401, before the body is parsed, unless X-Shop-Signature carries the HMAC-SHA256
 * (hex) of exactly these bytes under the secret, compared in constant time. No secret (production
 * without SHOP_WEBHOOK_SECRET) refuses everything.
 */
function checkShopSignature(request: Request, bytes: Uint8Array, secret: string | null): void {
  const given = request.headers.get(SHOP_SIGNATURE_HEADER)?.trim().toLowerCase() ?? '';
  if (!secret || !/^[0-9a-f]{64}$/.test(given) || !safeEqual(given, shopSignature(secret, bytes))) {
    throw new AppError('unauthenticated', CREDIT_MESSAGES.badSignature);
  }
}

/** Fields and files in arrival order into one record, as forms have always reached the schemas. */
function toRecord(entries: [string, unknown][]): Record<string, unknown> {
  const record = Object.create(null) as Record<string, unknown>;
  for (const [rawKey, value] of entries) {
    const isList = rawKey.endsWith('[]');
    const key = isList ? rawKey.slice(0, -2) : rawKey;
    if (Object.hasOwn(record, key)) {
      const existing = record[key];
      record[key] = Array.isArray(existing) ? [...(existing as unknown[]), value] : [existing, value];
    } else record[key] = isList ? [value] : value;
  }
  return record;
}

/** Busboy for this form's content type; a content type it cannot read (no boundary, …) is a 400. */
function formParser(contentType: string, textLimit: number): busboy.Busboy {
  try {
    return busboy({
      headers: { 'content-type': contentType },
      defCharset: 'utf8',
      defParamCharset: 'utf8',
      limits: { fieldSize: textLimit, fieldNameSize: 1024, headerPairs: 100 },
    });
  } catch (error) {
    throw malformed((error as Error).message.replace(/^Multipart: /, '').toLowerCase());
  }
}

/** What the parser's events collect: the entries, the files being written, the first failure and the end. */
interface FormCollection {
  entries: [string, unknown][];
  files: Promise<void>[];
  /** The first failure (set from busboy's callbacks, so read it through the object, never narrowed). */
  state: { failure: Error | null };
  ended: Promise<void>;
}

/** Listens to the parser: text fields counted against `textLimit`, each file written into `dir` as it arrives. */
function collectForm(parser: busboy.Busboy, dir: string, textLimit: number): FormCollection {
  const entries: [string, unknown][] = [];
  const files: Promise<void>[] = [];
  const state: FormCollection['state'] = { failure: null };
  let textBytes = 0;
  let parts = 0;
  const fail = (error: Error) => {
    state.failure ??= error;
  };
  const countPart = () => {
    if (++parts > FORM_PART_LIMIT) fail(new AppError('payload_too_large', `The form has more than ${FORM_PART_LIMIT} fields.`));
  };

  parser.on('field', (rawName: string | undefined, value, info) => {
    const name = rawName ?? '';
    countPart();
    textBytes += Buffer.byteLength(name) + Buffer.byteLength(value);
    if (info.nameTruncated) fail(malformed('a field name is too long'));
    else if (hasForbiddenSegment(name)) fail(forbiddenName());
    else if (info.valueTruncated || textBytes > textLimit)
      fail(new AppError('payload_too_large', `The form's text is too large: at most ${formatBytes(textLimit)}.`));
    else if (!state.failure) entries.push([name, value]);
  });
  parser.on('file', (rawName: string | undefined, stream, info) => {
    const name = rawName ?? '';
    countPart();
    if (hasForbiddenSegment(name)) fail(forbiddenName());
    if (state.failure) {
      stream.resume();
      return;
    }
    const path = join(dir, String(files.length));
    const entry: [string, unknown] = [name, null];
    entries.push(entry);
    const written = pipeline(stream, createWriteStream(path)).then(async () => {
      entry[1] = new UploadedFile(path, await openAsBlob(path, { type: info.mimeType }), info.filename ?? '', info.mimeType);
    });
    // Settled here so a failure never goes unhandled; it is reported after the form ends.
    files.push(written.catch((error: Error) => fail(error instanceof AppError ? error : malformed(error.message.toLowerCase()))));
  });
  const ended = new Promise<void>((resolve, reject) => {
    // `on`, not `once`: busboy may report more than one error, and an unheard one would crash the process.
    parser.on('error', (error: Error) => {
      const refused = malformed(error.message.toLowerCase());
      fail(refused);
      reject(refused);
    });
    parser.once('finish', resolve);
  });
  ended.catch(() => undefined);
  return { entries, files, state, ended };
}

/**
 * Reads a multipart or urlencoded form with busboy: text fields into memory (at most
 * FORM_TEXT_LIMIT together), each file straight into a temporary file, every byte counted
 * against `limit` as it arrives.
 */
async function readForm(body: ReadableStream<Uint8Array>, contentType: string, limit: number): Promise<RequestBody> {
  const textLimit = Math.min(limit, FORM_TEXT_LIMIT);
  const parser = formParser(contentType, textLimit);
  const dir = await mkdtemp(join(tmpdir(), 'portal-upload-'));
  const dispose = () => rm(dir, { recursive: true, force: true });
  const { entries, files, state, ended } = collectForm(parser, dir, textLimit);
  try {
    for await (const chunk of limitedChunks(body, limit)) {
      if (state.failure) throw state.failure;
      if (!parser.write(chunk)) await Promise.race([new Promise((resolve) => parser.once('drain', resolve)), ended]);
    }
    parser.end();
    await ended;
    await Promise.all(files);
    if (state.failure) throw state.failure;
    return { value: toRecord(entries), dispose };
  } catch (error) {
    parser.destroy();
    await Promise.all(files);
    await dispose();
    throw error;
  }
}

/** The options of a route the reading needs, from its own properties only (never inherited: issue 25). */
type BodyOptions = Pick<AnyRoute, 'xsrf' | 'bodyType' | 'bodyLimit'>;
function bodyOptionsOf(route: BodyOptions): BodyOptions {
  const own = <K extends keyof BodyOptions>(key: K): BodyOptions[K] => (Object.hasOwn(route, key) ? route[key] : undefined);
  return { xsrf: own('xsrf'), bodyType: own('bodyType'), bodyLimit: own('bodyLimit') };
}

/**
 * A Content-Encoding the server would have to undo: none is taken (no client of the portal
 * compresses a request), so any but `identity` is refused with 415 rather than read as plain bytes.
 */
function checkContentEncoding(request: Request): void {
  const encoding = request.headers.get('content-encoding');
  if (encoding === null) return;
  const codings = encoding
    .split(',')
    .map((coding) => coding.trim().toLowerCase())
    .filter(Boolean);
  if (codings.some((coding) => coding !== 'identity')) {
    throw new AppError(
      'unsupported_media_type',
      `Send the request body uncompressed: Content-Encoding ${JSON.stringify(encoding.slice(0, 40))} is not taken here.`,
    );
  }
}

/**
 * Reads a bound route's body, after its access checks (so nobody unknown makes the server read a
 * byte): 413 when Content-Length or the bytes themselves pass the route's limit, 415 for a content
 * type the route does not take or a Content-Encoding other than identity, 400 for JSON or a form
 * that does not parse (or a form field named with `__proto__`, `constructor` or `prototype`). JSON
 * routes take JSON (`launch-token` routes also text/plain, as sendBeacon sends it); multipart
 * routes take multipart/form-data or a urlencoded form. An empty body reads as `{}`.
 */
export async function readRequestBody(
  request: Request,
  definition: BodyOptions,
  cap = Infinity,
  options: { shopSecret?: string | null } = {},
): Promise<RequestBody> {
  const route = bodyOptionsOf(definition);
  const limit = Math.min(bodyLimitOf(route), cap);
  const disposeNothing = () => Promise.resolve();
  const empty: RequestBody = { value: {}, dispose: disposeNothing };
  const declared = request.headers.get('content-length');
  const length = declared !== null && /^\d+$/.test(declared.trim()) ? Number(declared) : null;
  if (length !== null && length > limit) throw tooLarge(limit);
  if (route.xsrf === 'shop-signature') return readSignedJson(request, limit, options.shopSecret ?? null);
  checkContentEncoding(request);
  if (length === 0) return empty;
  const contentType = request.headers.get('content-type') ?? '';
  const type = mediaTypeOf(contentType);
  // A JSON body of a declared length (which HTTP holds it to) is read in one piece: not through a
  // web stream (on the Node server, `request.body` builds one; `arrayBuffer` reads the socket's bytes).
  if (route.bodyType !== 'multipart' && length !== null) {
    checkJsonType(route, type);
    const bytes = new Uint8Array(await request.arrayBuffer());
    if (bytes.byteLength > limit) throw tooLarge(limit);
    return parsedJson(decodeText(bytes));
  }
  const body = request.body;
  if (!body) return empty;
  if (route.bodyType === 'multipart') {
    if (isForm(type)) return readForm(body, contentType, limit);
    if (type === '' && !(await readText(body, limit)).trim()) return empty;
    throw new AppError('unsupported_media_type', 'Send this form as multipart/form-data.');
  }
  checkJsonType(route, type);
  return parsedJson(await readText(body, limit));
}

/** JSON routes take JSON; `launch-token` routes also text/plain, as sendBeacon sends it. */
function checkJsonType(route: BodyOptions, type: string): void {
  if (type !== '' && !isJson(type) && !(route.xsrf === 'launch-token' && type === 'text/plain')) {
    throw new AppError('unsupported_media_type', 'Send this request as JSON (Content-Type: application/json).');
  }
}

function parsedJson(text: string): RequestBody {
  const disposeNothing = () => Promise.resolve();
  if (!text.trim()) return { value: {}, dispose: disposeNothing };
  try {
    return { value: JSON.parse(text), dispose: disposeNothing };
  } catch {
    throw new AppError('bad_request', 'The request body is not valid JSON.');
  }
}

/**
 * A `shop-signature` route's body: its raw bytes read (within the limit), the signature checked
 * against them (401), and only then the content type (415) and the JSON (400) looked at.
 */
async function readSignedJson(request: Request, limit: number, secret: string | null): Promise<RequestBody> {
  const bytes = await readBytes(request.body, limit);
  checkShopSignature(request, bytes, secret);
  checkContentEncoding(request);
  const type = mediaTypeOf(request.headers.get('content-type') ?? '');
  if (type !== '' && !isJson(type))
    throw new AppError('unsupported_media_type', 'Send this request as JSON (Content-Type: application/json).');
  const text = decodeText(bytes);
  const dispose = () => Promise.resolve();
  if (!text.trim()) return { value: {}, dispose };
  try {
    return { value: JSON.parse(text), dispose };
  } catch {
    throw new AppError('bad_request', 'The request body is not valid JSON.');
  }
}
