import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  // jsdom is a browser: tus-js-client's browser build (File, XMLHttpRequest, as Vite bundles it),
  // which Vitest would not pick from its package's `browser` field on its own.
  resolve: {
    alias: [{ find: /^tus-js-client$/, replacement: 'tus-js-client/lib.esm/browser/index.js' }],
  },
  test: {
    name: 'web',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}', 'documents/**/*.test.ts'],
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    // Screen tests type and click through whole forms in jsdom; on a two-core CI machine running
    // every project at once, 5 s (the default) was sometimes not enough for one of them.
    testTimeout: 20_000,
  },
});
