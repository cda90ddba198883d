/**
 * Generates the downloadable documents (DESIGN §4.9) into the root of the site's public folder:
 * one PDF per entry of `catalog.ts`, rendered from `./sources`, and one zip per document set.
 *
 *   node --import tsx apps/web/documents/build-documents.ts [outDir]     (default apps/web/public)
 *
 * Rules:
 * - A file is regenerated only when its inputs changed. `.documents-hash` beside the outputs
 *   records, per file, the hash of its inputs and the hash of the bytes written.
 * - A file this generator did not produce (no entry, or its bytes differ from the recorded output)
 *   was dropped in by an organisation: it is never overwritten, and the zips include it as is.
 * - Set SOURCE_DATE_EPOCH (seconds) for byte-reproducible output; otherwise the PDFs carry the
 *   time they were generated.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile, rm } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { realpathSync } from 'node:fs';
import { zipSync } from 'fflate';
import { DOCUMENTS, ZIP_BY_SET, documentsForSet, type DocumentSet } from './catalog';
import { renderPdf } from './render-pdf';

const HERE = dirname(fileURLToPath(import.meta.url));
export const SOURCES_DIR = join(HERE, 'sources');
export const DEFAULT_OUT_DIR = resolve(HERE, '../public');
export const HASH_FILE = '.documents-hash';

/** Source file of each PDF. */
export const SOURCE_BY_FILE: Readonly<Record<(typeof DOCUMENTS)[number]['file'], string>> = {
  'guia-del-denunciante.pdf': 'guia-del-denunciante.md',
  'procedimiento-de-denuncia-e-investigacion.pdf': 'procedimiento-de-denuncia-e-investigacion.md',
  'estatutos-comite-de-etica.pdf': 'estatutos-comite-de-etica.md',
  'extracto-reglamento-interno.pdf': 'extracto-reglamento-interno.md',
  'ley-21643.pdf': 'ley-21643-resumen.md',
  'decreto-21.pdf': 'decreto-21-resumen.md',
};

/** Modules whose code shapes the output: a change to them regenerates every PDF. */
const RENDERER_FILES = [
  'parse-source.ts',
  'render-pdf.ts',
  // The product's document writer (decision 0041).
  ...['blocks.ts', 'layout.ts', 'pdf.ts', 'text.ts'].map(
    (f) => `../../../packages/shared/src/documents/${f}`,
  ),
];
/** Bump to force regeneration when something outside RENDERER_FILES changes the output. */
const GENERATOR_VERSION = 1;

export type Action = 'generated' | 'updated' | 'unchanged' | 'kept';

export interface BuildResult {
  readonly outDir: string;
  /** What happened to each output file, in build order. */
  readonly files: ReadonlyArray<{ readonly file: string; readonly action: Action }>;
}

interface HashEntry {
  /** Hash of everything the file is made from. */
  readonly input: string;
  /** Hash of the bytes this generator wrote. */
  readonly output: string;
}

interface HashFile {
  readonly generator: number;
  readonly files: Record<string, HashEntry>;
}

const sha256 = (data: string | Uint8Array): string =>
  createHash('sha256').update(data).digest('hex');

