import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build, defineConfig, type Plugin } from 'vite';
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
      // A failed build wrote nothing: its own error is the one to show.
      if (!existsSync(outDir)) return;
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

/**
 * pdf-lib carries the metrics of the 14 standard fonts, each as a compressed JSON module; the
 * document writer uses only Helvetica, its bold and its oblique (packages/shared/src/documents/
 * pdf.ts, `FONT_NAMES`). The others are left out of the summary's chunk (about 60 KiB gzip): a
 * font left out would fail to embed, never print wrong.
 */
const UNUSED_STANDARD_FONT =
  /@pdf-lib[\\/]standard-fonts[\\/]es[\\/](Courier.*|Times-.*|Symbol|ZapfDingbats|Helvetica-BoldOblique)\.compressed\.json$/;

function onlyUsedStandardFonts(): Plugin {
  return {
    name: 'canal-only-used-standard-fonts',
    enforce: 'pre',
    load(id) {
      // The module stays JSON (Vite parses it): an empty string, read only when the font is embedded.
      return UNUSED_STANDARD_FONT.test(id) ? '""' : null;
    },
  };
}

/** Where the server's bundle of the portal goes: beside the portal's folder, never served by it. */
const serverOutDir = (clientOutDir: string) => `${clientOutDir}-server`;
const SERVER_ENTRY = 'src/entry-server.tsx';

/**
 * Decision 0078: after the portal's build, the bundle the API renders its pages with
 * (`src/entry-server.tsx`), in `<outDir>-server/entry-server.js`, with everything it imports (the
 * server loads it from wherever the build was written, with no node_modules beside it). Lazy
 * modules stay chunks of their own, run only when a page rendered on the server reaches them (some
 * touch the browser's globals as they load). Its asset URLs are the portal's: both builds hash the
 * same files.
 */
function serverBundle(): Plugin {
  let root = '';
  let outDir = 'dist';
  let production = true;
  return {
    name: 'canal-server-bundle',
    apply: (config, { command }) => command === 'build' && !config.build?.ssr,
    configResolved(config) {
      // Only the portal has one (the bench's hello is built with this configuration too).
      if (!existsSync(path.join(config.root, SERVER_ENTRY))) return;
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
      production = config.isProduction;
    },
    async closeBundle() {
      // A failed build wrote nothing: its own error is the one to show.
      if (!root || !existsSync(outDir)) return;
      await build({
        configFile: false,
        root,
        logLevel: 'warn',
        plugins: [onlyUsedStandardFonts(), react()],
        ssr: { noExternal: true, target: 'node' },
        // React's build as the portal's (production, or development as under the tests), whatever
        // NODE_ENV the server runs with: its JSX is compiled for that build.
        define: {
          'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development'),
        },
        build: {
          ssr: SERVER_ENTRY,
          outDir: serverOutDir(outDir),
          emptyOutDir: true,
          target: 'node22',
          sourcemap: false,
          reportCompressedSize: false,
          copyPublicDir: false,
        },
      });
    },
  };
}

/** The groups of modules that load together after the first load (decision 0026, round 4). */
const ROUTE_GROUPS = [
  {
    // TanStack Query, the layout that provides it and the loading view beside useQuery.
    name: 'query',
    test: /node_modules[\\/]@tanstack[\\/]|src[\\/]app[\\/]QueryLayout\.tsx$|src[\\/]components[\\/]LoadingView\.tsx$/,
  },
  {
    // The API client with its HTTP, bot check, mappers and RUT, and the shared texts and options
    // (the client words its failures with MESSAGES; the forms read both). The contract's path
    // table and `buildRequest` are in the first load: the new-complaint loader builds its GETs.
    name: 'client',
    test: /src[\\/]lib[\\/]api[\\/](client|http|bot-check)\.ts$|packages[\\/]shared[\\/]src[\\/](mappers|rut|messages|constants|options)\.ts$/,
  },
];

/** What a group's `name` function reads of the module graph (rolldown's chunking context). */
interface ChunkingContext {
  getModuleInfo(id: string): { isEntry: boolean; importers: readonly string[] } | null;
}

/** The shared package's index: it re-exports every module, and each page keeps only what it uses. */
const SHARED_INDEX = /packages[\\/]shared[\\/]src[\\/]index\.ts$/;

