import { useState } from 'react';
import { Button } from '@portal/design-system';
import { copyText } from '../account/copy-text';
import { canShareLink, shareLink, verifyLink } from './share-link';

/**
 * Share a certificate by its verify link: copy it ('Copied!' / 'Could not copy', spec §8) and,
 * where the browser has one, the device's share sheet.
 */
export function ShareCertificate({ code, courseName }: { code: string; courseName: string }) {
  const [status, setStatus] = useState<string | null>(null);
  const link = verifyLink(code);
  const name = <span className="ds-visually-hidden"> the {courseName} certificate link</span>;

  async function copy() {
    setStatus(await copyText(link));
  }

  async function share() {
    setStatus(null);
    const outcome = await shareLink({ title: `${courseName} certificate`, text: `My ${courseName} certificate`, url: link });
    // A closed share sheet says nothing; a sheet that failed falls back to copying.
    if (outcome === 'failed') await copy();
  }

  return (
    <span className="certificate-share">
      <Button type="button" variant="secondary" size="sm" onClick={() => void copy()}>
        Copy link{name}
      </Button>
      {canShareLink() ? (
        <Button type="button" variant="secondary" size="sm" onClick={() => void share()}>
          Share{name}
        </Button>
      ) : null}
      <span className="certificate-share__status" role="status" aria-live="polite" data-testid="share-status">
        {status}
      </span>
    </span>
  );
}
