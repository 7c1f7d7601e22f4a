// `npm run test:node-lines [-- 22 24]`: the server's suites again under each supported Node LTS line
// other than the one running npm (package.json "engines"). Node binaries come from the npm registry
// (packages node-<platform>-<arch>, the official builds), the one registry CI can reach; each is
// installed once into node_modules/.cache/node-lines/<version>. The suites run one package at a
// time per line, on SQLite and, when MYSQL_URL is set, on MariaDB, exactly as `npm test` runs them.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The LTS lines we declare, each pinned to a release that passed here ("//" is the file's comment). */
const { '//': _comment, ...RELEASES } = JSON.parse(readFileSync(new URL('./node-lines.json', import.meta.url), 'utf8'));
const SERVER_PACKAGES = ['kit', 'identity', 'catalogue', 'enrolment', 'reporting', 'gateway'];

const root = new URL('..', import.meta.url).pathname;
const running = process.versions.node.split('.')[0];
const asked = process.argv.slice(2);
const lines = (asked.length ? asked : Object.keys(RELEASES)).filter((line) => line !== running);

function nodeBinary(line) {
  const version = RELEASES[line];
  if (!version) throw new Error(`No pinned release for Node ${line} (known: ${Object.keys(RELEASES).join(', ')})`);
  const name = `node-${process.platform}-${process.arch}`;
  const prefix = join(root, 'node_modules/.cache/node-lines', version);
  const binary = join(prefix, 'node_modules', name, 'bin/node');
  if (!existsSync(binary)) {
    mkdirSync(prefix, { recursive: true });
    const npm = spawnSync('npm', ['install', '--prefix', prefix, '--no-save', '--no-audit', '--no-fund', `${name}@${version}`], {
      stdio: 'inherit',
    });
    if (npm.status !== 0 || !existsSync(binary)) throw new Error(`Could not install ${name}@${version} from the npm registry`);
  }
  return binary;
}

const vitest = join(root, 'node_modules/vitest/vitest.mjs');
const failures = [];
for (const line of lines) {
  const node = nodeBinary(line);
  const started = Date.now();
  for (const service of SERVER_PACKAGES) {
    console.log(`\n== Node ${RELEASES[line]}: services/${service}`);
    // vitest starts its workers with process.execPath, so the whole run is on this binary.
    const run = spawnSync(node, [vitest, 'run'], { cwd: join(root, 'services', service), stdio: 'inherit' });
    if (run.status !== 0) failures.push(`Node ${line}: services/${service}`);
  }
  console.log(`\nNode ${RELEASES[line]}: server suites took ${Math.round((Date.now() - started) / 1000)} s`);
}
if (failures.length) {
  console.error(`\nFailed under another Node line:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log(lines.length ? `\nServer suites passed under Node ${lines.join(', ')}` : '\nNo other Node line to run.');
