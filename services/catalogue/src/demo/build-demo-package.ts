import { strToU8, zipSync, type Zippable } from 'fflate';
import { COURSE_CSS, COURSE_JS } from './player-assets.js';

/** A demo course written in the project's own source, turned into a SCORM package at seeding time. */
export type DemoCourseSpec = {
  /** Manifest identifier; also a good storage key. Letters, digits, '.', '_' and '-', starting with a letter or '_'. */
  identifier: string;
  title: string;
  version: '1.2' | '2004';
  /** Content pages. `html` is trusted markup authored in this repository (paragraphs, lists). */
  pages: { heading: string; html: string }[];
  quiz: { question: string; options: string[]; correctIndex: number }[];
  /** 0–100. SCORM 1.2: adlcp:masteryscore; SCORM 2004: minNormalizedMeasure = passing / 100. */
  passingScorePercent: number;
};

/** Files in every demo package, in zip order. */
export const DEMO_PACKAGE_FILES = ['imsmanifest.xml', 'index.html', 'course.css', 'course.js'] as const;

export const SCORM12_NS = {
  imscp: 'http://www.imsproject.org/xsd/imscp_rootv1p1p2',
  adlcp: 'http://www.adlnet.org/xsd/adlcp_rootv1p2',
} as const;

export const SCORM2004_NS = {
  imscp: 'http://www.imsglobal.org/xsd/imscp_v1p1',
  adlcp: 'http://www.adlnet.org/xsd/adlcp_v1p3',
  // The IMS Simple Sequencing namespace is IMS's, not ADL's (as in every SCORM 2004 4th ed. package).
  imsss: 'http://www.imsglobal.org/xsd/imsss',
  adlseq: 'http://www.adlnet.org/xsd/adlseq_v1p3',
  adlnav: 'http://www.adlnet.org/xsd/adlnav_v1p3',
} as const;

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_.-]*$/;
/** Fixed timestamp so that the same spec always gives the same bytes. */
const ZIP_MTIME = new Date(Date.UTC(2024, 0, 1, 0, 0, 0));

export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

const escapeHtml = escapeXml;

/** Throws an Error naming the first problem in the spec. */
export function validateDemoCourseSpec(spec: DemoCourseSpec): void {
  const where = `demo course "${spec.identifier}"`;
  if (!IDENTIFIER.test(spec.identifier)) throw new Error(`${where}: identifier must match ${IDENTIFIER}`);
  if (!spec.title.trim()) throw new Error(`${where}: title is empty`);
  if (spec.version !== '1.2' && spec.version !== '2004') throw new Error(`${where}: unknown version`);
  if (spec.pages.length === 0) throw new Error(`${where}: needs at least one page`);
  spec.pages.forEach((page, i) => {
    if (!page.heading.trim()) throw new Error(`${where}: page ${i + 1} has no heading`);
  });
  if (spec.quiz.length === 0) throw new Error(`${where}: needs at least one quiz question`);
  spec.quiz.forEach((q, i) => {
    if (q.options.length < 2) throw new Error(`${where}: question ${i + 1} needs at least two options`);
    if (!Number.isInteger(q.correctIndex) || q.correctIndex < 0 || q.correctIndex >= q.options.length) {
      throw new Error(`${where}: question ${i + 1} has correctIndex out of range`);
    }
  });
  const pass = spec.passingScorePercent;
  if (!Number.isInteger(pass) || pass < 0 || pass > 100) {
    throw new Error(`${where}: passingScorePercent must be an integer from 0 to 100`);
  }
}

function resourceXml(adlcpScormTypeAttr: string): string {
  const files = DEMO_PACKAGE_FILES.filter((f) => f !== 'imsmanifest.xml')
    .map((f) => `      <file href="${f}"/>`)
    .join('\n');
  return `  <resources>
    <resource identifier="RES-SCO" type="webcontent" ${adlcpScormTypeAttr}="sco" href="index.html">
${files}
    </resource>
  </resources>`;
}

