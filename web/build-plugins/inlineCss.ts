// Puts the entry's small stylesheet (today only the @font-face rules) into index.html as a
// <style>: a <link rel="stylesheet"> blocks the first paint for one more round trip.
import type { Plugin } from 'vite';

export default function inlineCss(maxBytes: number): Plugin {
  return {
    name: 'waypoint:inline-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        return html.replace(/<link rel="stylesheet"(?: crossorigin)? href="\/([^"]+\.css)">/g, (link, fileName: string) => {
          const asset = bundle?.[fileName];
          if (asset?.type !== 'asset') return link;
          const css = typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
          return css.length <= maxBytes && !css.includes('</') ? `<style>${css}</style>` : link;
        });
      },
    },
  };
}
