// Shared rspack configuration for the shells (federation hosts) and remotes (federation providers).
// Each workspace's rspack.config.mjs calls `createFederatedConfig` with its own name, exposes and port.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { PrecompressPlugin } from './build/precompress-plugin.mjs';

const require = createRequire(import.meta.url);

/** The ES module build of a package (its `exports['.'].import`), which rspack can tree-shake. */
function esmEntry(name) {
  const manifest = require.resolve(`${name}/package.json`);
  const { exports, version } = JSON.parse(readFileSync(manifest, 'utf8'));
  const entry = exports['.'].import;
  return { file: path.join(path.dirname(manifest), typeof entry === 'string' ? entry : entry.default), version };
}

const reactRouter = esmEntry('react-router');

/**
 * Singletons shared by every host and remote. `react/` and `react-dom/` (with the slash) cover
 * `react/jsx-runtime` and `react-dom/client`, so no remote brings a second React.
 * Workspace packages are consumed as source, so their version is not checked.
 *
 * A shared module cannot be tree-shaken (another build may use any export), so react-router is
 * shared through `build/shared/react-router.mjs`, which re-exports only the declarative-router
 * API the frontends use (about a quarter of the package). Importing anything else from
 * 'react-router' fails the build (`exportsPresence: 'error'`): add it to that file.
 * react-hook-form is shared too, so a remote's form does not bring a second copy. zod is not: a
 * shared zod is the whole package with every locale (90 KB gzipped); each build keeps the part
 * it uses. Nor is `@portal/contracts` (its zod-free browser entry): shared, every page would load
 * all of its routes and messages; each build keeps those it uses (ApiError is recognised across
 * copies, see contracts/src/client.ts).
 */
export const sharedSingletons = {
  react: { singleton: true, requiredVersion: '^19.0.0' },
  'react/': { singleton: true, requiredVersion: '^19.0.0' },
  'react-dom': { singleton: true, requiredVersion: '^19.0.0' },
  'react-dom/': { singleton: true, requiredVersion: '^19.0.0' },
  'react-router': {
    singleton: true,
    requiredVersion: '^7.0.0',
    import: path.join(import.meta.dirname, 'build/shared/react-router.mjs'),
    version: reactRouter.version,
  },
  zustand: { singleton: true, requiredVersion: '^5.0.0' },
  'react-hook-form': { singleton: true, requiredVersion: '^7.0.0' },
  '@portal/design-system': { singleton: true, requiredVersion: false },
  '@portal/frontend-kit': { singleton: true, requiredVersion: false },
};

const FEDERATION_RUNTIME_PACKAGES = [
  '@module-federation/runtime-tools',
  '@module-federation/runtime',
  '@module-federation/runtime-core',
  '@module-federation/webpack-bundler-runtime',
  '@module-federation/sdk',
];

/** `consume shared module (default) react@^19.0.0 (strict) (fallback: …)` → react; provide likewise. */
const SHARED_MODULE = /^(consume|provide) shared module \([^)]*\) (.+?)@[^@\s]+ /;

/**
 * Shells: `<link rel="preload">` in index.html for every file the first render needs (the bootstrap
 * chunk and the shared modules it consumes, as this build provides them), so the browser fetches
 * them beside main.js instead of one round trip after another. Only files every page loads anyway:
 * a lazy page's chunks and shared modules nothing at start consumes (react-hook-form) stay out.
 */
class PreloadStartupPlugin {
  apply(compiler) {
    compiler.hooks.compilation.tap('PreloadStartupPlugin', (compilation) => {
      rspack.HtmlRspackPlugin.getCompilationHooks(compilation).beforeEmit.tap('PreloadStartupPlugin', (data) => {
        const main = compilation.entrypoints.get('main');
        if (!main) return data;
        const sharedOf = (group, kind) =>
          group.origins.map((origin) => SHARED_MODULE.exec(origin.module?.identifier?.() ?? '')).find((match) => match?.[1] === kind)?.[2];
        const children = main.childrenIterable;
        const provided = new Map();
        for (const group of children) {
          const key = sharedOf(group, 'provide');
          if (key) provided.set(key, group);
        }
        const bootstrap = children.find((group) => group.origins.some((origin) => origin.request === './bootstrap'));
        if (!bootstrap) return data;
        const files = new Set(bootstrap.getFiles());
        const seen = new Set();
        const visit = (group) => {
          for (const child of group.childrenIterable) {
            const key = sharedOf(child, 'consume');
            const provider = key ? provided.get(key) : undefined;
            if (!provider || seen.has(key)) continue;
            seen.add(key);
            for (const file of provider.getFiles()) files.add(file);
            visit(provider);
          }
        };
        visit(bootstrap);
        const publicPath = compilation.outputOptions.publicPath;
        const links = [...files]
          .filter((file) => /\.(js|css)$/.test(file))
          .map((file) => `<link rel="preload" href="${publicPath}${file}" as="${file.endsWith('.css') ? 'style' : 'script'}">`)
          .join('');
        data.html = data.html.replace('</head>', `${links}</head>`);
        return data;
      });
    });
  }
}

function htmlPage(title) {
  return `<!doctype html>
<html lang="en-GB">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="theme-color" content="#0b5cad" />
    <title>${title}</title>
  </head>
  <body>
    <noscript>This portal needs JavaScript to run.</noscript>
    <div id="root"></div>
  </body>
</html>
`;
}

