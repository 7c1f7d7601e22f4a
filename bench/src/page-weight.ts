import { chromium, type Browser } from 'playwright-core';
import { SESSION_COOKIE } from '@portal/contracts';
import { LANDING_PAGES, type LandingPage, type Persona } from './landing-pages';
import { CHROMIUM_PATH } from './env';

export { CHROMIUM_PATH };
/** Playwright adds its own headless flag; Lighthouse's launcher gets `--headless=new` on top. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export interface ScriptFile {
  url: string;
  /** Bytes on the wire (the encoded body). */
  transferBytes: number;
  encoding: string;
}

export interface PageWeight {
  name: string;
  path: string;
  as: Persona | null;
  /** Accept-Encoding the browser was limited to. */
  acceptEncoding: string;
  scriptFiles: number;
  scriptTransferBytes: number;
  /** Scripts that came without Content-Encoding: their full size counts. */
  uncompressedScripts: number;
  /** React DOM renderers that registered with the (stand-in) devtools hook: 1 when React loads once. */
  reactRenderers: number;
  scripts: ScriptFile[];
}

/**
 * Counts the React DOM copies that start: each one injects its renderer into this hook, as it
 * would into React DevTools.
 */
const COUNT_REACT_RENDERERS = () => {
  let id = 0;
  (window as unknown as Record<string, unknown>).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    renderers: new Map(),
    supportsFiber: true,
    isDisabled: false,
    inject(renderer: unknown) {
      id += 1;
      (this as { renderers: Map<number, unknown> }).renderers.set(id, renderer);
      return id;
    },
    checkDCE() {},
    onCommitFiberRoot() {},
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    onScheduleFiberRoot() {},
  };
};

/**
 * A first visit of one page: a fresh browser context (empty cache), the persona's session cookie,
 * the browser limited to `acceptEncoding`; waits for the page's h1 and for the network to go quiet,
 * then sums the encoded (transfer) size of every JavaScript response.
 */
export async function measurePage(
  browser: Browser,
  baseUrl: string,
  page: LandingPage,
  session: string | undefined,
  acceptEncoding: string,
): Promise<PageWeight> {
  const context = await browser.newContext({ extraHTTPHeaders: { 'accept-encoding': acceptEncoding } });
  try {
    if (session) await context.addCookies([{ name: SESSION_COOKIE, value: session, url: baseUrl }]);
    await context.addInitScript(COUNT_REACT_RENDERERS);
    const tab = await context.newPage();
    const pending: Promise<ScriptFile | null>[] = [];
    tab.on('requestfinished', (request) => {
      pending.push(
        (async () => {
          const response = await request.response();
          if (!response) return null;
          const type = response.headers()['content-type'] ?? '';
          if (request.resourceType() !== 'script' && !/javascript/.test(type)) return null;
          const sizes = await request.sizes();
          return {
            url: request.url().replace(baseUrl, ''),
            transferBytes: sizes.responseBodySize,
            encoding: response.headers()['content-encoding'] ?? 'identity',
          };
        })(),
      );
    });
    await tab.goto(`${baseUrl}${page.path}`, { waitUntil: 'networkidle' });
    await tab.getByRole('heading', { level: 1, name: page.heading }).waitFor({ state: 'visible', timeout: 30_000 });
    await tab.waitForLoadState('networkidle');
    const reactRenderers = await tab.evaluate(
      () =>
        (window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__?: { renderers: Map<number, unknown> } }).__REACT_DEVTOOLS_GLOBAL_HOOK__
          ?.renderers.size ?? 0,
    );
    const scripts = (await Promise.all(pending)).filter((file): file is ScriptFile => file !== null);
    return {
      name: page.name,
      path: page.path,
      as: page.as,
      acceptEncoding,
      scriptFiles: scripts.length,
      scriptTransferBytes: scripts.reduce((sum, file) => sum + file.transferBytes, 0),
      uncompressedScripts: scripts.filter((file) => file.encoding === 'identity').length,
      reactRenderers,
      scripts,
    };
  } finally {
    await context.close();
  }
}

/** Every landing page, first visits, in one Chromium. */
export async function measurePages(
  baseUrl: string,
  sessions: Map<Persona, string>,
  acceptEncoding: string,
  pages: LandingPage[] = LANDING_PAGES,
): Promise<PageWeight[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    const results: PageWeight[] = [];
    for (const page of pages)
      results.push(await measurePage(browser, baseUrl, page, page.as ? sessions.get(page.as) : undefined, acceptEncoding));
    return results;
  } finally {
    await browser.close();
  }
}
