import { XMLParser } from 'fast-xml-parser';
import type { CourseSco } from '@portal/service-kit';

/** What the player needs from one launchable item of the default organisation: the catalogue port's `CourseSco`. */
export type ManifestSco = CourseSco;

export interface ParsedManifest {
  version: '1.2' | '2004';
  /** 2004 edition when the manifest tells it ('2nd', '3rd', '4th'), else null. */
  edition: string | null;
  identifier: string | null;
  title: string | null;
  /** The organisation used: the default one, or the first when the default is missing or wrong. */
  organization: string | null;
  scos: ManifestSco[];
}

export class ManifestError extends Error {}

export const NS = {
  imscp12: 'http://www.imsproject.org/xsd/imscp_rootv1p1p2',
  adlcp12: 'http://www.adlnet.org/xsd/adlcp_rootv1p2',
  imscp2004: 'http://www.imsglobal.org/xsd/imscp_v1p1',
  adlcp2004: 'http://www.adlnet.org/xsd/adlcp_v1p3',
  imsss: 'http://www.imsglobal.org/xsd/imsss',
  adlseq2004: 'http://www.adlnet.org/xsd/adlseq_v1p3',
  adlnav2004: 'http://www.adlnet.org/xsd/adlnav_v1p3',
} as const;

type Node = Record<string, unknown>;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  // Everything may repeat; reading lists uniformly is simpler than guessing which ones do.
  isArray: (_name, _path, _isLeaf, isAttribute) => !isAttribute,
});

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/** Children of a node whose local name (namespace prefix dropped) matches. */
function children(node: Node | undefined, name: string): Node[] {
  if (!node) return [];
  const result: Node[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (key.startsWith('@_') || key === '#text') continue;
    if (localName(key).toLowerCase() !== name.toLowerCase()) continue;
    for (const item of Array.isArray(value) ? value : [value]) {
      result.push(typeof item === 'object' && item !== null ? (item as Node) : { '#text': String(item) });
    }
  }
  return result;
}
const child = (node: Node | undefined, name: string) => children(node, name)[0];

/** An attribute by local name, case-insensitive (1.2 writes scormtype, 2004 scormType). */
function attr(node: Node | undefined, name: string): string | undefined {
  if (!node) return undefined;
  for (const [key, value] of Object.entries(node)) {
    if (!key.startsWith('@_')) continue;
    if (localName(key.slice(2)).toLowerCase() === name.toLowerCase()) return String(value);
  }
  return undefined;
}

function text(node: Node | undefined): string | null {
  if (!node) return null;
  const value = node['#text'];
  // parseTagValue is off: a node's text is always a string.
  if (typeof value !== 'string') return null;
  const s = value.trim();
  return s === '' ? null : s;
}

/** Every namespace URI declared anywhere in the document (prefixes vary between tools). */
function namespacesOf(node: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(node)) for (const item of node) namespacesOf(item, found);
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node as Node)) {
      if (key === '@_xmlns' || key.startsWith('@_xmlns:')) found.add(String(value).trim().replace(/\/+$/, ''));
      else if (!key.startsWith('@_')) namespacesOf(value, found);
    }
  }
  return found;
}

/** SCORM version from the namespaces the manifest declares (never from its <schemaversion> words). */
export function versionFromNamespaces(namespaces: Set<string>): '1.2' | '2004' | null {
  const has = (uri: string) => namespaces.has(uri);
  if (has(NS.adlcp2004) || has(NS.imsss) || has(NS.adlseq2004) || has(NS.adlnav2004)) return '2004';
  if (has(NS.adlcp12) || has(NS.imscp12)) return '1.2';
  if (has(NS.imscp2004)) return '2004';
  return null;
}

function editionOf(manifest: Node, version: '1.2' | '2004'): string | null {
  if (version !== '2004') return null;
  const schemaVersion = text(child(child(manifest, 'metadata'), 'schemaversion')) ?? '';
  const edition = /(2nd|3rd|4th)\s+edition/i.exec(schemaVersion)?.[1];
  if (edition) return edition.toLowerCase();
  if (/CAM\s*1\.3/i.test(schemaVersion)) return '2nd';
  return null;
}

/** Joins a resource href and an item's parameters as the SCORM CAM says (? or & or #). */
export function withParameters(href: string, parameters: string | undefined): string {
  const p = (parameters ?? '').trim();
  if (!p) return href;
  if (p.startsWith('#')) return href.includes('#') ? href : href + p;
  const bare = p.replace(/^[?&]+/, '');
  if (!bare) return href;
  const [path, hash] = href.split('#', 2) as [string, string | undefined];
  const joined = path + (path.includes('?') ? '&' : '?') + bare;
  return hash === undefined ? joined : `${joined}#${hash}`;
}

function joinBase(base: string | undefined, href: string): string {
  if (!base || /^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('/')) return href;
  return base.endsWith('/') ? base + href : `${base}/${href}`;
}

function parseNumber(value: string | null | undefined): number | null {
  if (value === null || value === undefined || value.trim() === '') return null;
  const n = Number(value.trim());
  return Number.isFinite(n) ? n : null;
}

