import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'build-plugins/**/*.test.ts'],
    css: false,
    // Pages and MUI's widgets load lazily; on a loaded CI machine a first import takes seconds
    // (the queries' own wait is 8 s, src/test/setup.ts).
    testTimeout: 20000,
  },
});
