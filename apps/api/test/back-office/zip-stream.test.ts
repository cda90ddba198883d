import { once } from 'node:events';
import { Readable } from 'node:stream';
import { setTimeout as delay } from 'node:timers/promises';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { zipSegment, zipStream } from '../../src/back-office/export/zip-stream';

const CHUNK = 64 * 1024;
const CHUNKS = 320; // 20 MiB

/** A large source that counts what has been read from it. */
function countingSource() {
  const state = { produced: 0 };
  const stream = Readable.from(
    (function* () {
      for (let i = 0; i < CHUNKS; i += 1) {
        state.produced += CHUNK;
        yield Buffer.alloc(CHUNK, i % 251);
      }
    })(),
  );
  return { state, stream };
}

describe('the streaming ZIP of the case dossier', () => {
  it('reads a member only as fast as the reader takes the archive, and writes a ZIP that reads back', async () => {
    const source = countingSource();
    let opened = 0;
    const zip = zipStream([
      { name: 'expediente.pdf', content: new TextEncoder().encode('%PDF-1.7 prueba') },
      {
        name: 'archivos/01-video.mp4',
        content: async () => {
          opened += 1;
          return source.stream;
        },
      },
    ]);
    // Nobody reads: after a while, only a small part of the 20 MiB has been pulled.
    zip.pause();
    zip.read(0);
    await delay(100);
    expect(source.state.produced).toBeLessThan(4 * 1024 * 1024);

    const parts: Buffer[] = [];
    zip.on('data', (c: Buffer) => parts.push(c));
    zip.resume();
    await once(zip, 'end');
    expect(opened).toBe(1);
    expect(source.state.produced).toBe(CHUNK * CHUNKS);
    const files = unzipSync(new Uint8Array(Buffer.concat(parts)));
    expect(Buffer.from(files['expediente.pdf']!).toString()).toBe('%PDF-1.7 prueba');
    const video = files['archivos/01-video.mp4']!;
    expect(video.length).toBe(CHUNK * CHUNKS);
    expect(video[CHUNK * 7]).toBe(7);
  });

  it('ends with the error of a member that fails mid-way, rather than a silently short archive', async () => {
    const failing = Readable.from(
      (async function* () {
        yield Buffer.from('primera parte');
        throw new Error('segmento alterado');
      })(),
    );
    const zip = zipStream([{ name: 'a.bin', content: async () => failing }]);
    zip.resume();
    const [error] = (await once(zip, 'error')) as [Error];
    expect(error.message).toBe('segmento alterado');
  });

  it('leaves out a member that fails part-way or cannot be opened, and packs its note instead', async () => {
    const failing = Readable.from(
      (async function* () {
        yield Buffer.from('primera parte del archivo');
        throw new Error('segmento alterado');
      })(),
    );
    const reasons: string[] = [];
    const instead = (name: string) => (error: unknown) => {
      reasons.push((error as Error).message);
      return { name: `${name}.no-incluido.txt`, content: new TextEncoder().encode('Motivo') };
    };
    const zip = zipStream([
      { name: 'expediente.pdf', content: new TextEncoder().encode('%PDF-1.7 prueba') },
      {
        name: 'archivos/01-acta.pdf',
        content: async () => failing,
        instead: instead('archivos/01-acta.pdf'),
      },
      {
        name: 'archivos/02-foto.jpg',
        content: async () => {
          throw new Error('no se pudo abrir');
        },
        instead: instead('archivos/02-foto.jpg'),
      },
      { name: 'archivos/03-plano.png', content: async () => Readable.from([Buffer.from('plano')]) },
    ]);
    const parts: Buffer[] = [];
    for await (const chunk of zip) parts.push(chunk as Buffer);
    const archive = Buffer.concat(parts);
    expect(reasons).toEqual(['segmento alterado', 'no se pudo abrir']);
    const files = unzipSync(new Uint8Array(archive));
    expect(Object.keys(files)).toEqual([
      'expediente.pdf',
      'archivos/01-acta.pdf.no-incluido.txt',
      'archivos/02-foto.jpg.no-incluido.txt',
      'archivos/03-plano.png',
    ]);
    expect(Buffer.from(files['archivos/03-plano.png']!).toString()).toBe('plano');
    expect(Buffer.from(files['archivos/01-acta.pdf.no-incluido.txt']!).toString()).toBe('Motivo');
  });

  it('names members safely: no folders, no control characters', () => {
    expect(zipSegment('../../etc/passwd')).toBe('__.._etc_passwd');
    expect(zipSegment('a\\b/c')).toBe('a_b_c');
    expect(zipSegment('acta\u0000\n.pdf')).toBe('acta__.pdf');
    expect(zipSegment('Informe año 2026.docx')).toBe('Informe año 2026.docx');
    expect(zipSegment('')).toBe('archivo');
  });
});
