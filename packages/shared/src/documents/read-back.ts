import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream } from 'pdf-lib';

/**
 * The text a PDF of the document writer shows, read back from its content streams (for tests):
 * the standard fonts' text is written as hex strings in WinAnsi (windows-1252), one per line
 * drawn, each after the text matrix that places it.
 */
const winAnsi = new TextDecoder('windows-1252');

/** A line drawn: its text and where it starts (points from the page's bottom left). */
export interface DrawnLine {
  text: string;
  x: number;
  y: number;
}

const hexBytes = (hex: string) =>
  Uint8Array.from(hex.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16));

/** The lines a content stream draws, in order, each at the text matrix set before it. */
function drawn(stream: PDFRawStream): DrawnLine[] {
  const content = winAnsi.decode(decodePDFRawStream(stream).decode()); // operators: ASCII
  const lines: DrawnLine[] = [];
  let x = 0;
  let y = 0;
  for (const m of content.matchAll(/1 0 0 1 (\S+) (\S+) Tm|<([0-9A-Fa-f]*)> Tj/g)) {
    if (m[3] === undefined) [x, y] = [Number(m[1]), Number(m[2])];
    else lines.push({ text: winAnsi.decode(hexBytes(m[3])), x, y });
  }
  return lines;
}

/** The lines each page draws, page after page, in the order drawn (a footer is drawn last). */
export async function pdfPages(bytes: Uint8Array): Promise<DrawnLine[][]> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  return doc.getPages().map((page) => {
    const contents = page.node.Contents();
    const streams =
      contents instanceof PDFArray
        ? contents.asArray().map((ref) => doc.context.lookup(ref))
        : [contents];
    return streams.flatMap((s) => (s instanceof PDFRawStream ? drawn(s) : []));
  });
}

/** Every line drawn, one a line, page after page. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  return (await pdfPages(bytes))
    .flat()
    .map((l) => l.text)
    .join('\n');
}
