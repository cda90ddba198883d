import { randomBytes } from 'node:crypto';
import { inflateSync } from 'node:zlib';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import jpeg from 'jpeg-js';
import { PDFDocument, PDFName, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { sanitizeBuffer } from '../../src/sanitize';
import { has, sanitizeAllWays } from './helpers';

const AUTHOR = 'Juan Perez Soto';
const XMP = `<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF><dc:creator>${AUTHOR}</dc:creator><exif:GPSLatitude>33,26.9S</exif:GPSLatitude></rdf:RDF></x:xmpmeta><?xpacket end="w"?>`;

/** UTF-16BE hex, as pdf-lib writes document-information strings. */
const utf16Hex = (text: string) =>
  Buffer.from(`\ufeff${text}`, 'utf16le').swap16().toString('hex').toUpperCase();

/** Every stream of a PDF, inflated when it can be (what a reader of the copy could see). */
function allStreams(pdf: Buffer): string {
  const text = pdf.toString('latin1');
  const out: string[] = [];
  for (const m of text.matchAll(/stream\r?\n/g)) {
    const start = m.index + m[0].length;
    const end = text.indexOf('endstream', start);
    const body = pdf.subarray(start, end);
    try {
      out.push(inflateSync(body).toString('latin1'));
    } catch {
      out.push(body.toString('latin1'));
    }
  }
  return out.join('\n');
}

async function makePdf(useObjectStreams: boolean, compressXmp = false, xmp = XMP): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([300, 200]);
  page.drawText('Denuncia (contenido)', {
    x: 20,
    y: 100,
    font: await doc.embedFont(StandardFonts.Helvetica),
  });
  doc.setTitle('Informe');
  doc.setAuthor(AUTHOR);
  doc.setCreator('Word (Juan)');
  doc.setProducer('Acme PDF (v1)');
  doc.setSubject('Asunto privado');
  doc.setKeywords(['clave', 'secreta']);
  const metadata = compressXmp
    ? doc.context.flateStream(xmp, { Type: 'Metadata', Subtype: 'XML' })
    : doc.context.stream(xmp, { Type: 'Metadata', Subtype: 'XML' });
  doc.catalog.set(PDFName.of('Metadata'), doc.context.register(metadata));
  return Buffer.from(await doc.save({ useObjectStreams }));
}

