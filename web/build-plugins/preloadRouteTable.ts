// Adds to index.html a script that modulepreloads the shell's route table (app/shellRoutes.tsx)
// on every page but the sign-in screens. The table is loaded on demand, so that the sign-in
// screens do without it (docs/decisions.md "Declarative routing"); every other page needs it
// before it knows which page chunks to fetch, and without this it would be fetched only once the
// entry has run: one more round trip before the page's code on every client-rendered page.
// The prerendered templates drop the script (scripts/prerender.mjs): they fetch nothing before
// their first paint and then preload the table with the page's chunks.
import type { Plugin } from 'vite';

/** The sign-in screens' paths (app/routes.tsx `authRoutes`): they do not need the table. */
const SIGN_IN = /^\/(login|signup|forgot-password|reset-password|verify-otp|verify-email|linkedin|social)(\/|$)/;

export const ROUTE_TABLE_SCRIPT_ID = 'preload-route-table';

export default function preloadRouteTable(module: RegExp): Plugin {
  return {
    name: 'waypoint:preload-route-table',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const chunk = Object.values(bundle ?? {}).find(
          (file) => file.type === 'chunk' && file.facadeModuleId !== null && module.test(file.facadeModuleId),
        );
        if (!chunk) throw new Error(`no chunk for ${module} in the build`);
        const href = JSON.stringify(`/${chunk.fileName}`);
        return [
          {
            tag: 'script',
            attrs: { id: ROUTE_TABLE_SCRIPT_ID },
            children: `if(!${SIGN_IN}.test(location.pathname)){var l=document.createElement('link');l.rel='modulepreload';l.href=${href};document.head.appendChild(l)}`,
            injectTo: 'head',
          },
        ];
      },
    },
  };
}
