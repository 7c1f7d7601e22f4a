import { lazy, Suspense, useState } from 'react';
import { emailCertificate, type ApiClient } from '@portal/contracts';
import { Button } from '@portal/design-system';
import { downloadCertificate } from './download-certificate';
import { ShareCertificate } from './share-certificate';
import './certificates.css';

// The email form (react-hook-form, zod) loads when it opens, not with the dashboard's passed courses.
const EmailCertificate = lazy(() => import('./email-certificate').then((m) => ({ default: m.EmailCertificate })));

export interface CertificateActionsProps {
  api: ApiClient;
  enrolmentId: number;
  course: { id: number; name: string };
  /** The printed code; share needs it. */
  code: string | null;
}

/** A passed course's certificate: download, email (to addresses separated by commas) and share its verify link. */
export function CertificateActions({ api, enrolmentId, course, code }: CertificateActionsProps) {
  const [isEmailing, setEmailing] = useState(false);
  const [isDownloading, setDownloading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const name = <span className="ds-visually-hidden"> {course.name}</span>;

  async function download() {
    setDownloading(true);
    setFailure(null);
    try {
      await downloadCertificate(api, enrolmentId, course.name);
    } catch (error) {
      // Spec §8: a failed certificate download is logged; the learner also sees a short line.
      console.error('Failed to download certificate', error);
      setFailure('The certificate could not be downloaded. Please try again.');
    } finally {
      setDownloading(false);
    }
  }

  async function send(email: string): Promise<string> {
    const response = await api.call(emailCertificate, { params: { courseId: course.id }, body: { email, enrollment_id: enrolmentId } });
    return response.message;
  }

  return (
    <div className="certificate-actions" data-testid="certificate-actions">
      <div className="certificate-actions__row">
        <Button type="button" loading={isDownloading} onClick={() => void download()}>
          Download certificate{name}
        </Button>
        <Button type="button" variant="secondary" onClick={() => setEmailing(true)}>
          Email certificate{name}
        </Button>
      </div>
      {code ? (
        <div className="certificate-actions__row">
          <ShareCertificate code={code} courseName={course.name} />
        </div>
      ) : null}
      {failure ? (
        <p className="certificate-actions__failure" role="alert">
          {failure}
        </p>
      ) : null}
      {isEmailing ? (
        <Suspense fallback={null}>
          <EmailCertificate courseName={course.name} onClose={() => setEmailing(false)} send={send} />
        </Suspense>
      ) : null}
    </div>
  );
}
