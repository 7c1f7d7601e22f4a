import { Script } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { strFromU8, unzipSync } from 'fflate';
import { XMLParser } from 'fast-xml-parser';
import { buildDemoScormPackage, DEMO_COURSES, DEMO_PACKAGE_FILES, SCORM12_NS, SCORM2004_NS, type DemoCourseSpec } from './index.js';

type Node = Record<string, unknown>;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name) => ['organization', 'item', 'resource', 'file'].includes(name),
});

function unpack(spec: DemoCourseSpec): Record<string, string> {
  const files = unzipSync(buildDemoScormPackage(spec));
  return Object.fromEntries(Object.entries(files).map(([name, bytes]) => [name, strFromU8(bytes)]));
}

function parseManifest(xml: string): Node {
  const doc = parser.parse(xml, true) as Node;
  const manifest = doc['manifest'] as Node | undefined;
  expect(manifest, 'root element is <manifest>').toBeDefined();
  return manifest!;
}

/** The resource launched by the default organisation's first item. */
function launchedResource(manifest: Node): { item: Node; resource: Node } {
  const orgs = manifest['organizations'] as Node;
  const defaultId = orgs['@_default'];
  expect(typeof defaultId).toBe('string');
  const org = (orgs['organization'] as Node[]).find((o) => o['@_identifier'] === defaultId);
  expect(org, 'default organisation exists').toBeDefined();
  const items = org!['item'] as Node[];
  expect(items).toHaveLength(1);
  const item = items[0]!;
  const resources = (manifest['resources'] as Node)['resource'] as Node[];
  const resource = resources.find((r) => r['@_identifier'] === item['@_identifierref']);
  expect(resource, 'item points at a resource').toBeDefined();
  return { item, resource: resource! };
}

const sample = (overrides: Partial<DemoCourseSpec> = {}): DemoCourseSpec => ({
  identifier: 'test-course',
  title: 'Test & <Course>',
  version: '1.2',
  pages: [
    { heading: 'One', html: '<p>First</p>' },
    { heading: 'Two', html: '<p>Second</p>' },
  ],
  quiz: [{ question: 'Q?', options: ['A & B', 'C'], correctIndex: 0 }],
  passingScorePercent: 80,
  ...overrides,
});

describe('DEMO_COURSES', () => {
  it('has unique identifiers, both SCORM versions, and sensible sizes', () => {
    const ids = DEMO_COURSES.map((c) => c.identifier);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expect.arrayContaining(['demo-manual-handling-12', 'demo-fire-safety-2004', 'demo-working-at-height-12']));
    expect(DEMO_COURSES.some((c) => c.version === '1.2')).toBe(true);
    expect(DEMO_COURSES.some((c) => c.version === '2004')).toBe(true);
    for (const course of DEMO_COURSES) {
      expect(course.pages.length).toBeGreaterThanOrEqual(3);
      expect(course.pages.length).toBeLessThanOrEqual(5);
      expect(course.quiz.length).toBeGreaterThanOrEqual(3);
      expect(course.quiz.length).toBeLessThanOrEqual(5);
      expect([70, 80]).toContain(course.passingScorePercent);
    }
  });
});

