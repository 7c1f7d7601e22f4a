import { execFileSync } from 'node:child_process';
import dns from 'node:dns';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The same-site production shape of issue 31 item 7 on this machine: the portal at
 * https://portal.test and course content at https://content.portal.test (the same site, another
 * origin), both behind Debian's nginx with TLS, both names mapped to loopback in Chromium
 * (`--host-resolver-rules`). The certificate is made here with openssl and trusted by its key's
 * hash (`--ignore-certificate-errors-spki-list`), so the pages are secure contexts with no
 * certificate error (a service worker is refused on a page with one).
 */
export const SAME_SITE_HOSTS = { portal: 'portal.test', content: 'content.portal.test' } as const;

export interface SameSiteTls {
  certificate: string;
  certificateKey: string;
  /** base64 SHA-256 of the certificate's public key, for Chromium's SPKI list. */
  spki: string;
}

/** What is missing on this machine for the same-site journeys, or null when all is there. */
export function sameSiteMissing(): string | null {
  if (!existsSync('/usr/sbin/nginx')) return 'nginx (Debian package nginx)';
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
  } catch {
    return 'openssl (Debian package openssl)';
  }
  return null;
}

/** Made once per port plan (the config is read by every worker: each must find the same certificate). */
export function sameSiteTls(portBase: number): SameSiteTls {
  const dir = join(tmpdir(), `portal-e2e-tls-${portBase}`);
  const certificate = join(dir, 'cert.pem');
  const certificateKey = join(dir, 'key.pem');
  const spkiFile = join(dir, 'spki.txt');
  if (!existsSync(spkiFile)) {
    mkdirSync(dir, { recursive: true });
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '30',
        '-subj',
        `/CN=${SAME_SITE_HOSTS.portal}`,
        '-addext',
        `subjectAltName=DNS:${SAME_SITE_HOSTS.portal},DNS:${SAME_SITE_HOSTS.content}`,
        '-keyout',
        certificateKey,
        '-out',
        certificate,
      ],
      { stdio: 'ignore' },
    );
    const publicKey = execFileSync('openssl', ['x509', '-in', certificate, '-pubkey', '-noout']);
    const der = execFileSync('openssl', ['pkey', '-pubin', '-outform', 'der'], { input: publicKey });
    const digest = execFileSync('openssl', ['dgst', '-sha256', '-binary'], { input: der });
    writeFileSync(spkiFile, digest.toString('base64'));
  }
  return { certificate, certificateKey, spki: readFileSync(spkiFile, 'utf8').trim() };
}

/**
 * The two names on loopback for the test runner's own requests too (page.request, the fixtures'
 * API calls go from this process, not through Chromium's `--host-resolver-rules`): Playwright
 * resolves with `dns.promises.lookup`, so that one function answers 127.0.0.1 for them.
 */
export function resolveSameSiteHostsToLoopback(): void {
  const names = new Set<string>(Object.values(SAME_SITE_HOSTS));
  const lookup = dns.promises.lookup.bind(dns.promises);
  const patched = ((hostname: string, options?: dns.LookupOptions) => {
    if (!names.has(hostname)) return lookup(hostname, options ?? {});
    const loopback = { address: '127.0.0.1', family: 4 };
    return Promise.resolve(options?.all ? [loopback] : loopback);
  }) as typeof dns.promises.lookup;
  dns.promises.lookup = patched;
}
