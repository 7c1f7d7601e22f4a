import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/** A V8 CPU profile as `node --cpu-prof` writes it. */
export interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }[];
  samples: number[];
  timeDeltas: number[];
}

/** Where a frame's code lives: a package, a portal package, Node's own code, or V8 itself. */
export function groupOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const nodeModule = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (nodeModule) return nodeModule[1]!;
  const bench = /\/bench\/src\/(.*)$/.exec(url);
  if (bench) return `bench/${bench[1]}`;
  const portal = /\/(services|contracts)\/([^/]+)?\/?(?:src\/)?(.*)$/.exec(url);
  if (portal)
    return portal[1] === 'contracts' ? '@portal/contracts' : `services/${portal[2]}/${portal[3]!.split('/').slice(0, 2).join('/')}`;
  if (url.startsWith('node:')) return url.replace(/^node:internal\/([^/]+).*/, 'node:$1');
  return url;
}

/**
 * Self time of a CPU profile by group (package or portal file) and by function, as shares of the
 * sampled time; idle time (the event loop waiting) is left out of the shares.
 */
export function summariseProfile(profile: CpuProfile, top = 25) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const profiler = profilerNodes(profile);
  const self = new Map<number, number>();
  profile.samples.forEach((id, index) => {
    if (!profiler.has(id)) self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0));
  });
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const callerUrl = (id: number): string => {
    for (let at = parent.get(id); at !== undefined; at = parent.get(at)) {
      const url = byId.get(at)!.callFrame.url;
      if (url) return url;
    }
    return '';
  };
  const groups = new Map<string, number>();
  const functions = new Map<string, number>();
  let busy = 0;
  let idle = 0;
  for (const [id, micros] of self) {
    const { callFrame } = byId.get(id)!;
    if (callFrame.functionName === '(idle)') {
      idle += micros;
      continue;
    }
    busy += micros;
    // Native code counts for the JavaScript that called it (libsql's prepare, crypto's Hmac, a socket's writev).
    const group = groupOf(callFrame.url || callerUrl(id), callFrame.functionName);
    groups.set(group, (groups.get(group) ?? 0) + micros);
    const name = `${callFrame.functionName || '(anonymous)'} ${group}:${callFrame.lineNumber + 1}`;
    functions.set(name, (functions.get(name) ?? 0) + micros);
  }
  const share = (entries: Map<string, number>) =>
    [...entries]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, micros]) => ({ name, ms: Math.round(micros / 1000), share: Number((micros / busy).toFixed(3)) }));
  return { busyMs: Math.round(busy / 1000), idleMs: Math.round(idle / 1000), groups: share(groups), functions: share(functions) };
}

/** The profiler's own frames (the inspector call that stops it and writes the profile), left out of every sum. */
function profilerNodes(profile: CpuProfile): Set<number> {
  const out = new Set<number>();
  const visit = (id: number, inside: boolean) => {
    const node = profile.nodes.find((n) => n.id === id)!;
    const here = inside || node.callFrame.url === 'node:inspector';
    if (here) out.add(id);
    for (const child of node.children ?? []) visit(child, here);
  };
  if (profile.nodes[0]) visit(profile.nodes[0].id, false);
  return out;
}

/**
 * Inclusive time of the frames whose function name matches, counting each sample once however
 * deep the match (synchronous parts only: an awaited call's continuation is a new stack).
 */
export function inclusiveTime(profile: CpuProfile, match: RegExp): number {
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const hit = new Map<number, boolean>();
  const matches = (id: number): boolean => {
    if (hit.has(id)) return hit.get(id)!;
    const node = byId.get(id)!;
    const own = match.test(`${node.callFrame.functionName} ${node.callFrame.url}`);
    const result = own || (parent.has(id) ? matches(parent.get(id)!) : false);
    hit.set(id, result);
    return result;
  };
  const profiler = profilerNodes(profile);
  let micros = 0;
  profile.samples.forEach((id, index) => {
    if (!profiler.has(id) && matches(id)) micros += profile.timeDeltas[index] ?? 0;
  });
  return Math.round(micros / 1000);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [file, top = '25'] = process.argv.slice(2);
  if (!file) throw new Error('usage: tsx src/profile-summary.ts (in bench/) <file.cpuprofile> [top]');
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const summary = summariseProfile(profile, Number(top));
  process.stdout.write(`busy ${summary.busyMs} ms, idle ${summary.idleMs} ms\n\nby package / file (self time):\n`);
  for (const g of summary.groups)
    process.stdout.write(`  ${(g.share * 100).toFixed(1).padStart(5)} %  ${String(g.ms).padStart(6)} ms  ${g.name}\n`);
  process.stdout.write('\nby function (self time):\n');
  for (const f of summary.functions)
    process.stdout.write(`  ${(f.share * 100).toFixed(1).padStart(5)} %  ${String(f.ms).padStart(6)} ms  ${f.name}\n`);
}

/**
 * The steps of a request that own everything called under them (the outermost one on a sample's
 * stack decides), by function name: e.g. the session lookup with its statement and its hash.
 */
export type Steps = [area: string, functionName: RegExp][];
/** The layers the rest is told apart by: the package or file of the nearest frame with code of its own (group from `groupOf`). */
export type Layers = [area: string, group: RegExp][];

/**
 * Sampled time by area, each sample counted once: the garbage collector; else the outermost step
 * on its stack; else JSON.parse / JSON.stringify when they are the leaf; else the layer of the
 * nearest frame with a URL. Also the same by layer alone (steps ignored): what the driver costs
 * wherever it is called. Microseconds; idle and the profiler's own frames left out ('(program)',
 * V8's and libuv's own work outside JavaScript, stays in).
 */
export function timeByArea(profile: CpuProfile, steps: Steps, layers: Layers) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const profiler = profilerNodes(profile);
  const layerOf = (id: number): string => {
    const leaf = byId.get(id)!.callFrame;
    if (leaf.functionName === '(garbage collector)') return 'garbage collection';
    if (!leaf.url && /^(parse|stringify)$/.test(leaf.functionName)) return 'JSON.parse / JSON.stringify';
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const { url, functionName } = byId.get(at)!.callFrame;
      if (!url) continue;
      const group = groupOf(url, functionName);
      return layers.find(([, match]) => match.test(group))?.[0] ?? `other (${group})`;
    }
    return leaf.functionName || '(native)';
  };
  const areaOf = (id: number): string => {
    if (byId.get(id)!.callFrame.functionName === '(garbage collector)') return 'garbage collection';
    let step: string | null = null;
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const { functionName } = byId.get(at)!.callFrame;
      const found = steps.find(([, match]) => match.test(functionName));
      if (found) step = found[0];
    }
    return step ?? layerOf(id);
  };
  const areas = new Map<string, number>();
  const layered = new Map<string, number>();
  let busy = 0;
  profile.samples.forEach((id, index) => {
    const micros = profile.timeDeltas[index] ?? 0;
    if (profiler.has(id) || byId.get(id)!.callFrame.functionName === '(idle)') return;
    busy += micros;
    const area = areaOf(id);
    areas.set(area, (areas.get(area) ?? 0) + micros);
    const layer = layerOf(id);
    layered.set(layer, (layered.get(layer) ?? 0) + micros);
  });
  const sorted = (entries: Map<string, number>) =>
    [...entries].sort((a, b) => b[1] - a[1]).map(([area, micros]) => ({ area, micros, share: micros / (busy || 1) }));
  return { busyMicros: busy, areas: sorted(areas), layers: sorted(layered) };
}
