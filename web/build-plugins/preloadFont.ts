// Adds <link rel="preload" as="font"> for the build's hashed copy of a font file to
// index.html, so the browser fetches the text font with the first request instead of after
// the CSS and the script that first uses it.
import type { Plugin } from 'vite';

export default function preloadFont(fileName: RegExp): Plugin {
  return {
    name: 'waypoint:preload-font',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const font = Object.values(bundle ?? {}).find((file) => file.type === 'asset' && fileName.test(file.fileName));
        if (!font) throw new Error(`no font matching ${fileName} in the build`);
        return [
          {
            tag: 'link',
            attrs: { rel: 'preload', as: 'font', type: 'font/woff2', href: `/${font.fileName}`, crossorigin: '' },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}
