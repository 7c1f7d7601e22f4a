import { useState } from 'react';
import { unMimicCompany, type SessionUser } from '@portal/contracts';
import { Button, IconSvg } from '@portal/design-system';
import { api } from '../api/api-client';

const reloadPage = () => window.location.reload();

/**
 * While an admin mimics a company, every page opens with this banner: whose portal they are
 * looking at and acting in, and the way out. Un-mimic posts POST /api/user/unMimicCompany and
 * then reloads whatever the answer (spec §7), so header, menu and pages are the admin's again.
 */
export function MimicBanner({ user, onEnded = reloadPage }: { user: SessionUser; onEnded?: () => void }) {
  const [isEnding, setEnding] = useState(false);
  async function unMimic() {
    setEnding(true);
    try {
      await api.call(unMimicCompany);
    } catch (error) {
      console.error('Un-mimic failed; reloading to show the session as it is', error);
    } finally {
      onEnded();
    }
  }
  return (
    <section className="shell-mimic" aria-label="Mimicking a company" data-testid="mimic-banner">
      <div className="shell-container shell-mimic__inner">
        <p className="shell-mimic__text">
          <IconSvg size={20} className="shell-mimic__icon">
            <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
            <circle cx="12" cy="12" r="3" />
          </IconSvg>
          <span>
            You are mimicking <strong data-testid="mimic-company">{user.company_name}</strong>: you see and act as its manager.
            <span className="shell-mimic__who"> Signed in as {user.name}.</span>
          </span>
        </p>
        <Button
          type="button"
          size="sm"
          variant="secondary"
          className="shell-mimic__end"
          loading={isEnding}
          onClick={() => void unMimic()}
          data-testid="unmimic"
        >
          Un-mimic Company
        </Button>
      </div>
    </section>
  );
}
