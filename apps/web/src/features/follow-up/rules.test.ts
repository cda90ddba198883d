import { describe, expect, it } from 'vitest';
import { attachmentDisplayName } from '@canal/shared/summary/file-names';
import { isSaveDisabled, isUploadEnabled, parseComplaintId } from './rules';

describe('isUploadEnabled', () => {
  it('opens the upload area only for "Faltan antecedentes"', () => {
    expect(isUploadEnabled('Faltan antecedentes')).toBe(true);
    for (const status of ['Recibida', 'En análisis', 'En investigación', 'Cerrada', undefined]) {
      expect(isUploadEnabled(status)).toBe(false);
    }
  });
});

describe('isSaveDisabled', () => {
  const ready = { comment: 'Hola', fileCount: 0, loading: false, uploadError: false };
  it('needs a comment or a file', () => {
    expect(isSaveDisabled(ready)).toBe(false);
    expect(isSaveDisabled({ ...ready, comment: '', fileCount: 1 })).toBe(false);
    expect(isSaveDisabled({ ...ready, comment: '  ' })).toBe(true);
  });
  it('is disabled while loading or with the upload-error flag', () => {
    expect(isSaveDisabled({ ...ready, loading: true })).toBe(true);
    expect(isSaveDisabled({ ...ready, fileCount: 2, uploadError: true })).toBe(true);
  });
});

describe('parseComplaintId', () => {
  it('takes a positive whole number and refuses anything else', () => {
    expect(parseComplaintId('123456789012')).toBe(123456789012);
    for (const raw of [undefined, '', 'abc', '12a', '-5', '0', '1.5', '9'.repeat(16)])
      expect(parseComplaintId(raw)).toBeNull();
  });
});

describe('attachmentDisplayName', () => {
  it('numbers from 1 and takes the extension from the MIME type', () => {
    expect(attachmentDisplayName(0, 'application/pdf')).toBe('Archivo1.pdf');
    expect(attachmentDisplayName(2, 'image/jpeg')).toBe('Archivo3.jpg');
    expect(attachmentDisplayName(1, 'application/octet-stream')).toBe('Archivo2');
  });
});
