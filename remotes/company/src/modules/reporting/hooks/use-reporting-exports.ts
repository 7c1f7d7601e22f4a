import { useState } from 'react';
import {
  bulkCertificates,
  CERTIFICATE_MESSAGES,
  exportBulk,
  exportFileName,
  exportLoginCodes,
  REPORTING_MESSAGES,
  reportingEnrolmentIds,
  type ApiClient,
  type ReportingFilters,
} from '@portal/contracts';
import type { ListAddress } from '@portal/frontend-kit';
import { saveDownload } from '@portal/frontend-kit/downloads';
import { matchingIdsQuery } from '../reporting-query';
import { errorText, type Say } from './use-reporting-message';

/** What the toolbar downloads: the report, the login codes, or every certificate as one zip ('All certificates'). */
export type ExportKind = 'report' | 'login_codes' | 'certificates';
/** Every matching row, or the rows on this page. */
export type ExportScope = 'all' | 'page';

/** The server's message on a failed file download (its body is JSON then). */
async function failedDownloadText(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { message?: string; errors?: Record<string, string[]> };
    return Object.values(body.errors ?? {}).flat()[0] ?? body.message ?? REPORTING_MESSAGES.reportFailed;
  } catch {
    return REPORTING_MESSAGES.reportFailed;
  }
}

const NOTHING_TO_EXPORT: Record<ExportKind, string> = {
  report: REPORTING_MESSAGES.noReport,
  login_codes: REPORTING_MESSAGES.noLoginCodes,
  certificates: CERTIFICATE_MESSAGES.noneToDownload,
};

interface ExportOptions {
  api: ApiClient;
  list: ListAddress;
  filters: ReportingFilters;
  /** The rows on screen (null before the first page has loaded: nothing to export yet). */
  pageIds: number[] | null;
  say: Say;
}

/** The three downloads over the matching rows or this page, one at a time. */
export function useReportingExports({ api, list, filters, pageIds, say }: ExportOptions) {
  const [exporting, setExporting] = useState<ExportKind | null>(null);
  const [scope, setScope] = useState<ExportScope>('all');

  async function download(kind: ExportKind) {
    if (!pageIds) return;
    setExporting(kind);
    say('info', REPORTING_MESSAGES.exporting);
    try {
      const ids =
        scope === 'page' ? pageIds : (await api.call(reportingEnrolmentIds, { query: matchingIdsQuery(list, filters) })).totalEnrollmentIDs;
      if (ids.length === 0) {
        say('error', NOTHING_TO_EXPORT[kind]);
        return;
      }
      const response = await api.raw(kind === 'certificates' ? bulkCertificates : kind === 'report' ? exportBulk : exportLoginCodes, {
        body: { ids },
      });
      if (!response.ok) {
        say('error', await failedDownloadText(response));
        return;
      }
      // The server names the file (Content-Disposition); the zip's fallback is the date, dd-mm-yyyy.zip.
      await saveDownload(
        response,
        kind === 'certificates' ? `${exportFileName('report', new Date()).slice(0, 10)}.zip` : exportFileName(kind, new Date()),
      );
      say('success', kind === 'certificates' ? 'Certificates downloaded successfully!' : 'Report downloaded successfully!');
    } catch (error) {
      say('error', errorText(error));
    } finally {
      setExporting(null);
    }
  }

  return { exporting, scope, setScope, download };
}
