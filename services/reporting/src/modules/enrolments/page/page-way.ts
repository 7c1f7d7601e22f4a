import type { PageRequest } from './page-request';
import type { ReportingReader } from './reporting-reader';

/** One way of reading a page: whether it serves the request, and the page's ids (null: it could not, the next way reads it). */
export interface PageWay {
  serves(request: PageRequest, reader: ReportingReader): boolean;
  read(reader: ReportingReader, request: PageRequest): Promise<number[] | null>;
}