describe('PDF', () => {
  it('blanks the information dictionary and XMP in place: same length, still opens, no author', async () => {
    const pdf = await makePdf(false);
    expect(pdf.toString('latin1')).toContain(utf16Hex(AUTHOR));
    expect(has(pdf, AUTHOR)).toBe(true);
    expect(has(pdf, 'GPSLatitude')).toBe(true);
    const out = await sanitizeAllWays('pdf', pdf);
    expect(out.length).toBe(pdf.length);
    const text = out.toString('latin1');
    for (const secret of [
      utf16Hex(AUTHOR),
      AUTHOR,
      'GPSLatitude',
      utf16Hex('Word (Juan)'),
      '/Info',
    ])
      expect(text, secret).not.toContain(secret);
    const reopened = await PDFDocument.load(out, { updateMetadata: false });
    expect(reopened.getPageCount()).toBe(1);
    expect(reopened.getAuthor()).toBeUndefined();
    expect(reopened.getCreator()).toBeUndefined();
    expect(reopened.getProducer()).toBeUndefined();
    // The original still has it (the stored evidence is not touched).
    expect((await PDFDocument.load(pdf, { updateMetadata: false })).getAuthor()).toBe(AUTHOR);
  });

  it('with object streams: the information dictionary is no longer referenced', async () => {
    const pdf = await makePdf(true);
    expect((await PDFDocument.load(pdf, { updateMetadata: false })).getAuthor()).toBe(AUTHOR);
    const out = await sanitizeAllWays('pdf', pdf);
    expect(out.length).toBe(pdf.length);
    const reopened = await PDFDocument.load(out, { updateMetadata: false });
    expect(reopened.getAuthor()).toBeUndefined();
    expect(has(out, AUTHOR)).toBe(false);
  });

  it('cleans compressed object streams and compressed XMP: no Author, Creator, Producer, Title or XMP left', async () => {
    const pdf = await makePdf(true, true);
    const before = allStreams(pdf);
    expect(before).toContain('/ObjStm');
    expect(pdf.toString('latin1')).toMatch(/\/Type\s*\/XRef/);
    for (const secret of [
      utf16Hex(AUTHOR),
      utf16Hex('Word (Juan)'),
      utf16Hex('Informe'),
      'GPSLatitude',
    ])
      expect(before, secret).toContain(secret);
    expect(has(pdf, 'GPSLatitude')).toBe(false);

    const out = await sanitizeAllWays('pdf', pdf);
    expect(out.length).toBe(pdf.length);
    const after = allStreams(out);
    for (const secret of [
      utf16Hex(AUTHOR),
      utf16Hex('Word (Juan)'),
      utf16Hex('Acme PDF (v1)'),
      utf16Hex('Informe'),
      utf16Hex('Asunto privado'),
      AUTHOR,
      'GPSLatitude',
      'xmpmeta',
    ])
      expect(after, secret).not.toContain(secret);
    expect(after).toContain('/ObjStm');
    const reopened = await PDFDocument.load(out, { updateMetadata: false });
    expect(reopened.getPageCount()).toBe(1);
    expect(reopened.getAuthor()).toBeUndefined();
    expect(reopened.getTitle()).toBeUndefined();
    // The page is still there, with its content stream intact.
    expect(after).toContain('Tj');
    expect((await PDFDocument.load(pdf, { updateMetadata: false })).getAuthor()).toBe(AUTHOR);
  });

  it.each([
    ['uncompressed', false],
    ['compressed', true],
  ])(
    'empties an XMP packet without its x:xmpmeta wrapper (%s): no author or GPS left (issue 25)',
    async (_label, compressed) => {
      // x:xmpmeta is optional (XMP part 1, 7.3.3): writers may put rdf:RDF straight in the packet,
      // and a metadata stream is XMP whatever its markup.
      for (const bare of [
        `<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:exif="http://ns.adobe.com/exif/1.0/"><dc:creator><rdf:Seq><rdf:li>${AUTHOR}</rdf:li></rdf:Seq></dc:creator><exif:GPSLatitude>33,26.9S</exif:GPSLatitude></rdf:Description></rdf:RDF><?xpacket end="w"?>`,
        `<R:RDF xmlns:R="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><R:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>${AUTHOR}</dc:creator><exif:GPSLatitude>33,26.9S</exif:GPSLatitude></R:Description></R:RDF>`,
      ]) {
        const pdf = await makePdf(true, compressed, bare);
        expect(allStreams(pdf)).toContain(AUTHOR);
        const out = await sanitizeAllWays('pdf', pdf);
        expect(out.length).toBe(pdf.length);
        const after = allStreams(out);
        for (const secret of [AUTHOR, 'GPSLatitude', '33,26.9S'])
          expect(after, secret).not.toContain(secret);
        const reopened = await PDFDocument.load(out, { updateMetadata: false });
        expect(reopened.getPageCount()).toBe(1);
      }
    },
  );

  it('blanks nested and escaped literal strings and keeps the rest', async () => {
    const src = Buffer.from(
      '<< /Author (Juan \\(el jefe\\) (Perez)) /Title (Informe) /AuthorX (keep) /ModDate (D:2026)>>',
      'latin1',
    );
    const out = (await sanitizeBuffer('pdf', src)).toString('latin1');
    expect(out.length).toBe(src.length);
    expect(out).not.toContain('Juan');
    expect(out).not.toContain('Perez');
    expect(out).not.toContain('D:2026');
    expect(out).not.toContain('Informe');
    expect(out).toContain('/AuthorX (keep)');
    expect(out).toMatch(/^<< \/Author \( +\) \/Title \( +\)/);
  });
});

describe('OOXML', () => {
  it('blanks creator, last editor, title, company and manager, strips embedded photos, keeps the rest', async () => {
    const photo = jpeg.encode(
      {
        data: randomBytes(16 * 16 * 4),
        width: 16,
        height: 16,
        exifBuffer: Buffer.from('Exif\0\0GPSLatitude'),
      } as jpeg.RawImageData<Buffer> & { exifBuffer: Buffer },
      80,
    ).data;
    const documentXml = strToU8(
      '<w:document><w:body><w:p><w:r><w:t>Hechos</w:t></w:r></w:p></w:body></w:document>',
    );
    const docx = Buffer.from(
      zipSync({
        '[Content_Types].xml': strToU8('<Types/>'),
        '_rels/.rels': strToU8('<Relationships/>'),
        'word/document.xml': documentXml,
        'word/media/image1.jpeg': [photo, { level: 0 }],
        'docProps/core.xml': strToU8(
          `<cp:coreProperties xmlns:dc="x"><dc:title>Informe</dc:title><dc:creator>${AUTHOR}</dc:creator><cp:lastModifiedBy>${AUTHOR}</cp:lastModifiedBy></cp:coreProperties>`,
        ),
        'docProps/app.xml': strToU8(
          '<Properties><Company>Acme Ltda</Company><Manager>Gerente X</Manager><Pages>1</Pages></Properties>',
        ),
      }),
    );
    const out = await sanitizeAllWays('docx', docx);
    const files = unzipSync(out);
    expect(Object.keys(files)).toEqual(Object.keys(unzipSync(docx)));
    const core = strFromU8(files['docProps/core.xml']!);
    const app = strFromU8(files['docProps/app.xml']!);
    expect(core).not.toContain(AUTHOR);
    expect(core).toContain('<dc:creator></dc:creator>');
    // A title can name its author ("Informe de Juan"): emptied too (issue 25).
    expect(core).toContain('<dc:title></dc:title>');
    expect(core).not.toContain('Informe');
    expect(app).not.toContain('Acme');
    expect(app).not.toContain('Gerente');
    expect(app).toContain('<Pages>1</Pages>');
    expect(Buffer.from(files['word/document.xml']!).equals(Buffer.from(documentXml))).toBe(true);
    const image = Buffer.from(files['word/media/image1.jpeg']!);
    expect(has(image, 'GPSLatitude')).toBe(false);
    expect(jpeg.decode(image).width).toBe(16);
  });
});

