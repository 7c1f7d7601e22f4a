import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { chromium } from 'playwright-core';
import { SESSION_COOKIE } from '@portal/contracts';
import { LANDING_PAGES, type LandingPage, type Persona } from './landing-pages';
import { CHROMIUM_PATH, LIGHTHOUSE_DEBUG, LIGHTHOUSE_RUNS } from './env';

/** Issue 14: what each landing page must score. */
export const LIGHTHOUSE_TARGETS = { performance: 95, accessibility: 100 } as const;

export interface LighthouseScore {
  name: string;
  path: string;
  as: Persona | null;
  formFactor: 'mobile' | 'desktop';
  performance: number;
  accessibility: number;
  metrics: { fcpMs: number; lcpMs: number; tbtMs: number; cls: number; speedIndexMs: number };
  /** Accessibility audits that failed, by id. */
  accessibilityFailures: string[];
}

const round = (value: number | undefined) => Math.round(value ?? Number.NaN);

/**
 * Lighthouse 12 (performance and accessibility) on each page, in Debian's Chromium. Signed-in
 * pages get the persona's session cookie in the browser's cookie jar, put there through the
 * DevTools port with Playwright (an extra Cookie header would be replaced by the page's own
 * cookies). Mobile is Lighthouse's default: a mid-range phone on a slow 4G link, simulated;
 * desktop is its desktop preset.
 */
export { LIGHTHOUSE_RUNS };

type Flags = Parameters<typeof lighthouse>[1];
type Report = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

export async function runLighthouse(
  baseUrl: string,
  sessions: Map<Persona, string>,
  formFactor: 'mobile' | 'desktop',
  pages: LandingPage[] = LANDING_PAGES,
): Promise<LighthouseScore[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const config = formFactor === 'desktop' ? desktopConfig : undefined;
  const flags: Flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] };
  /** The session cookie goes into the browser's jar through the DevTools port, then Playwright lets go. */
  const useSession = async (session: string | undefined) => {
    const devtools = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    try {
      const jar = devtools.contexts()[0]!;
      await jar.clearCookies();
      if (session) await jar.addCookies([{ name: SESSION_COOKIE, value: session, url: baseUrl }]);
    } finally {
      await devtools.close();
    }
  };
  /** One run; a run whose trace failed (it happens on a cold browser) is tried once more. */
  const audit = async (url: string): Promise<Report> => {
    for (let attempt = 1; ; attempt += 1) {
      const result = await lighthouse(url, flags, config);
      if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
      if (!result.lhr.runtimeError) return result.lhr;
      if (attempt >= 2) throw new Error(`Lighthouse on ${url}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
    }
  };
  try {
    // A first run warms the browser and the server up; its scores are not kept.
    await useSession(undefined);
    await audit(`${baseUrl}/login`);
    const scores: LighthouseScore[] = [];
    for (const page of pages) {
      await useSession(page.as ? sessions.get(page.as) : undefined);
      const runs: Report[] = [];
      for (let run = 0; run < LIGHTHOUSE_RUNS; run += 1) runs.push(await audit(`${baseUrl}${page.path}`));
      const performanceOf = (lhr: Report) => lhr.categories.performance?.score ?? 0;
      const { categories, audits, finalDisplayedUrl } = runs.sort((a, b) => performanceOf(a) - performanceOf(b))[
        Math.floor(runs.length / 2)
      ]!;
      if (new URL(finalDisplayedUrl).pathname !== new URL(`${baseUrl}${page.path}`).pathname) {
        throw new Error(`Lighthouse on ${page.path} ended on ${finalDisplayedUrl}: not signed in?`);
      }
      const accessibilityFailures = (categories.accessibility?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && audits[ref.id]?.score === 0)
        .map((ref) => ref.id);
      scores.push({
        name: page.name,
        path: page.path,
        as: page.as,
        formFactor,
        performance: Math.round(100 * (categories.performance?.score ?? 0)),
        accessibility: Math.round(100 * (categories.accessibility?.score ?? 0)),
        metrics: {
          fcpMs: round(audits['first-contentful-paint']?.numericValue),
          lcpMs: round(audits['largest-contentful-paint']?.numericValue),
          tbtMs: round(audits['total-blocking-time']?.numericValue),
          cls: Number((audits['cumulative-layout-shift']?.numericValue ?? Number.NaN).toFixed(3)),
          speedIndexMs: round(audits['speed-index']?.numericValue),
        },
        accessibilityFailures,
      });
      if (LIGHTHOUSE_DEBUG) {
        process.stderr.write(
          `${page.name}: ${JSON.stringify({ shifts: audits['layout-shifts']?.details, bootup: audits['bootup-time']?.details, mainthread: audits['mainthread-work-breakdown']?.details }).slice(0, 6000)}\n`,
        );
      }
    }
    return scores;
  } finally {
    chrome.kill();
  }
}

export function lighthouseProblems(scores: LighthouseScore[]): string[] {
  const problems: string[] = [];
  for (const score of scores) {
    if (score.performance < LIGHTHOUSE_TARGETS.performance)
      problems.push(`${score.name} (${score.formFactor}): performance ${score.performance} < ${LIGHTHOUSE_TARGETS.performance}`);
    if (score.accessibility < LIGHTHOUSE_TARGETS.accessibility) {
      problems.push(
        `${score.name} (${score.formFactor}): accessibility ${score.accessibility} < ${LIGHTHOUSE_TARGETS.accessibility} (${score.accessibilityFailures.join(', ')})`,
      );
    }
  }
  return problems;
}

/** `tsx src/lighthouse.ts (in bench/) [mobile|desktop]`: Lighthouse alone on a fresh portal. */
if (import.meta.filename === process.argv[1]) {
  const { startBenchServer } = await import('./start-bench-server');
  const { signInPersonas } = await import('./landing-pages');
  const formFactor = process.argv[2] === 'desktop' ? 'desktop' : 'mobile';
  const server = await startBenchServer();
  try {
    const scores = await runLighthouse(server.baseUrl, await signInPersonas(server.baseUrl), formFactor);
    for (const score of scores) process.stdout.write(`${JSON.stringify(score)}\n`);
    const problems = lighthouseProblems(scores);
    if (problems.length > 0) {
      process.stderr.write(`${problems.join('\n')}\n`);
      process.exitCode = 1;
    }
  } finally {
    await server.stop();
  }
}
