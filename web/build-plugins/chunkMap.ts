// Writes dist/.vite/chunks.json: every JavaScript chunk of the build with the app modules in it
// and the chunks it imports statically and on demand. scripts/budget.mjs reads it to add up
// what a route downloads (Vite's own manifest names a grouped chunk by none of its modules),
// and scripts/prerender.mjs to list the chunks each prerendered page modulepreloads.
import { relative } from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';

export interface ChunkMap {
  entry: string;
  chunks: Record<string, { modules: string[]; imports: string[]; dynamicImports: string[] }>;
}

export default function chunkMap(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'waypoint:chunk-map',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    generateBundle(_options, bundle) {
      if (config.build.ssr) return;
      const map: ChunkMap = { entry: '', chunks: {} };
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk') continue;
        if (file.isEntry) map.entry = file.fileName;
        map.chunks[file.fileName] = {
          modules: Object.keys(file.modules)
            .filter((id) => !id.startsWith('\0'))
            .map((id) => relative(config.root, id).split('\\').join('/')),
          imports: file.imports,
          dynamicImports: file.dynamicImports,
        };
      }
      this.emitFile({ type: 'asset', fileName: '.vite/chunks.json', source: JSON.stringify(map) });
    },
  };
}
