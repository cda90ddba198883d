import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

/**
 * Writes .br and .gz beside every script, style and image of the build: the API serves them to
 * browsers that accept them (@fastify/static preCompressed), so nothing is compressed per request.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'canal-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const full = path.join(dir, name);
          return statSync(full).isDirectory() ? walk(full) : [full];
        });
      for (const file of walk(outDir)) {
        if (!/\.(js|css|svg|json|html)$/.test(file) || statSync(file).size < 1024) continue;
        const data = readFileSync(file);
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  server: {
    port: 5173,
    // In development the API runs on :3000 (npm start); the portal calls it on the same origin.
    proxy: { '/v1': 'http://localhost:3000', '/dev': 'http://localhost:3000' },
  },
  build: {
    target: 'es2022',
    // Every browser the portal supports knows <link rel="modulepreload">: no polyfill in the first load.
    modulePreload: { polyfill: false },
    sourcemap: false,
    reportCompressedSize: false,
    rolldownOptions: {
      output: {
        // Fewer requests in the wave that /ingresar-denuncia (and every page that reads data) waits
        // for: at Lighthouse's simulated 150 ms round trip, HTTP/1.1's six connections carry that
        // wave in rounds (decision 0026, round 4). Each group takes only the modules it names, not
        // their dependencies (React, the router): none is in the first load of `/`, so the entry
        // does not import them and `/` loads what it loaded before.
        codeSplitting: {
          groups: [
            {
              // TanStack Query, the layout that provides it and the loading view beside useQuery.
              name: 'query',
              test: /node_modules[\\/]@tanstack[\\/]|src[\\/]app[\\/]QueryLayout\.tsx$|src[\\/]components[\\/]LoadingView\.tsx$/,
              includeDependenciesRecursively: false,
            },
            {
              // The API client with its HTTP, bot check, paths, mappers and RUT, and the shared texts
              // and options (the client words its failures with MESSAGES; the forms read both).
              name: 'client',
              test: /src[\\/]lib[\\/]api[\\/](client|http|bot-check)\.ts$|packages[\\/]shared[\\/]src[\\/](mappers|rut|contract[\\/]path|messages|constants|options)\.ts$/,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});
