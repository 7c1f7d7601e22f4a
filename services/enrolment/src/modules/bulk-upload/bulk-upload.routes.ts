import { bulkEnrolUpload } from '@portal/contracts';
import { createServiceRouter, type ServiceDeps } from '@portal/service-kit';
import { readBulkSheet } from './read-sheet';
import { reviewRows } from './review-rows';

/** The wizard's bulk upload: the rows of an .xlsx for review. Nothing is spent here. */
export function bulkUploadRoutes(deps: ServiceDeps) {
  return createServiceRouter(deps).handle(bulkEnrolUpload, async ({ em, params, body }) => {
    const rows = await reviewRows(em, deps, params.companyId, await readBulkSheet(body.file), body.courses ?? []);
    return { data: rows, total: rows.length, ok: rows.filter((r) => r.ok).length };
  }).app;
}
