import { XSRF_COOKIE, XSRF_HEADER } from '@portal/contracts';

function readCookie(name: string): string | undefined {
  const match = document.cookie.split('; ').find((part) => part.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : undefined;
}

/**
 * Spec §7: POST /api/user/unMimicCompany, then reload. The route is not in the contracts yet
 * (a later issue adds it), so this calls fetch directly until it is.
 */
async function unMimic(): Promise<void> {
  const token = readCookie(XSRF_COOKIE);
  try {
    await fetch('/api/user/unMimicCompany', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', ...(token ? { [XSRF_HEADER]: token } : {}) },
      body: '{}',
    });
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