/**
 * Whether an entry imports the module, directly or through other static imports; the shared
 * package's index does not count as a user of what it re-exports (`groupsOutOfFirstLoad` checks
 * the result).
 */
function inFirstLoad(id: string, ctx: ChunkingContext, seen = new Set<string>()): boolean {
  const info = ctx.getModuleInfo(id);
  if (!info || seen.has(id) || SHARED_INDEX.test(id)) return false;
  if (info.isEntry) return true;
  seen.add(id);
  return info.importers.some((importer) => inFirstLoad(importer, ctx, seen));
}

/**
 * The modules of an entry's first load that later chunks import too (React, its JSX runtime, Vite's
 * preload helper, the complainant's session store): rolldown does not leave them in the entry, whose
 * chunk the later ones would then import, but splits each into a small chunk of its own, four more
 * requests in the first load, each compressed apart. Named, they form one chunk: about 0.5 KiB gzip
 * less for `/` (docs/bench/page-speed.md, issue 26). A first load without later chunks (the bench's
 * hello) keeps them in its entry.
 */
const FIRST_LOAD_SHARED = 'first-load-shared';

/** Whether a module outside the first load imports the module, directly or through others. */
function importedLater(id: string, ctx: ChunkingContext, seen = new Set<string>()): boolean {
  const info = ctx.getModuleInfo(id);
  if (!info || seen.has(id)) return false;
  seen.add(id);
  return info.importers.some(
    (importer) => !inFirstLoad(importer, ctx) || importedLater(importer, ctx, seen),
  );
}

const firstLoadShared = (id: string, ctx: ChunkingContext) =>
  inFirstLoad(id, ctx) && importedLater(id, ctx) ? FIRST_LOAD_SHARED : null;

/**
 * Modules that load on demand and never with an entry (issue 26): the request builder and the
 * early GETs' code (the new-complaint loader's chunk), the staff paths and the clinics' addresses
 * (shared `paths.ts`, `sites.ts`), the follow-up login's code and the action hook of the dialogs.
 */
const NOT_IN_FIRST_LOAD =
  /packages[\\/]shared[\\/]src[\\/](paths|sites|contract[\\/]client)\.ts$|src[\\/]lib[\\/]api[\\/](request|use-action)\.ts$|src[\\/]features[\\/]home[\\/]sign-in\.ts$/;

/**
 * Fails the build if an entry's first load imports a group's chunk (see `ROUTE_GROUPS`) or carries
 * a module of `NOT_IN_FIRST_LOAD`.
 */
function groupsOutOfFirstLoad(): Plugin {
  return {
    name: 'canal-groups-out-of-first-load',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map(
        Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [[c.fileName, c]] : [])),
      );
      const groups = new Set(ROUTE_GROUPS.map((g) => g.name));
      for (const entry of [...chunks.values()].filter((c) => c.isEntry)) {
        const seen = new Set<string>();
        const visit = (file: string) => {
          const chunk = chunks.get(file);
          if (!chunk || seen.has(file)) return;
          seen.add(file);
          if (groups.has(chunk.name))
            this.error(`${entry.fileName} carga ${file} en su primera carga (grupo ${chunk.name})`);
          const early = chunk.moduleIds.find((id) => NOT_IN_FIRST_LOAD.test(id));
          if (early) this.error(`${entry.fileName} carga ${early} en su primera carga (${file})`);
          chunk.imports.forEach(visit);
        };
        visit(entry.fileName);
      }
    },
  };
}

export default defineConfig({
  plugins: [
    onlyUsedStandardFonts(),
    react(),
    tailwindcss(),
    precompress(),
    groupsOutOfFirstLoad(),
    serverBundle(),
  ],
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
        // their dependencies (React, the router), and never a module of the first load: a group
        // chunk the entry imported would form a cycle with it, which breaks the order in which
        // the modules run, and would add its other modules to the first load of `/`.
        codeSplitting: {
          groups: [
            {
              name: firstLoadShared,
              test: /node_modules[\\/]react[\\/]|vite[\\/]preload-helper|src[\\/]lib[\\/]api[\\/]session\.ts$/,
              includeDependenciesRecursively: false,
            },
            ...ROUTE_GROUPS.map(({ name, test }) => ({
              debugName: name,
              name: (id: string, ctx: ChunkingContext) => (inFirstLoad(id, ctx) ? null : name),
              test,
              includeDependenciesRecursively: false,
            })),
          ],
        },
      },
    },
  },
});
