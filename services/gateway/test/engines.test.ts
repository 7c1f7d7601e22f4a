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
 * issue 13 found ky 2, which wants Node 22).
 */
describe('dependency engines', () => {
  it('every direct dependency of every workspace accepts the running Node', () => {
    const root = readJson(join(REPO_ROOT, 'package.json'));
    const refused: string[] = [];
    for (const workspace of root.workspaces ?? []) {
      const manifest = readJson(join(REPO_ROOT, workspace, 'package.json'));
      for (const name of Object.keys({ ...manifest.dependencies, ...manifest.devDependencies })) {
        const wanted = installed(workspace, name)?.engines?.node;
        if (wanted && !semver.satisfies(process.version, wanted)) refused.push(`${workspace}: ${name} wants Node ${wanted}`);
      }
    }
    expect(refused).toEqual([]);
  });
});
