/** A complaint file as the API lists it (the PDF summary's type, `@canal/shared/summary`). */
export type { DetailFile } from '@canal/shared/summary/fields';
