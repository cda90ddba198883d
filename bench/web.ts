// Portal budgets (issue 3, DESIGN §7): first-load JavaScript of `/` (gzip) from a production build,
// the on-demand chunks, and a Lighthouse mobile run on `/` in Debian's Chromium. Prints; asserts nothing.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { startServerProcess } from '../apps/api/test/support/server-process';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../apps/web/e2e/support/chromium';

const WEB = path.resolve(import.meta.dirname, '../apps/web');

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  isEntry?: boolean;
  src?: string;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function firstLoad(manifest: Record<string, ManifestChunk>, dist: string, keys: string[]) {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const dep of manifest[key]!.imports ?? []) visit(dep);
  };
  keys.forEach(visit);
  let total = 0;
  for (const key of seen)
    total += gzipSync(readFileSync(path.join(dist, manifest[key]!.file))).length;
  return { total, chunks: [...seen].map((k) => manifest[k]!.file) };
}

async function lighthouse(dist: string) {
  const { default: lh } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'canal-lh-'));
  const { child: server, port } = await startServerProcess({
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    DATA_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    WEB_DIST: dist,
  });
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  });
  try {
    const result = await lh(`http://localhost:${port}/`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
    });
    const categories = result?.lhr.categories ?? {};
    const score = (k: string) => Math.round((categories[k]?.score ?? 0) * 100);
    console.log(
      `Lighthouse (mobile) on /: performance ${score('performance')}, accessibility ${score('accessibility')}, best practices ${score('best-practices')} (goals 90 / 100 / 100)`,
    );
    const audits = result?.lhr.audits ?? {};
    const metric = (id: string) => audits[id]?.displayValue ?? '-';
    console.log(
      `  FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}, SI ${metric('speed-index')}`,
    );
    const failing = Object.values(result?.lhr.audits ?? {})
      .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
      .map((a) => a.id);
    if (failing.length) console.log(`  failing audits: ${failing.join(', ')}`);
    const opportunities = Object.values(audits)
      .filter((a) => a.details?.type === 'opportunity' && (a.numericValue ?? 0) > 100)
      .map((a) => `${a.id} (${Math.round(a.numericValue ?? 0)} ms)`);
    if (opportunities.length) console.log(`  opportunities: ${opportunities.join(', ')}`);
  } finally {
    await chrome.kill();
    server.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function run() {
  console.log('== Web');
  const dist = mkdtempSync(path.join(tmpdir(), 'canal-web-bench-'));
  try {
    const build = spawnSync(
      'npx',
      ['vite', 'build', '--outDir', dist, '--emptyOutDir', '--manifest'],
      { cwd: WEB, encoding: 'utf8' },
    );
    if (build.status !== 0) throw new Error(build.stderr || build.stdout);
    const manifest = JSON.parse(
      readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'),
    ) as Record<string, ManifestChunk>;
    const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
    const home = Object.keys(manifest).find((k) => k.endsWith('src/routes/home.tsx'));
    const first = firstLoad(manifest, dist, [entry, ...(home ? [home] : [])]);
    console.log(
      `first-load JavaScript of / (entry + home route, gzip): ${kb(first.total)} (budget 150 KB)`,
    );
    for (const [key, chunk] of Object.entries(manifest)) {
      if (first.chunks.includes(chunk.file) || !chunk.file.endsWith('.js')) continue;
      console.log(
        `  on demand: ${chunk.file} ${kb(gzipSync(readFileSync(path.join(dist, chunk.file))).length)} (${key})`,
      );
    }
    spawnSync(process.execPath, ['--import', 'tsx', 'documents/build-documents.ts', dist], {
      cwd: WEB,
    });
    await lighthouse(dist);
  } finally {
    rmSync(dist, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
