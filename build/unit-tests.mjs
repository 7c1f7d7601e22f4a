// `npm test`'s unit suites. The gateway's suite is the longest by far (its files run one at a time,
// about 7 minutes on a 2-core CI machine), so it starts at once, beside the other packages' suites,
// which run one package at a time. Left to one `turbo run test --concurrency=2`, turbo started it
// last and it ran alone at the end. `--only`: the builds these suites need have run before this.
import { bin, runAll } from './run-all.mjs';

await runAll([
  [bin('turbo'), ['run', 'test', '--only', '--filter=@portal/gateway']],
  [bin('turbo'), ['run', 'test', '--only', '--filter=!@portal/gateway', '--concurrency=1']],
]);
