/**
 * The downloadable documents of the complaints channel (SPEC "Documents section", DESIGN §4.9).
 *
 * The PDFs and zips are static files at the site root, produced by `build-documents.ts` from the
 * sources in `./sources`. An organisation may replace any PDF by dropping its own file in; the
 * generator never overwrites such a file.
 *
 * This module is imported by the portal: keep it free of Node imports.
 */

/** `full`: the head office's set (all documents). `legal`: every other organisation's set. */
export type DocumentSet = 'full' | 'legal';

export interface DocumentEntry {
  /** File name at the site root. */
  readonly file: string;
  /** Title shown in the portal and stored in the PDF metadata. */
  readonly title: string;
  /** `legal` documents belong to both sets; `full` ones only to the head office's. */
  readonly set: DocumentSet;
}

export const DOCUMENTS = [
  { file: 'guia-del-denunciante.pdf', title: 'Guía del denunciante', set: 'full' },
  {
    file: 'procedimiento-de-denuncia-e-investigacion.pdf',
    title: 'Procedimiento de denuncia e investigación',
    set: 'full',
  },
  { file: 'estatutos-comite-de-etica.pdf', title: 'Estatutos del Comité de Ética', set: 'full' },
  {
    file: 'extracto-reglamento-interno.pdf',
    title: 'Reglamento Interno de Orden, Higiene y Seguridad (extracto)',
    set: 'full',
  },
  { file: 'ley-21643.pdf', title: 'Ley N° 21.643 (Ley Karin)', set: 'legal' },
  { file: 'decreto-21.pdf', title: 'Decreto Supremo N° 21 de 2024', set: 'legal' },
] as const satisfies readonly DocumentEntry[];

/** The "Descargar todo" zip of each set, at the site root. */
export const ZIP_BY_SET = {
  full: 'documentos-canal-denuncias.zip',
  legal: 'documentos-ley-21643.zip',
} as const satisfies Record<DocumentSet, string>;

/** The documents of a set, in display order: `full` is all of them, `legal` only the legal ones. */
export function documentsForSet(set: DocumentSet): readonly DocumentEntry[] {
  return set === 'full' ? DOCUMENTS : DOCUMENTS.filter((d) => d.set === 'legal');
}
