// The one document writer (decision 0041): blocks laid out on pages with pdf-lib, in Node and in
// browsers. Not re-exported by the package's index: only what makes a PDF loads it.
export type { Block, Color, DocumentStyle, FontName, Table, TextStyle } from './blocks';
export { PdfTooLarge, type PdfLimits } from './layout';
export { writePdf, type Canvas, type PdfOptions } from './pdf';
export { printable } from './text';
export { rgb } from 'pdf-lib';
