import { SESSION_COOKIE, XSRF_COOKIE, XSRF_HEADER } from '@portal/contracts';
import { DEMO } from '@portal/identity-service';

export type Persona = keyof typeof PERSONAS;

/** The README's demo sign-ins (seeded on every fresh database). */
const PERSONAS = {
  learner: DEMO.signIns.learner,
  manager: DEMO.signIns.manager,
  admin: DEMO.signIns.admin,
} as const;

export interface LandingPage {
  name: string;
  path: string;
  /** Signed in as this persona, or anonymous. */
  as: Persona | null;
  /** The page's h1 once it has rendered (the remote page, not the shell's spinner). */
  heading: RegExp;
}

/** The first page of each role, the pages issue 14's budget and Lighthouse scores are about. */
export const LANDING_PAGES: LandingPage[] = [
  { name: 'learner dashboard', path: '/', as: 'learner', heading: /^Welcome/ },
  { name: 'company dashboard', path: '/', as: 'manager', heading: /Dashboard/ },
  { name: 'admin dashboard', path: '/admin', as: 'admin', heading: /^Admin Dashboard$/ },
  { name: 'verify', path: '/verify', as: null, heading: /^Verify a certificate$/ },
  { name: 'login', path: '/login', as: null, heading: /^Sign in to your training$/ },
];

/** Budget of issue 14: gzipped JavaScript of a first visit. */
export const JS_BUDGET_GZIP_BYTES = 150 * 1024;

function cookiesOf(response: Response): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const line of response.headers.getSetCookie()) {
    const [pair = ''] = line.split(';');
    const at = pair.indexOf('=');
    if (at > 0) cookies[pair.slice(0, at).trim()] = pair.slice(at + 1).trim();
  }
  return cookies;
}

/** Signs in through the API as a real browser would (XSRF cookie, then POST /api/auth/login); returns the session token. */
export async function signIn(baseUrl: string, persona: Persona): Promise<string> {
  const xsrf = cookiesOf(await fetch(`${baseUrl}/api/health`))[XSRF_COOKIE];
  if (!xsrf) throw new Error('The gateway sent no XSRF cookie.');
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `${XSRF_COOKIE}=${xsrf}`, [XSRF_HEADER]: decodeURIComponent(xsrf) },
    body: JSON.stringify(PERSONAS[persona]),
  });
  const session = cookiesOf(response)[SESSION_COOKIE];
  if (!response.ok || !session) throw new Error(`Signing in as ${persona} failed: ${response.status} ${await response.text()}`);
  return session;
}

/** One session per persona the pages need. */
export async function signInPersonas(baseUrl: string, pages: LandingPage[] = LANDING_PAGES): Promise<Map<Persona, string>> {
  const sessions = new Map<Persona, string>();
  for (const page of pages) if (page.as && !sessions.has(page.as)) sessions.set(page.as, await signIn(baseUrl, page.as));
  return sessions;
}