export function renderManifest(spec: DemoCourseSpec): string {
  const id = escapeXml(spec.identifier);
  const title = escapeXml(spec.title);
  if (spec.version === '1.2') {
    return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="${id}" version="1.0"
  xmlns="${SCORM12_NS.imscp}"
  xmlns:adlcp="${SCORM12_NS.adlcp}">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>1.2</schemaversion>
  </metadata>
  <organizations default="ORG-DEFAULT">
    <organization identifier="ORG-DEFAULT">
      <title>${title}</title>
      <item identifier="ITEM-SCO" identifierref="RES-SCO" isvisible="true">
        <title>${title}</title>
        <adlcp:masteryscore>${spec.passingScorePercent}</adlcp:masteryscore>
      </item>
    </organization>
  </organizations>
${resourceXml('adlcp:scormtype')}
</manifest>
`;
  }
  const measure = String(spec.passingScorePercent / 100);
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="${id}" version="1.0"
  xmlns="${SCORM2004_NS.imscp}"
  xmlns:adlcp="${SCORM2004_NS.adlcp}"
  xmlns:imsss="${SCORM2004_NS.imsss}"
  xmlns:adlseq="${SCORM2004_NS.adlseq}"
  xmlns:adlnav="${SCORM2004_NS.adlnav}">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>2004 4th Edition</schemaversion>
  </metadata>
  <organizations default="ORG-DEFAULT">
    <organization identifier="ORG-DEFAULT" adlseq:objectivesGlobalToSystem="false">
      <title>${title}</title>
      <item identifier="ITEM-SCO" identifierref="RES-SCO" isvisible="true">
        <title>${title}</title>
        <imsss:sequencing>
          <imsss:objectives>
            <imsss:primaryObjective objectiveID="PRIMARYOBJ" satisfiedByMeasure="true">
              <imsss:minNormalizedMeasure>${measure}</imsss:minNormalizedMeasure>
            </imsss:primaryObjective>
          </imsss:objectives>
          <imsss:deliveryControls completionSetByContent="true" objectiveSetByContent="true"/>
        </imsss:sequencing>
        <adlnav:presentation>
          <adlnav:navigationInterface>
            <adlnav:hideLMSUI>previous</adlnav:hideLMSUI>
            <adlnav:hideLMSUI>continue</adlnav:hideLMSUI>
          </adlnav:navigationInterface>
        </adlnav:presentation>
      </item>
      <imsss:sequencing>
        <imsss:controlMode choice="true" flow="true"/>
      </imsss:sequencing>
    </organization>
  </organizations>
${resourceXml('adlcp:scormType')}
</manifest>
`;
}

/** JSON for a <script type="application/json"> block: nothing in it can close the script element. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The content pages, each a screen (only the first shown). */
function pagesHtml(spec: DemoCourseSpec): string {
  return spec.pages
    .map(
      (page, i) => `      <section class="screen" data-screen="${i}" aria-labelledby="heading-${i}"${i === 0 ? '' : ' hidden'}>
        <h2 id="heading-${i}" tabindex="-1">${escapeHtml(page.heading)}</h2>
        ${page.html.trim()}
      </section>`,
    )
    .join('\n');
}

/** The quiz's questions, each a fieldset of radio options. */
function questionsHtml(spec: DemoCourseSpec): string {
  return spec.quiz
    .map((q, qi) => {
      const options = q.options
        .map(
          (option, oi) => `            <div class="option">
              <input type="radio" id="q${qi}-o${oi}" name="q${qi}" value="${oi}">
              <label for="q${qi}-o${oi}">${escapeHtml(option)}</label>
            </div>`,
        )
        .join('\n');
      return `          <fieldset class="question" id="question-${qi}">
            <legend><span class="q-number">Question ${qi + 1} of ${spec.quiz.length}</span>${escapeHtml(q.question)}</legend>
${options}
          </fieldset>`;
    })
    .join('\n');
}

/** The result screen and the navigation buttons, after the quiz. */
function resultAndControlsHtml(pageCount: number): string {
  return `      <section class="screen" data-screen="${pageCount + 1}" id="result" aria-labelledby="result-heading" hidden>
        <h2 id="result-heading" tabindex="-1">Your result</h2>
        <div class="result-summary">
          <p class="score" id="score-text"></p>
          <p class="badge" id="result-status"></p>
          <p id="result-detail"></p>
          <p class="finished-note" id="finished-note" hidden>Your result has been saved. You can now close this course.</p>
        </div>
      </section>
      <nav class="controls" aria-label="Course navigation">
        <button type="button" class="btn btn-secondary" id="btn-back" hidden>Back</button>
        <span class="spacer"></span>
        <button type="button" class="btn btn-primary" id="btn-next"${pageCount > 1 ? '' : ' hidden'}>Next</button>
        <button type="button" class="btn btn-primary" id="btn-start-quiz"${pageCount > 1 ? ' hidden' : ''}>Start quiz</button>
        <button type="button" class="btn btn-primary" id="btn-submit" hidden>Submit answers</button>
        <button type="button" class="btn btn-secondary" id="btn-retry" hidden>Try again</button>
        <button type="button" class="btn btn-primary" id="btn-finish" hidden>Finish course</button>
      </nav>`;
}

export function renderIndexHtml(spec: DemoCourseSpec): string {
  const pageCount = spec.pages.length;
  const data = {
    version: spec.version,
    pageCount,
    passingScorePercent: spec.passingScorePercent,
    quiz: spec.quiz.map((q) => q.correctIndex),
    optionCounts: spec.quiz.map((q) => q.options.length),
  };
  const pages = pagesHtml(spec);
  const questions = questionsHtml(spec);
  return `<!DOCTYPE html>
<html lang="en-GB">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${escapeHtml(spec.title)}</title>
  <link rel="stylesheet" href="course.css">
</head>
<body>
  <div class="shell">
    <header class="course-header">
      <p class="eyebrow">Health and safety training</p>
      <h1 class="course-title" id="course-title">${escapeHtml(spec.title)}</h1>
      <div class="progress" aria-hidden="true"><div class="progress-bar" id="progress-bar"></div></div>
    </header>
    <main class="card" id="main">
      <p class="page-indicator" id="page-indicator" aria-live="polite">Page 1 of ${pageCount}</p>
${pages}
      <section class="screen" data-screen="${pageCount}" id="quiz" aria-labelledby="quiz-heading" hidden>
        <h2 id="quiz-heading" tabindex="-1">Check your understanding</h2>
        <p>Choose one answer for each question. You need ${spec.passingScorePercent}% to pass.</p>
        <form id="quiz-form" novalidate>
${questions}
          <p class="quiz-error" id="quiz-error" role="alert"></p>
        </form>
      </section>
${resultAndControlsHtml(pageCount)}
    </main>
    <p class="lms-note" id="lms-note" role="note" hidden>Not connected to a learning system — progress will not be saved.</p>
  </div>
  <noscript><p class="lms-note">This course needs JavaScript to run.</p></noscript>
  <script type="application/json" id="course-data">${scriptSafeJson(data)}</script>
  <script src="course.js"></script>
</body>
</html>
`;
}

/** Builds the SCORM package (zip bytes) for one demo course. Same spec → same bytes. */
export function buildDemoScormPackage(spec: DemoCourseSpec): Uint8Array {
  validateDemoCourseSpec(spec);
  const contents: Record<(typeof DEMO_PACKAGE_FILES)[number], string> = {
    'imsmanifest.xml': renderManifest(spec),
    'index.html': renderIndexHtml(spec),
    'course.css': COURSE_CSS,
    'course.js': COURSE_JS,
  };
  const zippable: Zippable = {};
  for (const name of DEMO_PACKAGE_FILES) {
    zippable[name] = [strToU8(contents[name]), { mtime: ZIP_MTIME }];
  }
  return zipSync(zippable, { level: 9 });
}
