// @vitest-environment node
import { spawnSync } from 'node:child_process';
import { cp, mkdtemp, readFile, readdir, rm, stat, writeFile, appendFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { unzipSync } from 'fflate';
import {
  PDFArray,
  PDFDocument,
  PDFRawStream,
  StandardFonts,
  decodePDFRawStream,
  type PDFObject,
} from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENTS, ZIP_BY_SET, documentsForSet } from './catalog';
import {
  HASH_FILE,
  SOURCES_DIR,
  SOURCE_BY_FILE,
  buildDocuments,
  type BuildResult,
} from './build-documents';
import { parseSource } from './parse-source';
import { printable } from '@canal/shared/documents';
import { typeset } from './render-pdf';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const PDF_FILES = DOCUMENTS.map((d) => d.file);
const ZIP_FILES = Object.values(ZIP_BY_SET);
const OUTPUTS = [...PDF_FILES, ...ZIP_FILES, HASH_FILE];

const temps: string[] = [];
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'documents-'));
  temps.push(dir);
  return dir;
}
afterAll(async () => {
  await Promise.all(temps.map((dir) => rm(dir, { recursive: true, force: true })));
});

const actions = (result: BuildResult): Record<string, string> =>
  Object.fromEntries(result.files.map((f) => [f.file, f.action]));

/** The text drawn on each page: pdf-lib writes WinAnsi hex strings (`<...> Tj`). */
function pageTexts(pdf: PDFDocument): string[] {
  return pdf.getPages().map((page) => {
    const contents = page.node.Contents();
    const streams: PDFObject[] =
      contents instanceof PDFArray ? contents.asArray() : contents ? [contents] : [];
    let text = '';
    for (const ref of streams) {
      const stream = pdf.context.lookup(ref);
      if (!(stream instanceof PDFRawStream)) continue;
      const ops = Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
      for (const [, hex] of ops.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) {
        text += `${Buffer.from(hex!, 'hex').toString('latin1')}\n`;
      }
    }
    return text;
  });
}

async function mtimes(dir: string): Promise<Record<string, number>> {
  const entries = await Promise.all(
    OUTPUTS.map(async (f) => [f, (await stat(join(dir, f))).mtimeMs] as const),
  );
  return Object.fromEntries(entries);
}

async function handMadePdf(title: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage();
  page.drawText(title, { x: 50, y: 700, font: await pdf.embedFont(StandardFonts.Helvetica) });
  pdf.setTitle(title);
  return pdf.save();
}

describe('catalog', () => {
  it('lists six documents; the legal set is the last two, the full set all six', () => {
    expect(PDF_FILES).toEqual([
      'guia-del-denunciante.pdf',
      'procedimiento-de-denuncia-e-investigacion.pdf',
      'estatutos-comite-de-etica.pdf',
      'extracto-reglamento-interno.pdf',
      'ley-21643.pdf',
      'decreto-21.pdf',
    ]);
    expect(documentsForSet('full').map((d) => d.file)).toEqual(PDF_FILES);
    expect(documentsForSet('legal').map((d) => d.file)).toEqual([
      'ley-21643.pdf',
      'decreto-21.pdf',
    ]);
    expect(ZIP_BY_SET).toEqual({
      full: 'documentos-canal-denuncias.zip',
      legal: 'documentos-ley-21643.zip',
    });
  });

  it('has a source with a title for every document', async () => {
    for (const doc of DOCUMENTS) {
      const blocks = parseSource(
        await readFile(join(SOURCES_DIR, SOURCE_BY_FILE[doc.file]), 'utf8'),
      );
      expect(blocks[0]?.kind, doc.file).toBe('title');
      expect(blocks.filter((b) => b.kind === 'heading').length, doc.file).toBeGreaterThan(2);
    }
  });
});