describe.each(DEMO_COURSES.map((c) => [c.identifier, c] as const))('package %s', (_id, spec) => {
  const files = unpack(spec);

  it('contains exactly the manifest and the three content files, at safe relative paths', () => {
    expect(Object.keys(files).sort()).toEqual([...DEMO_PACKAGE_FILES].sort());
    for (const name of Object.keys(files)) {
      expect(name.startsWith('/')).toBe(false);
      expect(name).not.toMatch(/^[A-Za-z]:/);
      expect(name.split(/[\\/]/)).not.toContain('..');
    }
  });

  it('has a manifest with the right namespaces, schema version and passing score', () => {
    const manifest = parseManifest(files['imsmanifest.xml']!);
    expect(manifest['@_identifier']).toBe(spec.identifier);
    const metadata = manifest['metadata'] as Node;
    expect(metadata['schema']).toBe('ADL SCORM');
    const { item, resource } = launchedResource(manifest);
    if (spec.version === '1.2') {
      expect(manifest['@_xmlns']).toBe(SCORM12_NS.imscp);
      expect(manifest['@_xmlns:adlcp']).toBe('http://www.adlnet.org/xsd/adlcp_rootv1p2');
      expect(metadata['schemaversion']).toBe('1.2');
      expect(item['adlcp:masteryscore']).toBe(String(spec.passingScorePercent));
      expect(resource['@_adlcp:scormtype']).toBe('sco');
    } else {
      expect(manifest['@_xmlns']).toBe('http://www.imsglobal.org/xsd/imscp_v1p1');
      expect(manifest['@_xmlns:adlcp']).toBe(SCORM2004_NS.adlcp);
      expect(manifest['@_xmlns:imsss']).toBe('http://www.imsglobal.org/xsd/imsss');
      expect(manifest['@_xmlns:adlseq']).toBe('http://www.adlnet.org/xsd/adlseq_v1p3');
      expect(manifest['@_xmlns:adlnav']).toBe('http://www.adlnet.org/xsd/adlnav_v1p3');
      expect(metadata['schemaversion']).toBe('2004 4th Edition');
      const sequencing = item['imsss:sequencing'] as Node;
      const primary = (sequencing['imsss:objectives'] as Node)['imsss:primaryObjective'] as Node;
      expect(primary['@_satisfiedByMeasure']).toBe('true');
      expect(Number(primary['imsss:minNormalizedMeasure'])).toBeCloseTo(spec.passingScorePercent / 100, 10);
      expect(resource['@_adlcp:scormType']).toBe('sco');
    }
  });

  it("launches index.html from the default organisation's item and lists only files in the zip", () => {
    const { resource } = launchedResource(parseManifest(files['imsmanifest.xml']!));
    expect(resource['@_href']).toBe('index.html');
    const listed = (resource['file'] as Node[]).map((f) => f['@_href']);
    expect(listed).toContain('index.html');
    for (const href of listed) expect(Object.keys(files)).toContain(href);
  });

  it('has a player with the agreed controls, every page and every quiz option', () => {
    const html = files['index.html']!;
    for (const name of ['Next', 'Back', 'Start quiz', 'Submit answers', 'Finish course']) {
      expect(html).toMatch(new RegExp(`<button[^>]*>${name}</button>`));
    }
    expect(html).toContain('href="course.css"');
    expect(html).toContain('src="course.js"');
    expect(html).toContain('Not connected to a learning system — progress will not be saved.');
    for (const page of spec.pages) expect(html).toContain(page.heading);
    spec.quiz.forEach((q, qi) =>
      q.options.forEach((_o, oi) => {
        expect(html).toContain(`<input type="radio" id="q${qi}-o${oi}" name="q${qi}" value="${oi}">`);
      }),
    );
    const data: unknown = JSON.parse(/<script type="application\/json" id="course-data">([^<]*)<\/script>/.exec(html)![1]!);
    expect(data).toEqual({
      version: spec.version,
      pageCount: spec.pages.length,
      passingScorePercent: spec.passingScorePercent,
      quiz: spec.quiz.map((q) => q.correctIndex),
      optionCounts: spec.quiz.map((q) => q.options.length),
    });
  });

  it('ships a course script that parses and uses the right API for its version', () => {
    const js = files['course.js']!;
    // Compiled as the browser loads it, a classic script, without running it.
    expect(() => new Script(js)).not.toThrow();
    for (const call of ['LMSInitialize', 'LMSSetValue', 'LMSCommit', 'LMSFinish', 'Initialize', 'Terminate']) {
      expect(js).toContain(call);
    }
    expect(js).toContain("'API_1484_11'");
    expect(js).toContain('pagehide');
  });
});

describe('buildDemoScormPackage', () => {
  it('is deterministic', () => {
    expect(buildDemoScormPackage(sample())).toEqual(buildDemoScormPackage(sample()));
  });

  it('escapes titles and option text', () => {
    const files = unpack(sample());
    const manifest = parseManifest(files['imsmanifest.xml']!);
    const org = ((manifest['organizations'] as Node)['organization'] as Node[])[0]!;
    expect(org['title']).toBe('Test & <Course>');
    expect(files['index.html']).toContain('<title>Test &amp; &lt;Course&gt;</title>');
    expect(files['index.html']).toContain('>A &amp; B</label>');
  });

  it('writes a 2004 minNormalizedMeasure from the pass mark', () => {
    const manifest = parseManifest(unpack(sample({ version: '2004', passingScorePercent: 75 }))['imsmanifest.xml']!);
    expect(manifest['@_xmlns']).toBe(SCORM2004_NS.imscp);
    expect(manifest['imsss:sequencing']).toBeUndefined();
    expect(files2004Measure(manifest)).toBe('0.75');
  });

  it.each([
    ['an identifier with a slash', { identifier: '../evil' }],
    ['no pages', { pages: [] }],
    ['no questions', { quiz: [] }],
    ['a correct index out of range', { quiz: [{ question: 'Q', options: ['a', 'b'], correctIndex: 2 }] }],
    ['a pass mark above 100', { passingScorePercent: 101 }],
  ] as const)('rejects a spec with %s', (_label, overrides) => {
    expect(() => buildDemoScormPackage(sample(overrides as Partial<DemoCourseSpec>))).toThrow();
  });
});

function files2004Measure(manifest: Node): unknown {
  const { item } = launchedResource(manifest);
  const sequencing = item['imsss:sequencing'] as Node;
  return ((sequencing['imsss:objectives'] as Node)['imsss:primaryObjective'] as Node)['imsss:minNormalizedMeasure'];
}
