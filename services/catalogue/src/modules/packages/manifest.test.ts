import { readFileSync } from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { ManifestError, NS, parseManifest, withParameters } from './manifest';

import { SCORM_FIXTURES as FIXTURES } from './test-fixtures';
const manifestOf = (zip: string) =>
  strFromU8(unzipSync(readFileSync(FIXTURES + zip), { filter: (f) => f.name === 'imsmanifest.xml' })['imsmanifest.xml']!);

describe('parseManifest on the real packages', () => {
  it('reads RuntimeBasicCalls_SCORM12 as SCORM 1.2 with one SCO at shared/launchpage.html', () => {
    const parsed = parseManifest(manifestOf('RuntimeBasicCalls_SCORM12.zip'));
    expect(parsed).toMatchObject({
      version: '1.2',
      edition: null,
      organization: 'golf_sample_default_org',
      title: 'Golf Explained - Run-time Basic Calls',
    });
    expect(parsed.scos).toEqual([
      {
        identifier: 'item_1',
        title: 'Golf Explained',
        href: 'shared/launchpage.html',
        masteryScore: null,
        dataFromLms: null,
        scaledPassingScore: null,
        objectiveIds: [],
      },
    ]);
  });

  it('reads RuntimeBasicCalls_SCORM20043rdEdition as SCORM 2004 3rd edition', () => {
    const parsed = parseManifest(manifestOf('RuntimeBasicCalls_SCORM20043rdEdition.zip'));
    expect(parsed.version).toBe('2004');
    expect(parsed.edition).toBe('3rd');
    expect(parsed.scos).toHaveLength(1);
    expect(parsed.scos[0]).toMatchObject({ href: 'shared/launchpage.html', scaledPassingScore: null });
  });

  it('reads the nine SCOs of RuntimeMinimumCalls_SCORM12-mini in order, with the quiz parameters', () => {
    const parsed = parseManifest(manifestOf('RuntimeMinimumCalls_SCORM12-mini.zip'));
    expect(parsed.version).toBe('1.2');
    expect(parsed.scos.map((s) => s.identifier)).toEqual([
      'playing_playing_item',
      'playing_par_item',
      'playing_scoring_item',
      'playing_otherscoring_item',
      'playing_rules_item',
      'playing_quiz_item',
      'havingfun_howto_item',
      'havingfun_makefriends_item',
      'havingfun_quiz_item',
    ]);
    expect(parsed.scos[0]!.href).toBe('Playing/Playing.html');
    expect(parsed.scos[5]!.href).toBe('shared/assessmenttemplate.html?questions=Playing');
    expect(parsed.scos[8]!.href).toBe('shared/assessmenttemplate.html?questions=HavingFun');
    expect(parsed.scos[5]!.title).toBe('Playing Golf Quiz');
  });
});

const manifest12 = (body: string, attrs = '') => `<?xml version="1.0"?>
<manifest identifier="m" xmlns="${NS.imscp12}" xmlns:adlcp="${NS.adlcp12}" ${attrs}>
  <metadata><schema>ADL SCORM</schema><schemaversion>2004 4th Edition</schemaversion></metadata>
  ${body}
</manifest>`;

const manifest2004 = (body: string, schemaversion = '2004 4th Edition', prefix = 'imsss') => `<?xml version="1.0"?>
<manifest identifier="m" xmlns="${NS.imscp2004}" xmlns:adlcp="${NS.adlcp2004}" xmlns:${prefix}="${NS.imsss}">
  <metadata><schema>ADL SCORM</schema><schemaversion>${schemaversion}</schemaversion></metadata>
  ${body}
</manifest>`;

