import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/paths';

interface PackageJson {
  workspaces?: string[];
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  engines?: { node?: string };
}

const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as PackageJson;

/** The installed package.json of a dependency, as Node resolves it from the workspace. */
function installed(workspace: string, name: string): PackageJson | undefined {
  for (const base of [join(REPO_ROOT, workspace, 'node_modules'), join(REPO_ROOT, 'node_modules')]) {
    const file = join(base, name, 'package.json');
    if (existsSync(file)) return readJson(file);
  }
  return undefined;
}

/**
 * The README promises `npm install && npm start` on Node 20: no package the portal names may
 * declare an engine that the Node running the suite does not satisfy (npm's EBADENGINE warning;
 * issue 13 found ky 2, which wants Node 22), nor one that refuses a Node LTS line the portal declares.
 */
describe('dependency engines', () => {
  it('every direct dependency of every workspace accepts the running Node', () => {
    expect(refusedBy(process.version)).toEqual([]);
  });

  it('the portal declares each supported LTS line, and every direct dependency accepts its pinned release', () => {
    const declared = readJson(join(REPO_ROOT, 'package.json')).engines?.node ?? '';
    for (const release of supportedReleases()) {
      expect(semver.satisfies(release, declared), `engines "${declared}" accepts ${release}`).toBe(true);
      expect(refusedBy(release)).toEqual([]);
    }
  });
});

/** The workspaces' direct dependencies whose declared engine refuses this Node version. */
function refusedBy(version: string): string[] {
  const root = readJson(join(REPO_ROOT, 'package.json'));
  const refused: string[] = [];
  for (const workspace of root.workspaces ?? []) {
    const manifest = readJson(join(REPO_ROOT, workspace, 'package.json'));
    for (const name of Object.keys({ ...manifest.dependencies, ...manifest.devDependencies })) {
      const wanted = installed(workspace, name)?.engines?.node;
      if (wanted && !semver.satisfies(version, wanted)) refused.push(`${workspace}: ${name} wants Node ${wanted}`);
    }
  }
  return refused;
}

/** This machine's Node and the releases `npm run test:node-lines` runs the server's suites on. */
function supportedReleases(): string[] {
  const { '//': _comment, ...pinned } = JSON.parse(readFileSync(join(REPO_ROOT, 'build/node-lines.json'), 'utf8')) as Record<
    string,
    string
  >;
  return [process.version, ...Object.values(pinned)];
}