async function readIfExists(path: string): Promise<Buffer | null> {
  try {
    return await readFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

async function readHashFile(outDir: string): Promise<HashFile> {
  const raw = await readIfExists(join(outDir, HASH_FILE));
  if (!raw) return { generator: GENERATOR_VERSION, files: {} };
  try {
    const parsed = JSON.parse(raw.toString('utf8')) as Partial<HashFile>;
    return { generator: GENERATOR_VERSION, files: parsed.files ?? {} };
  } catch {
    // An unreadable hash file: treat every existing output as not ours, which is the safe side.
    return { generator: GENERATOR_VERSION, files: {} };
  }
}

/** Writes through a temporary file and a rename, so a reader never sees half a file. */
async function writeAtomic(path: string, data: Uint8Array | string): Promise<void> {
  const tmp = `${path}.${process.pid}.tmp`;
  try {
    await writeFile(tmp, data);
    await rename(tmp, path);
  } catch (error) {
    await rm(tmp, { force: true });
    throw error;
  }
}

function metadataDate(): Date {
  const epoch = process.env.SOURCE_DATE_EPOCH;
  if (epoch && /^\d+$/.test(epoch)) return new Date(Number(epoch) * 1000);
  return new Date();
}

/**
 * Produces `file` unless it was dropped in by hand or is up to date.
 * `make` is only called when the file has to be (re)written.
 */
async function produce(
  outDir: string,
  file: string,
  input: string,
  previous: Record<string, HashEntry>,
  next: Record<string, HashEntry>,
  make: () => Promise<Uint8Array> | Uint8Array,
): Promise<Action> {
  const path = join(outDir, file);
  const existing = await readIfExists(path);
  const entry = previous[file];
  if (existing) {
    const ours = entry !== undefined && sha256(existing) === entry.output;
    if (!ours) return 'kept'; // an organisation's own file: never touched, not recorded
    if (entry.input === input) {
      next[file] = entry;
      return 'unchanged';
    }
  }
  const bytes = await make();
  await writeAtomic(path, bytes);
  next[file] = { input, output: sha256(bytes) };
  return existing ? 'updated' : 'generated';
}

export interface BuildOptions {
  /** Folder that receives the files (the site root). Default: apps/web/public. */
  readonly outDir?: string;
  /** Folder of the document sources. Default: ./sources beside this file. */
  readonly sourcesDir?: string;
  /** Date written in the PDFs' metadata. Default: SOURCE_DATE_EPOCH if set, else now. */
  readonly date?: Date;
  /** Progress lines; default: none. */
  readonly log?: (line: string) => void;
}

export async function buildDocuments(options: BuildOptions = {}): Promise<BuildResult> {
  const outDir = resolve(options.outDir ?? DEFAULT_OUT_DIR);
  const sourcesDir = resolve(options.sourcesDir ?? SOURCES_DIR);
  const log = options.log ?? (() => {});
  await mkdir(outDir, { recursive: true });

  const previous = (await readHashFile(outDir)).files;
  const next: Record<string, HashEntry> = {};
  const files: Array<{ file: string; action: Action }> = [];
  const record = (file: string, action: Action): void => {
    files.push({ file, action });
    log(`${action.padEnd(9)} ${file}`);
  };

  const renderer = await Promise.all(RENDERER_FILES.map((f) => readFile(join(HERE, f), 'utf8')));
  const rendererHash = sha256(`${GENERATOR_VERSION}\n${renderer.join('\n')}`);
  let date: Date | undefined;

  for (const doc of DOCUMENTS) {
    const source = await readFile(join(sourcesDir, SOURCE_BY_FILE[doc.file]), 'utf8');
    const input = sha256(JSON.stringify({ renderer: rendererHash, title: doc.title, source }));
    const action = await produce(outDir, doc.file, input, previous, next, () =>
      renderPdf({ title: doc.title, source, date: (date ??= options.date ?? metadataDate()) }),
    );
    record(doc.file, action);
  }

  for (const set of Object.keys(ZIP_BY_SET) as DocumentSet[]) {
    const members: Record<string, Uint8Array> = {};
    for (const doc of documentsForSet(set)) {
      const bytes = await readIfExists(join(outDir, doc.file));
      if (!bytes) throw new Error(`Falta ${doc.file} en ${outDir}: no se puede armar el zip.`);
      members[doc.file] = new Uint8Array(bytes);
    }
    const input = sha256(
      JSON.stringify(Object.entries(members).map(([name, bytes]) => [name, sha256(bytes)])),
    );
    const zipFile = ZIP_BY_SET[set];
    const action = await produce(outDir, zipFile, input, previous, next, () =>
      // PDFs are already compressed; a fixed entry date keeps the zip a function of its members.
      zipSync(members, { level: 6, mtime: new Date(Date.UTC(2024, 7, 1)) }),
    );
    record(zipFile, action);
  }

  const hashText = `${JSON.stringify({ generator: GENERATOR_VERSION, files: next } satisfies HashFile, null, 2)}\n`;
  const hashPath = join(outDir, HASH_FILE);
  if ((await readIfExists(hashPath))?.toString('utf8') !== hashText)
    await writeAtomic(hashPath, hashText);

  return { outDir, files };
}

function isMain(): boolean {
  const entry = process.argv[1];
  if (!entry) return false;
  try {
    return import.meta.url === pathToFileURL(realpathSync(entry)).href;
  } catch {
    return false;
  }
}

if (isMain()) {
  const outDir = process.argv[2] ? resolve(process.cwd(), process.argv[2]) : DEFAULT_OUT_DIR;
  buildDocuments({ outDir, log: (line) => console.log(line) }).then(
    (result) => console.log(`Documentos listos en ${result.outDir}`),
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