/**
 * The build's console, less one known notice: the manifest plugin warns on every remote build that
 * "Manifest will use absolute path resolution via its host at runtime, reason: publicPath='auto'".
 * That is the design (docs/decisions.md "Remotes resolve their files where they are published"):
 * a remote is published anywhere (REMOTE_*_URL) and loads its chunks from wherever its
 * remoteEntry.js came from. Every other message still shows.
 */
export const buildConsole = new Proxy(console, {
  get(target, key) {
    if (key !== 'warn') return Reflect.get(target, key);
    return (...args) => {
      if (args.some((arg) => typeof arg === 'string' && arg.includes("reason: publicPath='auto'"))) return;
      target.warn(...args);
    };
  },
});

/**
 * @param {object} options
 * @param {string} options.dir            the workspace folder (import.meta.dirname)
 * @param {'shell' | 'remote'} options.kind
 * @param {string} options.name           federation container name (remotes: the name hosts load it by)
 * @param {Record<string, string>} [options.exposes]  remotes: './Page' → './src/pages/page.tsx'
 * @param {string} options.publicPath     shells: '/shells/<name>/'; remotes: 'auto'
 * @param {number} options.port           dev server port
 * @param {string} options.title          HTML page title
 */
export function createFederatedConfig({ dir, kind, name, exposes, publicPath, port, title }) {
  // `rspack build` sets NODE_ENV=production and `rspack serve` development, unless already set.
  const isProduction = process.env.NODE_ENV === 'production';
  const gatewayUrl = process.env.GATEWAY_URL || 'http://localhost:3000';
  const isRemote = kind === 'remote';

  /** @type {import('@rspack/core').Configuration} */
  const config = {
    context: dir,
    mode: isProduction ? 'production' : 'development',
    devtool: isProduction ? false : 'eval-cheap-module-source-map',
    entry: { main: './src/index.ts' },
    output: {
      path: path.join(dir, 'dist'),
      publicPath: isProduction || !isRemote ? publicPath : 'auto',
      uniqueName: name,
      clean: true,
      filename: isProduction ? '[name].[contenthash:8].js' : '[name].js',
      chunkFilename: isProduction ? '[name].[contenthash:8].js' : '[name].js',
      cssFilename: isProduction ? '[name].[contenthash:8].css' : '[name].css',
      cssChunkFilename: isProduction ? '[name].[contenthash:8].css' : '[name].css',
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.jsx', '.js', '.mjs', '.json'],
      // The federation runtime as ES modules (rspack resolves its CommonJS build): tree-shaken, a
      // third smaller.
      alias: {
        ...Object.fromEntries(
          FEDERATION_RUNTIME_PACKAGES.map((name) => [require.resolve(name), require.resolve(name).replace(/\.cjs$/, '.js')]),
        ),
        'react-router-esm-build$': reactRouter.file,
      },
    },
    module: {
      parser: { javascript: { exportsPresence: 'error' } },
      rules: [
        {
          test: /\.[cm]?tsx?$/,
          exclude: /node_modules[\\/](?!@portal)/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic', development: !isProduction } },
              target: 'es2022',
            },
          },
          type: 'javascript/auto',
        },
        { test: /\.css$/, type: 'css/auto' },
        { test: /\.(svg|png|jpe?g|gif|webp|woff2?)$/, type: 'asset' },
      ],
    },
    plugins: [
      new rspack.HtmlRspackPlugin({
        templateContent: htmlPage(title),
        // The remote's own page is its standalone dev harness; hosts never load it.
        excludeChunks: isRemote ? [name] : [],
      }),
      new ModuleFederationPlugin({
        name,
        ...(isRemote ? { filename: 'remoteEntry.js', exposes } : { remotes: {} }),
        shared: sharedSingletons,
        manifest: isRemote ? true : false,
        dts: false,
        // One federation runtime per page: the shell provides it and a remote's entry uses it, so
        // remoteEntry.js stays small. A remote's own page (rspack serve) keeps its own runtime.
        experiments: {
          ...(isRemote ? { externalRuntime: isProduction } : { provideExternalRuntime: true }),
          optimization: { target: 'web' },
        },
      }),
      new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify(isProduction ? 'production' : 'development') }),
      ...(isProduction && !isRemote ? [new PreloadStartupPlugin()] : []),
      // .br and .gz beside each text file, served by the gateway on Accept-Encoding.
      ...(isProduction ? [new PrecompressPlugin()] : []),
    ],
    optimization: { minimize: isProduction },
    performance: { hints: false },
    stats: 'errors-warnings',
    infrastructureLogging: { console: buildConsole },
    devServer: {
      port,
      // Hot module replacement injects its runtime into the federation container too and breaks
      // shared-module consumption; a full reload on change is reliable and fast enough here.
      hot: false,
      liveReload: true,
      historyApiFallback: isRemote ? true : { index: `${publicPath}index.html` },
      headers: { 'Access-Control-Allow-Origin': '*' },
      proxy: [
        {
          // Shells in dev: API and published remotes come from the gateway, as in production.
          context: isRemote ? ['/api'] : ['/api', '/remotes', '/logout'],
          target: gatewayUrl,
          changeOrigin: false,
        },
      ],
      client: { overlay: { errors: true, warnings: false } },
    },
  };
  return config;
}
