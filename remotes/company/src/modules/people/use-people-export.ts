import { useState } from 'react';
import { ApiError, peopleExport, type ApiClient } from '@portal/contracts';
import { saveDownload } from '@portal/frontend-kit/downloads';

export type Say = (tone: 'success' | 'error', text: string) => void;

const FAILED = 'The export could not be made. Please try again.';

/** Downloads the chosen people, or everyone the list's search and depot filter find, as .xlsx. */
export function usePeopleExport(api: ApiClient, companyId: number | null, say: Say) {
  const [exporting, setExporting] = useState<'selection' | 'list' | null>(null);

  async function download(body: { user_ids?: number[]; search?: string; depot_id?: number }) {
    if (companyId === null) return;
    setExporting(body.user_ids ? 'selection' : 'list');
    try {
      const response = await api.raw(peopleExport, { params: { companyId }, body });
      const date = new Date().toISOString().slice(0, 10).split('-').reverse().join('-');
      await saveDownload(response, `${date}_people.xlsx`);
      say('success', 'People downloaded successfully!');
    } catch (error) {
      say('error', error instanceof ApiError && error.status < 500 ? error.message : FAILED);
    } finally {
      setExporting(null);
    }
  }
  return { exporting, download };
}
