import { crc32, deflateRawSync, inflateRawSync } from 'node:zlib';
import { runOnBuffer, type Sanitizer } from './core';
import { JpegSanitizer } from './jpeg';
import { PngSanitizer } from './png';

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const DESCRIPTOR = 0x08074b50;

/** Who wrote and last saved the document, and their organisation. */
const PEOPLE = /<((?:\w+:)?(?:creator|lastModifiedBy|Company|Manager))(\s[^>]*)?>[\s\S]*?<\/\1>/g;

/** The neutral value that replaces a person's name, and their initials. */
export const NEUTRAL_AUTHOR = 'Autor';
const NEUTRAL_INITIALS = 'A';

/**
 * Attributes that name a person in document parts: revision marks and comments in Word
 * (`w:author`, `w:initials`; `w15:author`, `w15:userId` in people.xml), Excel's threaded
 * comments, persons and revision logs (`displayName`, `userId`, `userName`), PowerPoint's
 * modern comment authors (`userId`).
 */
const PERSON_ATTRIBUTES =
  /(\s(?:\w+:)?(author|initials|userId|userName|displayName))\s*=\s*("[^"]*"|'[^']*')/g;
/** `name` and `initials` of PowerPoint's comment authors (ppt/commentAuthors.xml, ppt/authors.xml). */
const PPT_AUTHOR_NAME = /(\s(name|initials))\s*=\s*("[^"]*"|'[^']*')/g;
/** Excel's legacy comment authors: `<authors><author>Juan</author></authors>`. */
const XL_AUTHOR = /<((?:\w+:)?author)(\s[^>]*)?>[^<]*<\/\1>/g;

const neutral = (attribute: string) =>
  attribute === 'initials' ? NEUTRAL_INITIALS : NEUTRAL_AUTHOR;
const quoted = (lead: string, attribute: string, value: string) =>
  `${lead}=${value[0]}${neutral(attribute)}${value[0]}`;

const isDocProps = (name: string) => name === 'docProps/core.xml' || name === 'docProps/app.xml';
const isImage = (name: string) => /\/media\/[^/]+\.(jpe?g|png)$/i.test(name);
/** A document part that may name people (comments, revisions, people, persons …). */
const isPart = (name: string) => /^(word|xl|ppt)\/.+\.xml$/i.test(name);
const isPptAuthors = (name: string) => /^ppt\/(commentAuthors|authors)\.xml$/i.test(name);

function rewritePart(name: string, xml: string): string {
  let out = xml.replace(PERSON_ATTRIBUTES, (_m, lead: string, attr: string, value: string) =>
    quoted(lead, attr, value),
  );
  if (isPptAuthors(name))
    out = out.replace(PPT_AUTHOR_NAME, (_m, lead: string, attr: string, value: string) =>
      quoted(lead, attr, value),
    );
  if (/^xl\/comments[^/]*\.xml$/i.test(name))
    out = out.replace(XL_AUTHOR, `<$1$2>${NEUTRAL_AUTHOR}</$1>`);
  return out;
}

function rewriteEntry(name: string, data: Buffer): Buffer | null {
  if (isDocProps(name))
    return Buffer.from(data.toString('utf8').replace(PEOPLE, '<$1$2></$1>'), 'utf8');
  if (/\/media\/[^/]+\.jpe?g$/i.test(name)) return runOnBuffer(new JpegSanitizer(), data);
  if (/\/media\/[^/]+\.png$/i.test(name)) return runOnBuffer(new PngSanitizer(), data);
  if (isPart(name)) {
    const xml = data.toString('utf8');
    const out = rewritePart(name, xml);
    return out === xml ? null : Buffer.from(out, 'utf8');
  }
  return null;
}

interface Entry {
  name: string;
  method: number;
  compressedSize: number;
  localOffset: number;
  central: Buffer;
}