describe('parser and text helpers', () => {
  it('parses titles, leads, headings, paragraphs, bullets and numbered items', () => {
    const blocks = parseSource(
      [
        '# Título',
        '> Nota',
        '> sigue',
        '',
        '## Sección',
        'Un párrafo',
        'que continúa.',
        '',
        '- uno',
        '  dos',
        '- tres',
        '',
        '1. primero',
        '2. segundo',
        '### Sub',
      ].join('\n'),
    );
    expect(blocks).toEqual([
      { kind: 'title', text: 'Título' },
      { kind: 'lead', text: 'Nota sigue' },
      { kind: 'heading', level: 2, text: 'Sección' },
      { kind: 'paragraph', text: 'Un párrafo que continúa.' },
      { kind: 'bullet', text: 'uno dos' },
      { kind: 'bullet', text: 'tres' },
      { kind: 'numbered', label: '1.', text: 'primero' },
      { kind: 'numbered', label: '2.', text: 'segundo' },
      { kind: 'heading', level: 3, text: 'Sub' },
    ]);
  });

  it('keeps WinAnsi characters and replaces the rest', async () => {
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    const kept = 'áéíóúñÑ¿¡ü – — “ ” ‘ ’ ° º « » • €';
    expect(printable(kept, font)).toBe(kept);
    expect(printable('a → b ≥ c\u2011d \u4e2d', font)).toBe('a -> b >= c-d ?');
    expect(() => font.encodeText(printable('x → ≤ \u{1F600} ǵ', font))).not.toThrow();
    expect(printable('ǵ', font)).toBe('g');
    expect(typeset('use "Ingresar denuncia" y la Ley N° 21.643')).toBe(
      'use \u201CIngresar denuncia\u201D y la Ley N°\u00A021.643',
    );
  });
});

describe('buildDocuments', () => {
  let out: string;
  let first: BuildResult;

  beforeAll(async () => {
    out = await tempDir();
    first = await buildDocuments({ outDir: out });
  });

  it('generates every PDF and zip at the root of the output folder', async () => {
    expect(actions(first)).toEqual(
      Object.fromEntries([...PDF_FILES, ...ZIP_FILES].map((f) => [f, 'generated'])),
    );
    expect((await readdir(out)).sort()).toEqual([...OUTPUTS].sort());
  });

  it.each(DOCUMENTS.map((d) => [d.file, d] as const))(
    '%s is a readable A4 PDF with its title',
    async (file, doc) => {
      const pdf = await PDFDocument.load(await readFile(join(out, file)), {
        updateMetadata: false,
      });
      const pages = pdf.getPageCount();
      expect(pages).toBeGreaterThanOrEqual(1);
      expect(pages).toBeLessThanOrEqual(3);
      expect(pdf.getTitle()).toBe(doc.title);
      expect(pdf.getAuthor()).toBe('Canal de denuncias');
      const { width, height } = pdf.getPage(0).getSize();
      expect([Math.round(width), Math.round(height)]).toEqual([595, 842]);

      const texts = pageTexts(pdf);
      const source = parseSource(
        await readFile(join(SOURCES_DIR, SOURCE_BY_FILE[doc.file]), 'utf8'),
      );
      expect(texts[0]!.replace(/\n/g, ' ')).toContain(source[0]!.text);
      texts.forEach((text, i) => {
        expect(text).toContain('Canal de denuncias');
        expect(text).toContain(`Página ${i + 1} de ${pages}`);
      });
    },
  );

  it('the legal summaries give the official BCN references and say they are summaries', async () => {
    for (const [file, idNorma] of [
      ['ley-21643.pdf', '1200096'],
      ['decreto-21.pdf', '1204689'],
    ] as const) {
      const pdf = await PDFDocument.load(await readFile(join(out, file)));
      const text = pageTexts(pdf).join('\n');
      expect(text).toContain(`idNorma ${idNorma}`);
      expect(text).toContain('Biblioteca del Congreso Nacional');
      expect(text).toMatch(/Resumen en lenguaje claro/);
    }
  });

  it('zips each set with the right file names and the files as served', async () => {
    for (const [set, zipFile] of Object.entries(ZIP_BY_SET) as Array<
      [keyof typeof ZIP_BY_SET, string]
    >) {
      const entries = unzipSync(new Uint8Array(await readFile(join(out, zipFile))));
      const names = documentsForSet(set).map((d) => d.file);
      expect(Object.keys(entries).sort()).toEqual([...names].sort());
      for (const name of names) {
        expect(Buffer.from(entries[name]!).equals(await readFile(join(out, name)))).toBe(true);
      }
    }
  });

  it('a second run with no source change rewrites nothing', async () => {
    const before = await mtimes(out);
    await new Promise((r) => setTimeout(r, 30));
    const second = await buildDocuments({ outDir: out });
    expect(Object.values(actions(second)).every((a) => a === 'unchanged')).toBe(true);
    expect(await mtimes(out)).toEqual(before);
  });
});

