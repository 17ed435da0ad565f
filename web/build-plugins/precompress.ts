// Writes a brotli (.br) and a gzip (.gz) copy next to every compressible file of the build,
// once, at the highest levels; the server sends them by Accept-Encoding (crates/api/src/web.rs)
// instead of compressing each response on the fly.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.webmanifest']);

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

export function compressFile(path: string): void {
  const source = readFileSync(path);
  const brotli = brotliCompressSync(source, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
    },
  });
  const gzip = gzipSync(source, { level: constants.Z_BEST_COMPRESSION });
  // A copy that is not smaller is not worth a second file; the server then sends the original.
  if (brotli.length < source.length) writeFileSync(`${path}.br`, brotli);
  if (gzip.length < source.length) writeFileSync(`${path}.gz`, gzip);
}

export default function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'waypoint:precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    // After every file, the copied public/ folder included, is on disk.
    closeBundle() {
      // The SSR build (src/entry-server.tsx) is run at build time only, never served.
      if (config.build.ssr) return;
      const outDir = resolve(config.root, config.build.outDir);
      for (const path of filesUnder(outDir)) {
        if (COMPRESSIBLE.has(extname(path))) compressFile(path);
      }
    },
  };
}
