import { useState } from 'react';
import { ApiError, ACCOUNT_MESSAGES, accountLogo, LOGO_MAX_PIXELS, LOGO_PROPAGATION_NOTE, type RouteOutput } from '@portal/contracts';
import { Card, Notice, ProgressBar } from '@portal/design-system';
import { uploadWithProgress } from '@portal/frontend-kit';
import { FileChooser } from '../uploads/file-chooser';

/** The image's real pixel size, read by the browser before anything is sent. */
function imageSize(file: File): Promise<{ width: number; height: number } | null> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const image = new Image();
    image.onload = () => {
      resolve({ width: image.naturalWidth, height: image.naturalHeight });
      URL.revokeObjectURL(url);
    };
    image.onerror = () => {
      resolve(null);
      URL.revokeObjectURL(url);
    };
    image.src = url;
  });
}

/** POST /account/logo (multipart, field `logo`): images up to 256x256, with upload progress in %. */
export function LogoUpload({ logoUrl, onUploaded }: { logoUrl: string | null; onUploaded: (url: string) => void }) {
  const [progress, setProgress] = useState<number | null>(null);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  async function upload(file: File) {
    setNotice(null);
    const size = await imageSize(file);
    if (!size) return setNotice({ tone: 'error', text: ACCOUNT_MESSAGES.logoNotImage });
    if (size.width > LOGO_MAX_PIXELS || size.height > LOGO_MAX_PIXELS) {
      return setNotice({ tone: 'error', text: `${ACCOUNT_MESSAGES.logoTooLarge} This image is ${size.width}x${size.height}.` });
    }
    const form = new FormData();
    form.append('logo', file);
    setProgress(0);
    try {
      const response = await uploadWithProgress<RouteOutput<typeof accountLogo>>(accountLogo.path, form, setProgress);
      setNotice({ tone: 'success', text: response.message });
      onUploaded(response.logo_url);
    } catch (error) {
      const text =
        error instanceof ApiError
          ? (Object.values(error.fieldErrors).flat()[0] ?? error.message)
          : error instanceof Error
            ? error.message
            : String(error);
      setNotice({ tone: 'error', text });
    } finally {
      setProgress(null);
    }
  }

  return (
    <Card title="Company logo">
      <div className="account-form">
        <div className="account-logo">
          {logoUrl ? (
            <img src={logoUrl} alt="Company logo" className="account-logo__image" data-testid="company-logo" />
          ) : (
            <span className="account-muted">No logo yet.</span>
          )}
        </div>
        <p className="account-muted">
          PNG, JPEG, GIF or WebP, at most {LOGO_MAX_PIXELS}x{LOGO_MAX_PIXELS} pixels. {LOGO_PROPAGATION_NOTE}
        </p>
        {notice ? (
          <Notice tone={notice.tone} onDismiss={() => setNotice(null)}>
            {notice.text}
          </Notice>
        ) : null}
        {progress !== null ? (
          <div data-testid="logo-progress">
            <ProgressBar value={progress} label={`Uploading logo: ${progress}%`} />
            <span className="account-muted">{progress}%</span>
          </div>
        ) : null}
        <FileChooser
          accept="image/png,image/jpeg,image/gif,image/webp"
          inputClassName="account-file"
          inputLabel="Choose a logo image"
          buttonLabel={logoUrl ? 'Replace logo' : 'Upload logo'}
          isUploading={progress !== null}
          onFile={(file) => void upload(file)}
        />
      </div>
    </Card>
  );
}
