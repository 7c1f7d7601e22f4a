// Writes NAME.br and NAME.gz beside every text asset of a production build, once, at build time,
// so the gateway serves them by content negotiation without compressing on each request.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The files worth compressing: scripts, styles, pages, manifests, SVG. */
export const COMPRESSIBLE = /\.(?:js|mjs|css|html|json|svg|txt|map)$/;

/**
 * Compresses one file's bytes as the gateway will send them: gzip at level 9, brotli at quality 11.
 * A variant is only written when it is smaller than the file itself.
 */
export async function precompressFile(file) {
  const source = await readFile(file);
  const [gz, br] = await Promise.all([
    gzipAsync(source, { level: 9 }),
    brotli(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length } }),
  ]);
  const written = [];
  if (gz.length < source.length) written.push(writeFile(`${file}.gz`, gz));
  if (br.length < source.length) written.push(writeFile(`${file}.br`, br));
  await Promise.all(written);
}

export class PrecompressPlugin {
  apply(compiler) {
    compiler.hooks.afterEmit.tapPromise('PrecompressPlugin', async (compilation) => {
      const outputPath = compilation.outputOptions.path ?? compiler.outputPath;
      const names = compilation
        .getAssets()
        .map((asset) => asset.name)
        .filter((name) => COMPRESSIBLE.test(name));
      await Promise.all(names.map((name) => precompressFile(join(outputPath, name))));
    });
  }
}
