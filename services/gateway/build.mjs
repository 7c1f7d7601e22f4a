// Builds the gateway's starts (server, one service alone, worker, content origin) into dist/ as
// plain JavaScript for `node`: no TypeScript loader in production (issue 21 item 1). The
// workspaces (@portal/*) export their TypeScript sources, so they are bundled in; every other
// package stays an import, resolved from node_modules at run time as under tsx.
import { copyFile, cp, rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));
const outdir = here('./dist');

/** Bare imports other than the workspaces' stay external. */
const externalPackages = {
  name: 'external-packages',
  setup(context) {
    context.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@portal/') ? undefined : { path: args.path, external: true }));
  },
};

await rm(outdir, { recursive: true, force: true });
await build({
  // Every start flat in dist/ (paths.ts finds the repository from where the code runs).
  entryPoints: {
    main: here('./src/main.ts'),
    standalone: here('./src/standalone.ts'),
    worker: here('./src/worker.ts'),
    'content-origin': here('./src/content-origin.main.ts'),
    'setup-database': here('./src/setup-database.ts'),
    'nginx-config': here('./src/deploy/nginx-config.cli.ts'),
  },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // Code loaded only when asked for (the S3 adapter and its SDK) stays in chunks of its own.
  splitting: true,
  // In dist/ itself: a chunk's import.meta.url finds the files copied beside it.
  chunkNames: '[name]-[hash]',
  sourcemap: true,
  // A start's stack traces name the source files.
  sourcesContent: false,
  logLevel: 'warning',
  conditions: ['node'],
  plugins: [externalPackages],
});
// Read at run time beside the code that starts it (exports/xlsx-writer.ts: new URL(…, import.meta.url)).
await copyFile(here('../enrolment/src/modules/exports/xlsx-sheet-writer.worker.mjs'), `${outdir}/xlsx-sheet-writer.worker.mjs`);
// The demo course's player script and styles, read by the demo seeder beside its code (player-assets.ts).
await cp(here('../catalogue/src/demo/player'), `${outdir}/player`, { recursive: true });