describe('parseManifest on crafted manifests', () => {
  it('tells the version by namespaces, not by the words in <schemaversion>', () => {
    const xml =
      manifest12(`<organizations default="o"><organization identifier="o"><item identifier="i" identifierref="r"><title>T</title></item></organization></organizations>
      <resources><resource identifier="r" adlcp:scormtype="sco" href="a.html"/></resources>`);
    expect(parseManifest(xml).version).toBe('1.2');
  });

  it('reads 1.2 masteryscore and datafromlms, and joins parameters to hrefs that already have a query', () => {
    const xml = manifest12(`<organizations default="o"><organization identifier="o">
        <item identifier="i" identifierref="r" parameters="&amp;lang=en"><title>T</title><adlcp:masteryscore>80</adlcp:masteryscore><adlcp:datafromlms>launch=1</adlcp:datafromlms></item>
      </organization></organizations>
      <resources><resource identifier="r" adlcp:scormtype="sco" href="a.html?x=1"/></resources>`);
    expect(parseManifest(xml).scos[0]).toMatchObject({ href: 'a.html?x=1&lang=en', masteryScore: 80, dataFromLms: 'launch=1' });
  });

  it('falls back to the first organization when the default names none that exists', () => {
    const xml = manifest12(`<organizations default="missing">
        <organization identifier="first"><item identifier="i1" identifierref="r1"><title>One</title></item></organization>
        <organization identifier="second"><item identifier="i2" identifierref="r2"><title>Two</title></item></organization>
      </organizations>
      <resources><resource identifier="r1" adlcp:scormtype="sco" href="one.html"/><resource identifier="r2" adlcp:scormtype="sco" href="two.html"/></resources>`);
    const parsed = parseManifest(xml);
    expect(parsed.organization).toBe('first');
    expect(parsed.scos.map((s) => s.href)).toEqual(['one.html']);
  });

  it('uses the default organization when it exists, even when it is not the first', () => {
    const xml = manifest12(`<organizations default="second">
        <organization identifier="first"><item identifier="i1" identifierref="r1"><title>One</title></item></organization>
        <organization identifier="second"><item identifier="i2" identifierref="r2"><title>Two</title></item></organization>
      </organizations>
      <resources><resource identifier="r1" adlcp:scormtype="sco" href="one.html"/><resource identifier="r2" adlcp:scormtype="sco" href="two.html"/></resources>`);
    expect(parseManifest(xml).scos.map((s) => s.href)).toEqual(['two.html']);
  });

  it('reads a 2004 4th edition primary objective: scaled passing score and objective ids, whatever the prefix', () => {
    const xml = manifest2004(
      `<organizations default="o"><organization identifier="o">
        <item identifier="i" identifierref="r"><title>T</title>
          <ss:sequencing><ss:objectives>
            <ss:primaryObjective objectiveID="primary" satisfiedByMeasure="true"><ss:minNormalizedMeasure>0.75</ss:minNormalizedMeasure></ss:primaryObjective>
            <ss:objective objectiveID="obj-2"/>
          </ss:objectives></ss:sequencing>
        </item></organization></organizations>
      <resources xml:base="content/"><resource identifier="r" adlcp:scormType="sco" href="index.html"/></resources>`,
      '2004 4th Edition',
      'ss',
    );
    const parsed = parseManifest(xml);
    expect(parsed).toMatchObject({ version: '2004', edition: '4th' });
    expect(parsed.scos[0]).toMatchObject({ href: 'content/index.html', scaledPassingScore: 0.75, objectiveIds: ['primary', 'obj-2'] });
  });

  it('ignores minNormalizedMeasure unless satisfiedByMeasure is true, and reads a 2nd edition (CAM 1.3)', () => {
    const xml = manifest2004(
      `<organizations default="o"><organization identifier="o">
        <item identifier="i" identifierref="r"><title>T</title>
          <imsss:sequencing><imsss:objectives><imsss:primaryObjective objectiveID="p"><imsss:minNormalizedMeasure>0.6</imsss:minNormalizedMeasure></imsss:primaryObjective></imsss:objectives></imsss:sequencing>
        </item></organization></organizations>
      <resources><resource identifier="r" adlcp:scormType="sco" href="index.html"/></resources>`,
      'CAM 1.3',
    );
    const parsed = parseManifest(xml);
    expect(parsed.edition).toBe('2nd');
    expect(parsed.scos[0]).toMatchObject({ scaledPassingScore: null, objectiveIds: ['p'] });
  });

  it('launches assets only when the package has no SCO at all', () => {
    const xml = manifest12(`<organizations default="o"><organization identifier="o">
        <item identifier="a" identifierref="ra"><title>Asset</title></item>
        <item identifier="s" identifierref="rs"><title>Sco</title></item>
      </organization></organizations>
      <resources><resource identifier="ra" adlcp:scormtype="asset" href="asset.html"/><resource identifier="rs" adlcp:scormtype="sco" href="sco.html"/></resources>`);
    expect(parseManifest(xml).scos.map((s) => s.identifier)).toEqual(['s']);
  });

  it.each([
    ['not XML', 'this is < not xml'],
    ['no SCORM namespace', '<manifest xmlns="http://example.com/ns"><organizations/></manifest>'],
    ['no organization', manifest12('<organizations/><resources/>')],
    [
      'no launchable item',
      manifest12(
        '<organizations default="o"><organization identifier="o"><item identifier="i"><title>T</title></item></organization></organizations><resources/>',
      ),
    ],
  ])('refuses a manifest with %s', (_label, xml) => {
    expect(() => parseManifest(xml)).toThrow(ManifestError);
  });

  it.each([
    ['', 'imsmanifest.xml is not valid XML (line 1): Start tag expected.'],
    ['this is < not xml', "imsmanifest.xml is not valid XML (line 1): Char 't' is not expected."],
    [
      '<manifest>\n<a></manifest>',
      "imsmanifest.xml is not valid XML (line 2): Expected closing tag 'a' (opened in line 2, col 1) instead of closing tag 'manifest'.",
    ],
  ])('says in a sentence, with the line, why %j is not XML', (xml, message) => {
    expect(() => parseManifest(xml)).toThrow(message);
  });
});

describe('withParameters', () => {
  it.each([
    ['a.html', '?x=1', 'a.html?x=1'],
    ['a.html', 'x=1', 'a.html?x=1'],
    ['a.html?y=2', '?x=1', 'a.html?y=2&x=1'],
    ['a.html', '#p3', 'a.html#p3'],
    ['a.html#top', '?x=1', 'a.html?x=1#top'],
    ['a.html', '', 'a.html'],
  ])('%s + %s = %s', (href, parameters, expected) => {
    expect(withParameters(href, parameters)).toBe(expected);
  });
});
