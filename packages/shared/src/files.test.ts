import { describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES } from './constants';
import {
  ACCEPT_MAP,
  ALLOWED_EXTENSIONS,
  MIME_BY_EXTENSION,
  extensionFromMimetype,
  extensionOf,
  formatFileSize,
  isAllowedFileName,
} from './files';

describe('extensionOf', () => {
  it.each([
    ['informe.PDF', 'pdf'],
    ['foto.final.JPeG', 'jpeg'],
    ['sin-extension', ''],
    ['.bashrc', ''],
    ['termina.', ''],
    ['C:\\carpeta.x\\archivo', ''],
    ['carpeta/archivo.docx', 'docx'],
  ])('%s → %s', (name, ext) => {
    expect(extensionOf(name)).toBe(ext);
  });
});

describe('isAllowedFileName', () => {
  it.each(ALLOWED_EXTENSIONS)('accepts .%s in any case', (ext) => {
    expect(isAllowedFileName(`archivo.${ext}`)).toBe(true);
    expect(isAllowedFileName(`ARCHIVO.${ext.toUpperCase()}`)).toBe(true);
  });

  it.each(['virus.exe', 'script.js', 'pagina.html', 'imagen.gif', 'pdf', 'archivo.pdf.exe'])(
    'refuses %s',
    (name) => {
      expect(isAllowedFileName(name)).toBe(false);
    },
  );
});

describe('MIME types', () => {
  it('maps each extension', () => {
    expect(MIME_BY_EXTENSION.docx).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(MIME_BY_EXTENSION.rar).toBe('application/vnd.rar');
  });

  it.each([
    ['image/jpeg', 'jpg'],
    ['image/png', 'png'],
    ['application/pdf', 'pdf'],
    ['application/zip', 'zip'],
    ['application/x-zip-compressed', 'zip'],
    ['application/vnd.rar', 'rar'],
    ['application/msword', 'doc'],
    ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'docx'],
    ['audio/mpeg', 'mp3'],
    ['video/mp4', 'mp4'],
    ['Application/PDF; charset=binary', 'pdf'],
    ['text/html', ''],
  ])('extensionFromMimetype(%s) → %s', (mime, ext) => {
    expect(extensionFromMimetype(mime)).toBe(ext);
  });

  it('builds the react-dropzone accept map with every extension once', () => {
    expect(ACCEPT_MAP['image/jpeg']).toEqual(['.jpeg', '.jpg']);
    expect(ACCEPT_MAP['application/pdf']).toEqual(['.pdf']);
    expect(Object.values(ACCEPT_MAP).flat().sort()).toEqual(
      ALLOWED_EXTENSIONS.map((e) => `.${e}`).sort(),
    );
  });
});

describe('formatFileSize', () => {
  it.each([
    [0, '0 bytes'],
    [1, '1 byte'],
    [512, '512 bytes'],
    [1023, '1023 bytes'],
    [1024, '1 KB'],
    [1025, '1 KB'],
    [1536, '1.5 KB'],
    [1100, '1.1 KB'],
    [1024 * 1024 - 1, '1 MB'],
    [1024 * 1024, '1 MB'],
    [5.25 * 1024 * 1024, '5.3 MB'],
    [MAX_FILE_BYTES, '120 MB'],
    [1024 ** 3, '1 GB'],
    [2.5 * 1024 ** 3, '2.5 GB'],
    [2048 * 1024 ** 3, '2048 GB'],
    [-5, '0 bytes'],
    [Number.NaN, '0 bytes'],
  ])('%d → %s', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });
});
