import { describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES, MESSAGES } from '@canal/shared';
import { isAcceptableFile, mergeFiles, namesOfRejections, removeFile } from './upload-rules';

const file = (name: string, size = 1000) => ({ name, size });

describe('upload rules', () => {
  it('does not add a file whose name is already selected', () => {
    const current = [file('informe.pdf')];
    const { files, rejectedNames } = mergeFiles(current, [
      file('informe.pdf', 2000),
      file('foto.png'),
    ]);
    expect(files.map((f) => f.name)).toEqual(['informe.pdf', 'foto.png']);
    expect(files[0]?.size).toBe(1000);
    expect(rejectedNames).toEqual([]);
  });

  it('does not add the same name twice from one drop', () => {
    const { files } = mergeFiles([], [file('a.pdf'), file('a.pdf')]);
    expect(files).toHaveLength(1);
  });

  it('refuses by name what is too large or of a type that is not allowed, with the dropzone rejections', () => {
    const { files, rejectedNames } = mergeFiles(
      [],
      [file('grande.mp4', MAX_FILE_BYTES + 1), file('programa.exe'), file('ok.docx')],
      ['rechazado.zip'],
    );
    expect(files.map((f) => f.name)).toEqual(['ok.docx']);
    expect(rejectedNames).toEqual(['rechazado.zip', 'grande.mp4', 'programa.exe']);
    expect(MESSAGES.uploadRejected(rejectedNames)).toBe(
      'Los siguientes archivos exceden el límite de 120MB o son inválidos: rechazado.zip, grande.mp4, programa.exe',
    );
  });

  it('accepts exactly 120 MB and refuses an empty file', () => {
    expect(isAcceptableFile(file('v.mp4', MAX_FILE_BYTES))).toBe(true);
    expect(isAcceptableFile(file('v.mp4', 0))).toBe(false);
    expect(isAcceptableFile(file('FOTO.JPG'))).toBe(true);
  });

  it('refuses files past the per-request limit', () => {
    const { files, rejectedNames } = mergeFiles(
      [file('1.pdf'), file('2.pdf')],
      [file('3.pdf'), file('4.pdf')],
      [],
      3,
    );
    expect(files.map((f) => f.name)).toEqual(['1.pdf', '2.pdf', '3.pdf']);
    expect(rejectedNames).toEqual(['4.pdf']);
  });

  it('removes a file by name and reads the names of rejections', () => {
    expect(removeFile([file('a.pdf'), file('b.pdf')], 'a.pdf').map((f) => f.name)).toEqual([
      'b.pdf',
    ]);
    expect(namesOfRejections([{ file: { name: 'x.exe' } }, { file: { name: 'y.bin' } }])).toEqual([
      'x.exe',
      'y.bin',
    ]);
  });
});
