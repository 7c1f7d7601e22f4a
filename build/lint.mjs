// `npm run lint`: ESLint and Prettier's check side by side (each takes most of a core), failing if either does.
import { spawn } from 'node:child_process';

const run = (command, args) =>
  new Promise((resolve) => spawn(command, args, { stdio: 'inherit', shell: false }).on('exit', (code) => resolve(code ?? 1)));
const bin = (name) => new URL(`../node_modules/.bin/${name}`, import.meta.url).pathname;
const codes = await Promise.all([
  run(bin('eslint'), ['.', '--max-warnings=0', '--cache', '--cache-location', 'node_modules/.cache/eslint/']),
  run(bin('prettier'), ['--check', '.', '--log-level=warn', '--cache']),
]);
process.exit(codes.some((code) => code !== 0) ? 1 : 0);
