import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream } from 'pdf-lib';

/**
 * The text a PDF the product draws shows, read back from its content streams: pdf-lib writes the
 * standard fonts' text as hex strings in WinAnsi (windows-1252), one per line drawn.
 */
const winAnsi = new TextDecoder('windows-1252');

/** A line drawn: its text and where it starts (points from the page's bottom left). */
export interface DrawnLine {
  text: string;
  x: number;
  y: number;
}

/** The lines a content stream draws, in order, each at the text matrix set before it. */
function drawn(stream: PDFRawStream): DrawnLine[] {
  const content = Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
  const lines: DrawnLine[] = [];
  let x = 0;
  let y = 0;
  for (const m of content.matchAll(/1 0 0 1 (\S+) (\S+) Tm|<([0-9A-Fa-f]*)> Tj/g)) {
    if (m[3] === undefined) [x, y] = [Number(m[1]), Number(m[2])];
    else lines.push({ text: winAnsi.decode(Buffer.from(m[3], 'hex')), x, y });
  }
  return lines;
}

export async function pdfText(bytes: Uint8Array): Promise<string> {
  const doc = await PDFDocument.load(bytes);
  const lines: string[] = [];
  for (const [, object] of doc.context.enumerateIndirectObjects())
    if (object instanceof PDFRawStream) lines.push(...drawn(object).map((l) => l.text));
  return lines.join('\n');
}

/** The lines each page draws, page after page, in the order drawn (a footer is drawn last). */
export async function pdfPages(bytes: Uint8Array): Promise<DrawnLine[][]> {
  const doc = await PDFDocument.load(bytes);
  return doc.getPages().map((page) => {
    const contents = page.node.Contents();
    const streams =
      contents instanceof PDFArray
        ? contents.asArray().map((ref) => doc.context.lookup(ref))
        : [contents];
    return streams.flatMap((s) => (s instanceof PDFRawStream ? drawn(s) : []));
  });
}
