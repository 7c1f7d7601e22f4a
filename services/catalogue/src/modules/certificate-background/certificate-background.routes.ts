import {
  CERTIFICATE_MESSAGES,
  deleteCertificateBackground,
  getCertificateBackground,
  updateCertificateBackground,
} from '@portal/contracts';
import { createServiceRouter, type ServiceDeps } from '@portal/service-kit';
import { readBackgroundMeta, removeBackground, saveBackground } from './certificate-background';

/** The admin's Certificate tab: the background every certificate is printed on. */
export function certificateBackgroundRoutes(deps: ServiceDeps) {
  return createServiceRouter(deps)
    .handle(updateCertificateBackground, async ({ body }) => {
      const meta = await saveBackground(deps.storage, body.file, deps.now());
      return {
        success: true as const,
        message: CERTIFICATE_MESSAGES.backgroundUpdated,
        data: { content_type: meta.contentType, size: meta.size, updated_at: meta.updatedAt },
      };
    })
    .handle(getCertificateBackground, async () => {
      const meta = await readBackgroundMeta(deps.storage);
      return {
        has_background: !!meta,
        content_type: meta?.contentType ?? null,
        size: meta?.size ?? null,
        updated_at: meta?.updatedAt ?? null,
      };
    })
    .handle(deleteCertificateBackground, async () => {
      await removeBackground(deps.storage);
      return { success: true as const, message: CERTIFICATE_MESSAGES.backgroundRemoved };
    }).app;
}
