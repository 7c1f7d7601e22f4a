import { unMimicCompany } from '@portal/contracts';
import { api } from '../api/api-client';

/** Spec §7: POST /api/user/unMimicCompany, then reload (whatever the answer, so the header is current). */
async function unMimic(): Promise<void> {
  try {
    await api.call(unMimicCompany);
  } finally {
    window.location.reload();
  }
}

export function UnMimicLink() {
  return (
    <a
      href="#un-mimic"
      className="shell-unmimic"
      data-testid="unmimic"
      onClick={(event) => {
        event.preventDefault();
        void unMimic();
      }}
    >
      Un-mimic Company
    </a>
  );
}