describe('OOXML comment and revision authors', () => {
  const zip = (entries: Record<string, string>) =>
    Buffer.from(
      zipSync({
        '[Content_Types].xml': strToU8('<Types/>'),
        ...Object.fromEntries(Object.entries(entries).map(([k, v]) => [k, strToU8(v)])),
      }),
    );
  const read = (out: Buffer) =>
    Object.fromEntries(Object.entries(unzipSync(out)).map(([k, v]) => [k, strFromU8(v)]));

  it('docx: comment authors, initials, people and revision marks read "Autor"', async () => {
    const docx = zip({
      'word/document.xml': `<w:document><w:body><w:p><w:ins w:id="1" w:author="${AUTHOR}" w:date="2026-01-01T00:00:00Z"><w:r><w:t>Hechos</w:t></w:r></w:ins><w:del w:id="2" w:author='O&apos;Brien Perez'><w:r><w:delText>x</w:delText></w:r></w:del></w:p></w:body></w:document>`,
      'word/comments.xml': `<w:comments><w:comment w:id="0" w:author="${AUTHOR}" w:initials="JPS"><w:p><w:r><w:t>Ojo con esto</w:t></w:r></w:p></w:comment></w:comments>`,
      'word/people.xml': `<w15:people><w15:person w15:author="${AUTHOR}"><w15:presenceInfo w15:providerId="AD" w15:userId="S::juan.perez@acme.cl::1"/></w15:person></w15:people>`,
    });
    const out = read(await sanitizeAllWays('docx', docx));
    const all = Object.values(out).join('\n');
    for (const secret of [AUTHOR, 'JPS', 'Brien', 'juan.perez@acme.cl'])
      expect(all, secret).not.toContain(secret);
    expect(out['word/comments.xml']).toContain('w:author="Autor" w:initials="A"');
    expect(out['word/comments.xml']).toContain('Ojo con esto');
    expect(out['word/document.xml']).toContain('<w:ins w:id="1" w:author="Autor"');
    expect(out['word/document.xml']).toContain("w:author='Autor'");
    expect(out['word/document.xml']).toContain('<w:t>Hechos</w:t>');
    expect(out['word/people.xml']).toContain('w15:author="Autor"');
  });

  it('docx: title, subject, description, keywords, template and custom properties are emptied (issue 25)', async () => {
    const docx = zip({
      'word/document.xml': '<w:document><w:body><w:p/></w:body></w:document>',
      'docProps/core.xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><dc:title>Informe de ${AUTHOR}</dc:title><dc:subject>Denuncia contra el gerente</dc:subject><dc:description>Escrito por ${AUTHOR} desde su casa</dc:description><cp:keywords>juan.perez@acme.cl</cp:keywords><cp:category>Privado</cp:category><dc:creator>${AUTHOR}</dc:creator><cp:revision>3</cp:revision><dcterms:created xsi:type="dcterms:W3CDTF">2026-01-05T10:00:00Z</dcterms:created></cp:coreProperties>`,
      'docProps/app.xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties" xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes"><Template>C:\\Users\\jperez\\Plantillas\\Informe.dotm</Template><Pages>2</Pages><TitlesOfParts><vt:vector size="1" baseType="lpstr"><vt:lpstr>Informe de ${AUTHOR}</vt:lpstr></vt:vector></TitlesOfParts></Properties>`,
      'docProps/custom.xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/custom-properties" xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes"><property fmtid="{D5CDD505-2E9C-101B-9397-08002B2CF9AE}" pid="2" name="Autor interno"><vt:lpwstr>${AUTHOR}</vt:lpwstr></property><property fmtid="{D5CDD505-2E9C-101B-9397-08002B2CF9AE}" pid="3" name="Correo"><vt:lpwstr>juan.perez@acme.cl</vt:lpwstr></property></Properties>`,
    });
    const out = read(await sanitizeAllWays('docx', docx));
    const all = Object.values(out).join('\n');
    for (const secret of [
      AUTHOR,
      'juan.perez@acme.cl',
      'contra el gerente',
      'desde su casa',
      'Privado',
      'Autor interno',
      'jperez',
    ])
      expect(all, secret).not.toContain(secret);
    const core = out['docProps/core.xml']!;
    for (const element of ['dc:title', 'dc:subject', 'dc:description', 'cp:keywords', 'dc:creator'])
      expect(core, element).toContain(`<${element}></${element}>`);
    expect(core).toContain('<cp:revision>3</cp:revision>');
    expect(core).toContain('2026-01-05T10:00:00Z');
    expect(out['docProps/app.xml']).toContain('<Pages>2</Pages>');
    expect(out['docProps/app.xml']).toContain('<vt:lpstr></vt:lpstr>');
    // Custom properties: the root stays (with its namespaces), empty.
    expect(out['docProps/custom.xml']).toMatch(
      /<Properties xmlns="http:\/\/schemas.openxmlformats.org\/officeDocument\/2006\/custom-properties" xmlns:vt="[^"]+"><\/Properties>$/,
    );
  });

  it('docx: a workbook embedded for a chart is stripped too (its author, comment authors)', async () => {
    const workbook = zip({
      'xl/workbook.xml': '<workbook><sheets><sheet name="Datos" sheetId="1"/></sheets></workbook>',
      'xl/comments1.xml': `<comments><authors><author>${AUTHOR}</author></authors></comments>`,
      'docProps/core.xml': `<cp:coreProperties><dc:creator>${AUTHOR}</dc:creator></cp:coreProperties>`,
    });
    const docx = Buffer.from(
      zipSync({
        '[Content_Types].xml': strToU8('<Types/>'),
        'word/document.xml': strToU8('<w:document><w:body><w:p/></w:body></w:document>'),
        'word/embeddings/Microsoft_Excel_Worksheet.xlsx': [workbook, { level: 0 }],
        'word/charts/embeddings/Libro1.xlsx': workbook,
      }),
    );
    const out = unzipSync(await sanitizeAllWays('docx', docx));
    for (const name of [
      'word/embeddings/Microsoft_Excel_Worksheet.xlsx',
      'word/charts/embeddings/Libro1.xlsx',
    ]) {
      const inner = read(Buffer.from(out[name]!));
      expect(Object.values(inner).join('\n'), name).not.toContain(AUTHOR);
      expect(inner['xl/workbook.xml']).toContain('name="Datos"');
      expect(inner['xl/comments1.xml']).toContain('<author>Autor</author>');
    }
  });

  it('xlsx and pptx: comment authors, persons and PowerPoint comment authors read "Autor"', async () => {
    const xlsx = zip({
      'xl/comments1.xml': `<comments><authors><author>${AUTHOR}</author><author>tc={1}</author></authors><commentList><comment ref="A1" authorId="0"><text><t>nota</t></text></comment></commentList></comments>`,
      'xl/persons/person.xml': `<personList><person displayName="${AUTHOR}" id="{1}" userId="juan.perez@acme.cl" providerId="AD"/></personList>`,
      'xl/workbook.xml': '<workbook><sheets><sheet name="Hoja1" sheetId="1"/></sheets></workbook>',
    });
    const x = read(await sanitizeAllWays('xlsx', xlsx));
    expect(Object.values(x).join('\n')).not.toContain(AUTHOR);
    expect(Object.values(x).join('\n')).not.toContain('juan.perez@acme.cl');
    expect(x['xl/comments1.xml']).toContain('<author>Autor</author>');
    expect(x['xl/comments1.xml']).toContain('<t>nota</t>');
    expect(x['xl/workbook.xml']).toContain('name="Hoja1"');

    const pptx = zip({
      'ppt/commentAuthors.xml': `<p:cmAuthorLst><p:cmAuthor id="0" name="${AUTHOR}" initials="JPS" lastIdx="1" clrIdx="0"/></p:cmAuthorLst>`,
      'ppt/authors.xml': `<p188:authorLst><p188:author id="{1}" name="${AUTHOR}" initials="JPS" userId="juan.perez@acme.cl" providerId="AD"/></p188:authorLst>`,
      'ppt/slides/slide1.xml': '<p:sld><p:cSld name="Portada"/></p:sld>',
    });
    const p = read(await sanitizeAllWays('pptx', pptx));
    for (const secret of [AUTHOR, 'JPS', 'juan.perez@acme.cl'])
      expect(Object.values(p).join('\n'), secret).not.toContain(secret);
    expect(p['ppt/commentAuthors.xml']).toContain('name="Autor" initials="A"');
    expect(p['ppt/slides/slide1.xml']).toContain('name="Portada"');
  });
});