describe('hand-dropped files and source changes', () => {
  it('never overwrites a PDF the generator did not produce, and zips it as is', async () => {
    const out = await tempDir();
    const own = await handMadePdf('Ley 21.643 de la organización');
    await writeFile(join(out, 'ley-21643.pdf'), own);

    const result = await buildDocuments({ outDir: out });
    expect(actions(result)['ley-21643.pdf']).toBe('kept');
    expect(Buffer.from(own).equals(await readFile(join(out, 'ley-21643.pdf')))).toBe(true);
    const hashes = JSON.parse(await readFile(join(out, HASH_FILE), 'utf8')) as {
      files: Record<string, unknown>;
    };
    expect(hashes.files['ley-21643.pdf']).toBeUndefined();

    for (const zipFile of ZIP_FILES) {
      const entries = unzipSync(new Uint8Array(await readFile(join(out, zipFile))));
      expect(Buffer.from(entries['ley-21643.pdf']!).equals(own)).toBe(true);
    }

    // Still kept on the next run.
    const again = await buildDocuments({ outDir: out });
    expect(actions(again)['ley-21643.pdf']).toBe('kept');
    expect(Buffer.from(own).equals(await readFile(join(out, 'ley-21643.pdf')))).toBe(true);
  });

  it('keeps a file an organisation dropped over a generated one, and rebuilds the zips with it', async () => {
    const out = await tempDir();
    await buildDocuments({ outDir: out });
    const own = await handMadePdf('Decreto 21 de la organización');
    await writeFile(join(out, 'decreto-21.pdf'), own);

    const result = await buildDocuments({ outDir: out });
    expect(actions(result)).toMatchObject({
      'decreto-21.pdf': 'kept',
      'ley-21643.pdf': 'unchanged',
      'documentos-canal-denuncias.zip': 'updated',
      'documentos-ley-21643.zip': 'updated',
    });
    expect(Buffer.from(own).equals(await readFile(join(out, 'decreto-21.pdf')))).toBe(true);
    const entries = unzipSync(
      new Uint8Array(await readFile(join(out, 'documentos-ley-21643.zip'))),
    );
    expect(Buffer.from(entries['decreto-21.pdf']!).equals(own)).toBe(true);
  });

  it('regenerates only what a source change touches, and a deleted output comes back', async () => {
    const sources = await tempDir();
    await cp(SOURCES_DIR, sources, { recursive: true });
    const out = await tempDir();
    const date = new Date('2024-08-01T00:00:00Z');
    await buildDocuments({ outDir: out, sourcesDir: sources, date });

    await appendFile(
      join(sources, 'guia-del-denunciante.md'),
      '\n## 12. Contacto\n\nTexto agregado.\n',
    );
    await rm(join(out, 'decreto-21.pdf'));
    const result = await buildDocuments({ outDir: out, sourcesDir: sources, date });
    expect(actions(result)).toEqual({
      'guia-del-denunciante.pdf': 'updated',
      'procedimiento-de-denuncia-e-investigacion.pdf': 'unchanged',
      'estatutos-comite-de-etica.pdf': 'unchanged',
      'extracto-reglamento-interno.pdf': 'unchanged',
      'ley-21643.pdf': 'unchanged',
      'decreto-21.pdf': 'generated',
      'documentos-canal-denuncias.zip': 'updated',
      // With a fixed date the PDFs are reproducible: the rebuilt decree has the same bytes.
      'documentos-ley-21643.zip': 'unchanged',
    });
    const text = pageTexts(
      await PDFDocument.load(await readFile(join(out, 'guia-del-denunciante.pdf'))),
    ).join('');
    expect(text).toContain('Texto agregado.');
  });
});

describe('command line', () => {
  it('writes the documents to the folder given as argument', async () => {
    const out = await tempDir();
    const repoRoot = resolve(HERE, '../../..');
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', join(HERE, 'build-documents.ts'), out],
      { cwd: repoRoot, encoding: 'utf8', env: { ...process.env, SOURCE_DATE_EPOCH: '1722470400' } },
    );
    expect(run.stderr).not.toMatch(/Error/);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('generated ley-21643.pdf');
    expect((await readdir(out)).sort()).toEqual([...OUTPUTS].sort());
    const pdf = await PDFDocument.load(await readFile(join(out, 'ley-21643.pdf')), {
      updateMetadata: false,
    });
    expect(pdf.getCreationDate()?.toISOString()).toBe('2024-08-01T00:00:00.000Z');
  }, 30_000);
});
