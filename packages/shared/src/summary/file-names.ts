import { extensionFromMimetype } from '../index';

/** SPEC §2: files are listed as "Archivo{n}.{extension from mimetype}", n from 1. */
export function attachmentDisplayName(index: number, mimetype: string): string {
  const extension = extensionFromMimetype(mimetype);
  return extension ? `Archivo${index + 1}.${extension}` : `Archivo${index + 1}`;
}
