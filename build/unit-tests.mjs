// `npm test`'s unit suites. The gateway's suite is the longest by far (its files run one at a time,
// about 10 minutes on a 2-core CI machine), so it starts at once, beside the other packages' suites,
// which run one package at a time. Left to one `turbo run test --concurrency=2`, turbo started it
// last and it ran alone at the end. `--only`: the builds these suites need have run before this.
import { spawn } from 'node:child_process';

const turbo = new URL('../node_modules/.bin/turbo', import.meta.url).pathname;
const run = (args) =>
  new Promise((resolve) => spawn(turbo, args, { stdio: 'inherit', shell: false }).on('exit', (code) => resolve(code ?? 1)));
const codes = await Promise.all([
  run(['run', 'test', '--only', '--filter=@portal/gateway']),
  run(['run', 'test', '--only', '--filter=!@portal/gateway', '--concurrency=1']),
]);
process.exit(codes.some((code) => code !== 0) ? 1 : 0);
