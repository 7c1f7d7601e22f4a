import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import {
  ApiError,
  CERTIFICATE_MESSAGES,
  certificatePreview,
  deleteCertificateBackground,
  formatDate,
  getCertificateBackground,
  updateCertificateBackground,
  type ApiClient,
  type RouteOutput,
} from '@portal/contracts';
import { Button, Notice, ProgressBar, Spinner } from '@portal/design-system';
import { LoadError, uploadWithProgress, useApiQuery } from '@portal/frontend-kit';
import { ConfirmModal } from '@portal/frontend-kit/confirm';
import { backgroundFileProblem, fileSize } from './background-file';
import './certificate.css';

type Flash = { tone: 'success' | 'error'; text: string } | null;

/** The message of a refused upload: the server's field error under `file`, else its message. */
function uploadError(error: unknown): string {
  if (error instanceof ApiError) return error.fieldErrors.file?.[0] ?? Object.values(error.fieldErrors).flat()[0] ?? error.message;
  return error instanceof Error ? error.message : String(error);
}

/** The background, its upload's progress, its removal and the tab's notice. */
function useCertificateBackground(api: ApiClient) {
  const [version, setVersion] = useState(0);
  const background = useApiQuery(`certificate-background:${version}`, () => api.call(getCertificateBackground));
  const [progress, setProgress] = useState<number | null>(null);
  const [flash, setFlash] = useState<Flash>(null);
  const [isConfirmingRemove, setConfirmingRemove] = useState(false);
  const [isRemoving, setRemoving] = useState(false);

  async function onChoose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setFlash(null);
    const problem = backgroundFileProblem(file);
    if (problem) return setFlash({ tone: 'error', text: problem });
    const form = new FormData();
    form.append('file', file);
    setProgress(0);
    try {
      const response = await uploadWithProgress<RouteOutput<typeof updateCertificateBackground>>(
        updateCertificateBackground.path,
        form,
        setProgress,
      );
      setFlash({ tone: 'success', text: response.message || CERTIFICATE_MESSAGES.backgroundUpdated });
      setVersion((v) => v + 1);
    } catch (error) {
      setFlash({ tone: 'error', text: uploadError(error) });
    } finally {
      setProgress(null);
    }
  }

  async function onRemove() {
    setRemoving(true);
    setFlash(null);
    try {
      const response = await api.call(deleteCertificateBackground);
      setFlash({ tone: 'success', text: response.message || CERTIFICATE_MESSAGES.backgroundRemoved });
      setVersion((v) => v + 1);
    } catch (error) {
      setFlash({ tone: 'error', text: uploadError(error) });
    } finally {
      setRemoving(false);
      setConfirmingRemove(false);
    }
  }

  return { version, background, progress, flash, setFlash, isConfirmingRemove, setConfirmingRemove, isRemoving, onChoose, onRemove };
}

/**
 * Admin 'Certificate' tab (spec §2 "certificate upload"): the background every certificate is
 * printed on (PNG or JPEG, upload progress in %), removing it, and a sample certificate on it.
 */
