import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import precompress from './build-plugins/precompress';
import preloadFont from './build-plugins/preloadFont';

const backend = process.env.WAYPOINT_DEV_BACKEND ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react(), preloadFont(/inter-latin-wght-normal-[\w-]+\.woff2$/), precompress()],
  server: {
    proxy: {
      '/api': backend,
      '/healthz': backend,
      '/readyz': backend,
      '/dev': backend,
    },
  },
  build: {
    sourcemap: false,
    chunkSizeWarningLimit: 600,
  },
});