function sequencingOf(item: Node) {
  const objectivesNode = child(child(item, 'sequencing'), 'objectives');
  const primary = child(objectivesNode, 'primaryObjective');
  const objectiveIds: string[] = [];
  const primaryId = attr(primary, 'objectiveID');
  if (primaryId) objectiveIds.push(primaryId);
  for (const objective of children(objectivesNode, 'objective')) {
    const id = attr(objective, 'objectiveID');
    if (id && !objectiveIds.includes(id)) objectiveIds.push(id);
  }
  let scaledPassingScore: number | null = null;
  if (primary && attr(primary, 'satisfiedByMeasure')?.trim().toLowerCase() === 'true') {
    // IMS SS: minNormalizedMeasure defaults to 1.0 when absent.
    const measure = parseNumber(text(child(primary, 'minNormalizedMeasure'))) ?? 1;
    scaledPassingScore = Math.max(-1, Math.min(1, measure));
  }
  return { objectiveIds, scaledPassingScore };
}

/**
 * The parser's error ("Start tag expected.:1:undefined", message:line:column) as a sentence for
 * the admin: "imsmanifest.xml is not valid XML (line 1): Start tag expected."
 */
export function xmlProblem(parserMessage: string): string {
  const firstLine = (parserMessage.split('\n', 1)[0] ?? '').trim();
  const [, message, line] = /^(.*?):(\d+):[^:]*$/.exec(firstLine) ?? [];
  const what = (message ?? firstLine).trim();
  const sentence = what ? `${what.charAt(0).toUpperCase()}${what.slice(1)}${/[.!?]$/.test(what) ? '' : '.'}` : 'It cannot be read.';
  return `imsmanifest.xml is not valid XML${line ? ` (line ${line})` : ''}: ${sentence}`;
}

/**
 * Reads imsmanifest.xml: version (from namespaces), the default organisation (or the first when
 * the default names none), and its launchable items in document order with what the runtime needs.
 */
export function parseManifest(xml: string): ParsedManifest {
  let doc: Node;
  try {
    doc = parser.parse(xml, true) as Node;
  } catch (error) {
    throw new ManifestError(xmlProblem((error as Error).message));
  }
  const manifest = child(doc, 'manifest');
  if (!manifest) throw new ManifestError('imsmanifest.xml has no <manifest> element.');
  const version = versionFromNamespaces(namespacesOf(doc));
  if (!version) throw new ManifestError('imsmanifest.xml does not declare the SCORM 1.2 or SCORM 2004 namespaces.');

  const organizations = child(manifest, 'organizations');
  const orgs = children(organizations, 'organization');
  const defaultId = attr(organizations, 'default')?.trim();
  const organization = orgs.find((o) => attr(o, 'identifier') === defaultId) ?? orgs[0];
  if (!organization) throw new ManifestError('imsmanifest.xml has no organization to launch.');

  const resourcesNode = child(manifest, 'resources');
  const resourcesBase = attr(resourcesNode, 'base');
  const resources = new Map<string, Node>();
  for (const resource of children(resourcesNode, 'resource')) {
    const id = attr(resource, 'identifier');
    if (id) resources.set(id, resource);
  }

  type Launchable = ManifestSco & { isSco: boolean };
  const launchables: Launchable[] = [];
  const walk = (items: Node[]) => {
    for (const item of items) {
      const ref = attr(item, 'identifierref');
      const resource = ref ? resources.get(ref) : undefined;
      const href = attr(resource, 'href');
      if (ref && resource && href) {
        const base = joinBase(resourcesBase, attr(resource, 'base') ?? '');
        const scormType = (attr(resource, 'scormtype') ?? '').toLowerCase();
        const { objectiveIds, scaledPassingScore } =
          version === '2004' ? sequencingOf(item) : { objectiveIds: [], scaledPassingScore: null };
        launchables.push({
          identifier: attr(item, 'identifier') ?? ref,
          title: text(child(item, 'title')) ?? attr(item, 'identifier') ?? ref,
          href: withParameters(joinBase(base || undefined, href.trim()), attr(item, 'parameters')),
          masteryScore: version === '1.2' ? parseNumber(text(child(item, 'masteryscore'))) : null,
          dataFromLms: text(child(item, 'datafromlms')),
          scaledPassingScore,
          objectiveIds,
          isSco: scormType === 'sco',
        });
      }
      walk(children(item, 'item'));
    }
  };
  walk(children(organization, 'item'));

  // Only SCOs talk to the runtime; a package made of assets only is still launched item by item.
  const scoItems = launchables.filter((l) => l.isSco);
  const chosen = scoItems.length > 0 ? scoItems : launchables;
  if (chosen.length === 0) throw new ManifestError('The default organization of imsmanifest.xml has no item that launches a file.');

  return {
    version,
    edition: editionOf(manifest, version),
    identifier: attr(manifest, 'identifier') ?? null,
    title: text(child(organization, 'title')),
    organization: attr(organization, 'identifier') ?? null,
    scos: chosen.map(({ isSco: _isSco, ...sco }) => sco),
  };
}

/** The file part of a launch href (no query or fragment), for checking it exists in the package. */
export function hrefFilePath(href: string): string {
  const path = href.split(/[?#]/, 1)[0] ?? '';
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
