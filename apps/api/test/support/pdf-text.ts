import { decodePDFRawStream, PDFDocument, PDFRawStream } from 'pdf-lib';

/**
 * The text a PDF the product draws shows, read back from its content streams: pdf-lib writes the
 * standard fonts' text as hex strings in WinAnsi (windows-1252), one per line drawn.
 */
const winAnsi = new TextDecoder('windows-1252');

export async function pdfText(bytes: Uint8Array): Promise<string> {
  const doc = await PDFDocument.load(bytes);
  const lines: string[] = [];
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    const content = Buffer.from(decodePDFRawStream(object).decode()).toString('latin1');
    for (const m of content.matchAll(/<([0-9A-Fa-f]*)> Tj/g))
      lines.push(winAnsi.decode(Buffer.from(m[1]!, 'hex')));
  }
  return lines.join('\n');
}