function readCentral(zip: Buffer): Entry[] | null {
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0 || eocd + 22 > zip.length || zip.readUInt32LE(eocd) !== EOCD) return null;
  const count = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  if (count === 0xffff || at === 0xffffffff) return null; // Zip64: not for documents this size.
  const entries: Entry[] = [];
  for (let k = 0; k < count; k++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== CENTRAL) return null;
    const nameLen = zip.readUInt16LE(at + 28);
    const extraLen = zip.readUInt16LE(at + 30);
    const commentLen = zip.readUInt16LE(at + 32);
    const end = at + 46 + nameLen + extraLen + commentLen;
    const compressedSize = zip.readUInt32LE(at + 20);
    const localOffset = zip.readUInt32LE(at + 42);
    if (compressedSize === 0xffffffff || localOffset === 0xffffffff) return null;
    entries.push({
      name: zip.toString('utf8', at + 46, at + 46 + nameLen),
      method: zip.readUInt16LE(at + 10),
      compressedSize,
      localOffset,
      central: zip.subarray(at, end),
    });
    at = end;
  }
  return entries;
}

/**
 * Rewrites an Office Open XML package (.docx/.xlsx/.pptx): blanks the author, last editor,
 * company and manager in docProps/core.xml and docProps/app.xml, replaces the names and initials
 * of comment and revision authors in the document parts with a neutral value ("Autor", "A"),
 * and strips the metadata of the
 * JPEG/PNG images it embeds; every other entry is copied as it is stored (not recompressed).
 * Returns null when the zip is not one it can rewrite (zip64, or damaged).
 */
export function sanitizeOoxml(zip: Buffer): Buffer | null {
  const entries = readCentral(zip);
  if (!entries) return null;
  const parts: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const at = e.localOffset;
    if (at + 30 > zip.length || zip.readUInt32LE(at) !== LOCAL) return null;
    const flags = zip.readUInt16LE(at + 6);
    const dataStart = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
    let dataEnd = dataStart + e.compressedSize;
    if (dataEnd > zip.length) return null;
    if (flags & 0x08) dataEnd += zip.readUInt32LE(dataEnd) === DESCRIPTOR ? 16 : 12;
    const stored = zip.subarray(dataStart, dataStart + e.compressedSize);
    let plain: Buffer | null = null;
    if (e.method === 0 || e.method === 8) {
      const raw = e.method === 8 ? () => inflateRawSync(stored) : () => stored;
      if (isDocProps(e.name) || isImage(e.name) || isPart(e.name))
        plain = rewriteEntry(e.name, raw());
    }
    const central = Buffer.from(e.central);
    central.writeUInt32LE(offset, 42);
    if (plain === null) {
      parts.push(zip.subarray(at, dataEnd));
      offset += dataEnd - at;
    } else {
      const body = e.method === 8 ? deflateRawSync(plain) : plain;
      const header = Buffer.from(zip.subarray(at, dataStart));
      const crc = crc32(plain);
      header.writeUInt16LE(flags & ~0x08, 6);
      header.writeUInt32LE(crc, 14);
      header.writeUInt32LE(body.length, 18);
      header.writeUInt32LE(plain.length, 22);
      central.writeUInt16LE(central.readUInt16LE(8) & ~0x08, 8);
      central.writeUInt32LE(crc, 16);
      central.writeUInt32LE(body.length, 20);
      central.writeUInt32LE(plain.length, 24);
      parts.push(header, body);
      offset += header.length + body.length;
    }
    centrals.push(central);
  }
  const centralSize = centrals.reduce((s, c) => s + c.length, 0);
  const eocdAt = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const eocd = Buffer.from(zip.subarray(eocdAt));
  eocd.writeUInt32LE(centralSize, 12);
  eocd.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, ...centrals, eocd]);
}

/**
 * OOXML as a stream: NOT truly streaming. A zip is read from its end (the central directory),
 * so the package is collected whole (bounded by the upload limit, 120 MiB; office documents are
 * usually a few MB) and rewritten at the end. A package it cannot rewrite is let through as it is.
 */
export class OoxmlSanitizer implements Sanitizer {
  private parts: Buffer[] = [];

  write(chunk: Buffer): void {
    this.parts.push(chunk);
  }

  end(out: (b: Buffer) => void): void {
    const zip = Buffer.concat(this.parts);
    this.parts = [];
    out(sanitizeOoxml(zip) ?? zip);
  }
}
