// `npm run lint`: ESLint and Prettier's check side by side (each takes most of a core), failing if either does.
import { bin, runAll } from './run-all.mjs';

await runAll([
  [bin('eslint'), ['.', '--max-warnings=0', '--cache', '--cache-location', 'node_modules/.cache/eslint/']],
  [bin('prettier'), ['--check', '.', '--log-level=warn', '--cache']],
]);