export function CertificatePanel({ api }: { api: ApiClient }) {
  const input = useRef<HTMLInputElement>(null);
  const { version, background, progress, flash, setFlash, isConfirmingRemove, setConfirmingRemove, isRemoving, onChoose, onRemove } =
    useCertificateBackground(api);
  const current = background.status === 'success' ? background.data : null;
  return (
    <div className="admin-panel certificate-panel" data-testid="certificate-panel">
      <h2 className="admin-panel__title">Certificate</h2>
      {flash ? (
        <Notice tone={flash.tone} onDismiss={() => setFlash(null)} {...(flash.tone === 'success' ? { autoHideMs: 8000 } : {})}>
          {flash.text}
        </Notice>
      ) : null}
      <section className="certificate-panel__section" aria-labelledby="certificate-background-title">
        <h3 id="certificate-background-title">Background</h3>
        {background.status === 'loading' ? <Spinner label="Loading the background…" /> : null}
        {background.status === 'error' ? (
          <LoadError error={background.error} onRetry={background.reload} what="the certificate background" />
        ) : null}
        {current ? (
          <p data-testid="certificate-background-status">
            {current.has_background
              ? `Certificates are printed on an uploaded ${current.content_type === 'image/png' ? 'PNG' : 'JPEG'} image${current.size ? ` (${fileSize(current.size)})` : ''}${current.updated_at ? `, uploaded ${formatDate(current.updated_at)}` : ''}.`
              : 'No background uploaded: certificates use the built-in design.'}
          </p>
        ) : null}
        <p className="admin-muted">
          PNG or JPEG, at most 5 MB. A4 landscape proportions (about 1.414 : 1, e.g. 3508 × 2480 pixels) fill the page best; other shapes
          are stretched.
        </p>
        {progress !== null ? (
          <div className="certificate-panel__progress" data-testid="certificate-upload-progress">
            <ProgressBar value={progress} label={`Uploading the background: ${progress}%`} />
          </div>
        ) : null}
        <input
          ref={input}
          type="file"
          accept="image/png,image/jpeg"
          className="certificate-panel__file"
          aria-label="Choose a certificate background image"
          tabIndex={-1}
          onChange={(event) => void onChoose(event)}
        />
        <div className="certificate-panel__actions">
          <Button type="button" loading={progress !== null} onClick={() => input.current?.click()}>
            {current?.has_background ? 'Replace background' : 'Upload background'}
          </Button>
          {current?.has_background ? (
            <Button type="button" variant="danger" onClick={() => setConfirmingRemove(true)}>
              Remove background
            </Button>
          ) : null}
        </div>
      </section>
      <CertificatePreview api={api} version={version} />
      <ConfirmModal
        open={isConfirmingRemove}
        title="Remove background"
        confirmLabel="Remove background"
        isBusy={isRemoving}
        onConfirm={() => void onRemove()}
        onClose={() => setConfirmingRemove(false)}
      >
        <p>Remove the certificate background? Every certificate downloaded from now on uses the built-in design.</p>
      </ConfirmModal>
    </div>
  );
}

/** A sample certificate (made-up learner, code SAMPLE) on the current background, shown on request. */
function CertificatePreview({ api, version }: { api: ApiClient; version: number }) {
  const [isShown, setShown] = useState(false);
  // A new background (version) makes a new sample.
  const preview = useApiQuery(isShown ? `certificate-preview:${version}` : null, async () =>
    URL.createObjectURL(await (await api.raw(certificatePreview)).blob()),
  );
  const url = isShown && preview.status === 'success' ? preview.data : null;
  const failure = isShown && preview.status === 'error' ? preview.error : null;
  useEffect(() => {
    if (failure) console.error('Failed to load the sample certificate', failure);
  }, [failure]);
  useEffect(() => (url ? () => URL.revokeObjectURL(url) : undefined), [url]);

  return (
    <section className="certificate-panel__section" aria-labelledby="certificate-preview-title">
      <h3 id="certificate-preview-title">Sample certificate</h3>
      <p className="admin-muted">A made-up learner’s certificate on the current background, exactly as learners download it.</p>
      <div className="certificate-panel__actions">
        <Button type="button" variant="secondary" onClick={() => setShown((shown) => !shown)} aria-expanded={isShown}>
          {isShown ? 'Hide sample certificate' : 'Preview sample certificate'}
        </Button>
        {url ? (
          <a className="ds-link" href={url} download="sample-certificate.pdf" data-testid="certificate-preview-download">
            Download the sample (PDF)
          </a>
        ) : null}
      </div>
      {failure ? <LoadError error={failure} onRetry={preview.reload} what="the sample certificate" /> : null}
      {isShown && preview.status === 'loading' ? <Spinner label="Making the sample certificate…" /> : null}
      {url ? (
        <>
          {/*
            A frame of the PDF's own address (the portal's CSP allows same-origin frames; plugins,
            object-src, stay refused): the browser's PDF viewer shows it. A new background remounts it.
          */}
          <iframe
            key={version}
            className="certificate-preview"
            src={certificatePreview.path}
            title="Sample certificate"
            data-testid="certificate-preview"
          />
          <p className="admin-muted">
            Nothing shown? Some browsers (many phones) show no PDFs in a page:{' '}
            <a className="ds-link" href={url} download="sample-certificate.pdf">
              download the sample certificate
            </a>{' '}
            to see it.
          </p>
        </>
      ) : null}
    </section>
  );
}
