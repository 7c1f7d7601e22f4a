import { certificatePdf, type ApiClient } from '@portal/contracts';
import { saveDownload } from '@portal/frontend-kit/downloads';

/** GET the enrolment's certificate PDF and hand it to the browser under the server's file name. */
export async function downloadCertificate(api: ApiClient, enrolmentId: number, courseName: string): Promise<void> {
  const response = await api.raw(certificatePdf, { params: { id: enrolmentId } });
  await saveDownload(response, `${courseName} certificate.pdf`);
}
